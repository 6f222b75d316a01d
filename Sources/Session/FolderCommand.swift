/// A library-folder operation (`folder …`, docs/commands.md).
public enum FolderCommand: Equatable, Sendable {
    /// Adds a folder of music to the library and scans it.
    case add(String)
    /// Removes a folder and its songs from the library (the files stay on disk).
    case remove(String)
    /// Lists the library folders with their song counts and last scans.
    case list
}
