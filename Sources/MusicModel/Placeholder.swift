public enum MusicModelPlaceholder {}
