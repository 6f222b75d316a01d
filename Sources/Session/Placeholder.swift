public enum SessionPlaceholder {}
