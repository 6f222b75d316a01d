extension MPDCommands {
    /// `outputs`, `enableoutput`, `disableoutput`, `toggleoutput`.
    static var outputs: [MPDCommandSpec] { [] }
}
