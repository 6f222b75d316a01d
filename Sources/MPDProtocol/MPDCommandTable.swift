/// Every MPD command Segue answers, by name. `commands` lists these (the ones the connection may
/// send); anything else gets `ACK [5@i] {} unknown command`.
public enum MPDCommandTable {
    /// The commands, by name.
    public static let byName: [String: MPDCommandSpec] = {
        var table: [String: MPDCommandSpec] = [:]
        let groups = [
            MPDCommands.connection, MPDCommands.status, MPDCommands.playback, MPDCommands.queue, MPDCommands.database,
            MPDCommands.storedPlaylists, MPDCommands.outputs, MPDCommands.covers,
        ]
        for spec in groups.joined() { table[spec.name] = spec }
        return table
    }()

    /// The names in alphabetical order (as `commands` prints them).
    public static let names: [String] = byName.keys.sorted()
}

/// Namespace of the command groups; each group is in its own file.
public enum MPDCommands {}
