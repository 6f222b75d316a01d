/// What is spoken on a `LineServer`'s connections: the native JSON-lines protocol
/// (`NativeProtocol`) is one, the MPD protocol will be another, on the same listener and
/// connection types.
///
/// A connection's calls come one at a time and in order (opened, its lines, closed). Its lines
/// are handled on a worker thread of the server: a handler may block while it answers (a catalog
/// search), which holds up only that connection; different connections are handled at the same
/// time on different threads. Opened and closed are called on the server's I/O thread and must
/// not block (`Connection.send` never does). Per-connection state lives in
/// `Connection.attachment`.
public protocol ProtocolHandler: Sendable {
    /// A connection was accepted; before any of its lines are read. The place to greet (MPD's
    /// `OK MPD 0.23.0`) or set up the connection's state. On the I/O thread: must not block.
    func connectionOpened(_ connection: Connection)
    /// One line the connection sent, without its newline (a trailing "\r" removed, invalid
    /// UTF-8 replaced).
    func received(_ line: String, on connection: Connection)
    /// The connection sent a line longer than the server's limit; it was dropped, and the
    /// connection's next line is handled normally.
    func receivedOversizeLine(on connection: Connection)
    /// The connection is gone (either side closed it, or the server stopped). Called on the
    /// server's I/O thread: it must not block.
    func connectionClosed(_ connection: Connection)
}

extension ProtocolHandler {
    /// Says nothing on open.
    public func connectionOpened(_ connection: Connection) {}
    /// Keeps nothing to forget.
    public func connectionClosed(_ connection: Connection) {}
}
