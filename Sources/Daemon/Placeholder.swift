public enum DaemonPlaceholder {}
