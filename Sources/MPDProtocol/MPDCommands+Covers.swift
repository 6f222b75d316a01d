extension MPDCommands {
    /// `albumart`, `readpicture`.
    static var covers: [MPDCommandSpec] { [] }
}
