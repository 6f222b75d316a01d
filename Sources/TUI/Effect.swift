import Session

/// What the terminal UI's model asks its runner to do after an event. The model itself never
/// touches a socket or the terminal (a swift-nio-style state machine: events in, effects out).
public enum Effect: Sendable, Equatable {
    /// Send a command to the daemon (its canonical text) with this request id, on one of the
    /// two connections (the command's: `Command.asksTheCatalog` goes on `.catalog`).
    case send(id: Int, command: Command, channel: Channel)
    /// Leave the UI; with `stopDaemon` the `quit` command has been sent first.
    case quit(stopDaemon: Bool)
    /// Clear and repaint the whole terminal (Ctrl-L).
    case repaint
}

/// The UI keeps two connections to the daemon, so a slow catalog request never holds up a key
/// like pause.
public enum Channel: Sendable, Equatable {
    /// Transport, queue and library commands, and the event subscription.
    case control
    /// Catalog commands (search, charts, album and artist pages, save), which may wait on the network.
    case catalog
}
