public enum WireProtocolPlaceholder {}
