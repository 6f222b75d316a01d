extension Session {
    /// `output list|enable|disable|toggle`: the configured output, switched on and off. Segue
    /// plays through one output (number 0); disabling it pauses playback and keeps it from
    /// starting again until it is enabled, so nothing is heard. A change is published as
    /// `.changed(.outputs)`; asking for what already is changes nothing and publishes nothing.
    func output(_ command: OutputCommand) throws -> CommandResult {
        let wanted: Bool
        switch command {
        case .list: return .outputs([outputState.withLock { $0 }])
        case .enable(let id):
            _ = try checkedOutput(id)
            wanted = true
        case .disable(let id):
            _ = try checkedOutput(id)
            wanted = false
        case .toggle(let id): wanted = try !checkedOutput(id).enabled
        }
        let changed = outputState.withLock { output in
            defer { output.enabled = wanted }
            return output.enabled != wanted
        }
        if !wanted { pausePlayer() }
        if changed { publish(.outputs) }
        return .outputs([outputState.withLock { $0 }])
    }

    /// The output numbered `id`, or the sentence saying there is none.
    private func checkedOutput(_ id: Int) throws -> AudioOutputInfo {
        let output = outputState.withLock { $0 }
        guard id == output.id else {
            throw CommandError.failed("There is no output \(id); the only output is \(output.id) (\(output.name)).")
        }
        return output
    }

    /// Whether the output is silenced (disabled).
    var isSilenced: Bool { !outputState.withLock { $0.enabled } }

    /// Refuses the commands whose point is to make sound while the output is disabled, with the
    /// sentence saying how to enable it.
    func refuseSilentPlayback(_ command: Command) throws {
        guard isSilenced else { return }
        switch command {
        case .play: break
        case .toggle where !isPlaying: break
        default: return
        }
        let output = outputState.withLock { $0 }
        throw CommandError.failed("The output \(output.id) (\(output.name)) is disabled; enable it to play (output enable \(output.id)).")
    }

    /// Keeps a silenced output silent: a command that started playback as a side effect (`add` to
    /// an empty queue, `replace`, `jump`) leaves the player paused.
    func pauseWhenSilenced() {
        if isSilenced, isPlaying { pausePlayer() }
    }
}

extension AudioOutputInfo {
    /// The output a session describes when the front end names none.
    public static let standard = AudioOutputInfo(id: 0, name: "default", plugin: "default", enabled: true)
}
