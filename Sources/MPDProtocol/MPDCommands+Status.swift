extension MPDCommands {
    /// `status`, `currentsong`, `stats`.
    static var status: [MPDCommandSpec] { [] }
}
