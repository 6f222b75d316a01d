/// One MPD command: its name, what a connection needs to send it, and how it runs. Each group of
/// commands (`MPDCommands+Playback.swift` …) lists its specs; `MPDCommandTable` holds them all.
public struct MPDCommandSpec: Sendable {
    /// The name clients send (lowercase).
    public let name: String
    /// What the connection needs (`.none`: anyone, even before `password`).
    public let permission: MPDPermission
    /// Runs it: reads `call.arguments`, performs `Command`s through `call.perform`, writes
    /// `call.response`; throws an `MPDAck` (its command and index are filled in by the caller).
    public let run: @Sendable (inout MPDCall) throws(MPDAck) -> Void

    /// A command.
    public init(_ name: String, _ permission: MPDPermission, _ run: @escaping @Sendable (inout MPDCall) throws(MPDAck) -> Void) {
        self.name = name
        self.permission = permission
        self.run = run
    }
}
