/// MPD's error codes (`src/protocol/Ack.hxx`), as clients read them from `ACK [code@index]`.
public enum MPDAckCode: Int, Sendable {
    case notList = 1
    /// A bad argument, index or range; an unknown idle subsystem.
    case argument = 2
    /// A wrong password.
    case password = 3
    /// Not allowed on this connection (no password given yet).
    case permission = 4
    /// An unknown command.
    case unknown = 5
    /// No such song, id, playlist or file.
    case noExist = 50
    /// The queue is full.
    case playlistMax = 51
    /// A system or I/O error.
    case system = 52
    /// A playlist cannot be loaded.
    case playlistLoad = 53
    /// A database update is already running.
    case updateAlready = 54
    /// The player's state does not allow it (a relative position with no current song).
    case playerSync = 55
    /// It exists already (`save` onto an existing playlist).
    case exist = 56
}

/// A failed MPD command: `ACK [code@index] {command} message`. The message is a sentence for the
/// user (clients show it); `index` is the position in a command list (0 otherwise) and `command`
/// the name the client sent (empty when the command itself was unknown).
public struct MPDAck: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error code clients switch on.
    public var code: MPDAckCode
    /// What went wrong, for people.
    public var message: String
    /// The command that failed, as sent; filled in by the dispatcher.
    public var command: String
    /// Its index in a command list; filled in by the dispatcher.
    public var index: Int

    /// An error with a code and a message; the dispatcher fills in the command and index.
    public init(_ code: MPDAckCode, _ message: String, command: String = "", index: Int = 0) {
        self.code = code
        self.message = message
        self.command = command
        self.index = index
    }

    /// The reply line, without its newline (line breaks in the message or command become spaces).
    public var line: String {
        // Bytes, not Characters: "\r\n" is one Character, equal to neither "\n" nor "\r".
        func oneLine(_ text: String) -> String {
            String(decoding: text.utf8.map { $0 == 10 || $0 == 13 ? 32 : $0 }, as: UTF8.self)
        }
        return "ACK [\(code.rawValue)@\(index)] {\(oneLine(command))} \(oneLine(message))"
    }

    public var description: String { line }

    /// A bad argument (code 2).
    public static func argument(_ message: String) -> MPDAck { MPDAck(.argument, message) }
    /// Nothing with that name, id or position (code 50).
    public static func noExist(_ message: String) -> MPDAck { MPDAck(.noExist, message) }
}
