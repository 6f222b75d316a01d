extension MPDCommands {
    /// `playlistinfo`, `playlistid`, `plchanges`, `plchangesposid`, `add`, `addid`, `delete`, `deleteid`, `move`, `moveid`, `swap`, `swapid`, `clear`, `shuffle`.
    static var queue: [MPDCommandSpec] { [] }
}
