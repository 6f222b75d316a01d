/// Why the terminal UI stopped on its own, as a sentence for the user.
public enum TUIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The daemon went away and could not be reached again.
    case daemonLost(String)

    /// The reason as a sentence.
    public var description: String {
        switch self {
        case .daemonLost(let reason): "The connection to the Segue daemon was lost and could not be made again: \(reason)"
        }
    }
}
