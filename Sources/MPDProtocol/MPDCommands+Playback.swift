extension MPDCommands {
    /// `play`, `playid`, `pause`, `stop`, `next`, `previous`, `seek`, `seekid`, `seekcur`, `setvol`, `volume`, `getvol`, `repeat`, `random`, `single`, `consume`, `crossfade`.
    static var playback: [MPDCommandSpec] { [] }
}
