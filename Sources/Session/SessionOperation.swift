/// What `Session.perform` carries out: a user's command, or one of the session's own operations
/// that must take the same path (so nothing changes player state beside it).
public enum SessionOperation: Sendable {
    /// A command from any front end.
    case command(Command)
    /// Puts back the queue saved by the last run, paused at its entry and position (sessions made
    /// with `keepsQueue`; otherwise nothing happens). When the last run stopped while restoring
    /// (its marker is still there) the saved queue is set aside as a playlist instead, the queue
    /// starts empty, and a `.notice` says so. Performed once, at start, before clients connect.
    case restoreSavedQueue
    /// Opens the user's own music at start: the config's `library.folders` (absolute paths of
    /// folders) not yet in the library are added and scanned. Answers with `.text`: a sentence
    /// per problem, one a line (empty when there was none). Performed once, at start.
    case openLibrary(configured: [String])
}
