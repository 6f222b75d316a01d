/// A command the daemon could not carry out: its sentence, as `segue ctl` prints it.
public struct WireFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence saying why, such as "The queue is empty.".
    public var message: String

    /// Creates a failure.
    public init(message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
