public enum LibraryPlaceholder {}
