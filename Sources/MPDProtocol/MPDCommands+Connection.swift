extension MPDCommands {
    /// `ping`, `close`, `password`, `commands`, `notcommands`, `tagtypes`, `urlhandlers`, `decoders`, `binarylimit`, `replay_gain_status`; `idle`/`noidle` and command lists are the connection machine's.
    static var connection: [MPDCommandSpec] { [] }
}
