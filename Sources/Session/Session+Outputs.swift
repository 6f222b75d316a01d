extension Session {
    /// `output list|enable|disable|toggle`: the configured output, switched on and off.
    func output(_ command: OutputCommand) throws -> CommandResult {
        throw CommandError.failed("output is not built yet.")
    }
}
