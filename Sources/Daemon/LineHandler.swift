/// A protocol given as two closures (tests, tools): each line to `onLine`, each over-long line
/// to `onOversize`.
public struct LineHandler: ProtocolHandler {
    private let onLine: @Sendable (Connection, String) -> Void
    private let onOversize: @Sendable (Connection) -> Void

    /// A handler calling `onLine` for each line and `onOversize` for each line over the limit.
    public init(
        onLine: @escaping @Sendable (Connection, String) -> Void, onOversize: @escaping @Sendable (Connection) -> Void
    ) {
        self.onLine = onLine
        self.onOversize = onOversize
    }

    public func received(_ line: String, on connection: Connection) { onLine(connection, line) }
    public func receivedOversizeLine(on connection: Connection) { onOversize(connection) }
}
