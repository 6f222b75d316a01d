import Session

/// One MPD command being carried out: its arguments, the connection's state, the reply being
/// written, and the session it acts on. Every change goes through `perform`, the session's one
/// command path; MPD commands keep no state of their own beside the connection's.
public struct MPDCall {
    /// The command's name as sent (lowercase).
    public let name: String
    /// Its arguments, unquoted.
    public let arguments: [String]
    /// The connection's tags, permissions and chunk size; commands like `tagtypes` change them.
    public var client: MPDClientState
    /// What the reply says so far (the caller adds `OK`).
    public var response = MPDResponse()
    /// URIs, outputs, clocks.
    public let environment: MPDEnvironment
    private let performer: @Sendable (Command) -> Result<CommandResult, CommandError>

    /// A call of `name` with `arguments`, performing commands with `perform` (`Session.perform`).
    public init(
        name: String, arguments: [String], client: MPDClientState, environment: MPDEnvironment,
        perform: @escaping @Sendable (Command) -> Result<CommandResult, CommandError>
    ) {
        self.name = name
        self.arguments = arguments
        self.client = client
        self.environment = environment
        self.performer = perform
    }

    /// Carries out `command` through the session; its failure becomes an ACK with the session's sentence.
    @discardableResult
    public func perform(_ command: Command) throws(MPDAck) -> CommandResult {
        switch performer(command) {
        case .success(let result): return result
        case .failure(let error): throw Self.ack(for: error)
        }
    }

    /// The session's state now (`status`).
    public func snapshot() throws(MPDAck) -> Snapshot {
        guard case .done(let snapshot) = try perform(.status) else { throw MPDAck(.system, "The player did not answer.") }
        return snapshot
    }

    /// The ACK for a command's failure: `No such …` sentences are code 50, a full queue 51, bad
    /// arguments 2, everything else 52 (the sentence says what happened).
    static func ack(for error: CommandError) -> MPDAck {
        switch error {
        case .badArguments, .empty, .unclosedQuote, .danglingBackslash: return MPDAck(.argument, error.description)
        case .unknownCommand: return MPDAck(.unknown, error.description)
        case .failed(let sentence):
            let lower = sentence.lowercased()
            if lower.hasPrefix("there is no") || lower.contains("no such") || lower.contains("not found")
                || lower.contains("no entry")
            {
                return MPDAck(.noExist, sentence)
            }
            if lower.contains("holds at most") { return MPDAck(.playlistMax, sentence) }
            return MPDAck(.system, sentence)
        }
    }
}
