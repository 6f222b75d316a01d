/// Why a player command could not be carried out, as a sentence for the user.
public enum PlayerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is nothing in the queue.
    case emptyQueue
    /// The entry is not (or no longer) in the queue.
    case unknownEntry
    /// The current entry cannot seek (its length is unknown and it is a stream).
    case notSeekable
    /// The sound output failed; the message says how.
    case output(String)

    public var description: String {
        switch self {
        case .emptyQueue: return "The queue is empty."
        case .unknownEntry: return "That entry is not in the queue."
        case .notSeekable: return "This entry cannot seek."
        case .output(let message): return message
        }
    }
}
