import Audio
import Player
import Testing

private typealias Machine = PlayerStateMachine
private typealias Action = PlayerStateMachine.Action

/// One short word per action, so a table can say what a transition does: `state:playing`,
/// `queue`, `played:a`, `pipeline` / `newPipeline`, `play:a@0`, `hold` / `release`, `halt`, `next?`, …
private func summary(_ actions: [Action]) -> String {
    actions.map { action -> String in
        switch action {
        case .emit(.stateChanged(let state)): "state:\(state.playbackStatus)"
        case .emit(.queueChanged): "queue"
        case .emit(.entryStarted(let entry, _)): "started:\(entry.item.location)"
        case .emit(.entryFailed(let entry, _)): "failed:\(entry.item.location)"
        case .emit(.entryPlayed(let entry)): "played:\(entry.item.location)"
        case .emit(.queueEnded): "ended"
        case .emit(.outputFailed): "outputFailed"
        case .ensurePipeline(let settings): settings.replacingBroken ? "newPipeline" : "pipeline"
        case .play(let track, let frame): "play:\(track.item.location)@\(frame)"
        case .setPaused(let paused): paused ? "hold" : "release"
        case .halt: "halt"
        case .nextTrackChanged: "next?"
        case .setVolume(let volume): "volume:\(volume)"
        case .setCrossfade(let seconds): "crossfade:\(seconds)"
        case .reportPositions(let on): on ? "reportOn" : "reportOff"
        }
    }.joined(separator: " ")
}

private let rate = 44_100
private let start = 1000.0

/// What the decoder reports about a 100-second entry.
private func info(title: String? = nil) -> TrackInfo {
    TrackInfo(
        metadata: TrackMetadata(title: title), totalFrames: 100 * rate, sourceFormat: .cd, outputFormat: .cd, codecName: "fake")
}

private func heard(_ instance: Int?, seconds: Double) -> PlaybackPosition {
    PlaybackPosition(trackID: instance, frames: Int(seconds * Double(rate)), sampleRate: rate)
}

private func items(_ names: [String]) -> [PlayableItem] { names.map { PlayableItem(location: $0) } }

/// The states a machine can be in, each reached through the machine's own events from a queue
/// of a, b, c (a current) at clock `start`; "playing" means entry a heard 60 s in.
private enum Start: String, CaseIterable, CustomStringConvertible {
    case empty, stopped, prepared, playing, paused, interrupted, scanningForward, scanningBackward, ended

    var description: String { rawValue }

    func make() throws -> Machine {
        var m = Machine(queue: PlayerQueue(items: [], shuffleSeed: 7))
        _ = m.observe(now: start, position: nil)
        if self == .empty { return m }
        _ = m.setQueue(items(["a", "b", "c"]), startingAt: self == .ended ? 2 : 0)
        switch self {
        case .empty, .stopped: return m
        case .prepared:
            _ = try #require(try m.prepareToPlay())
            _ = m.prepared(ready: true)
            return m
        default: break
        }
        _ = try m.play()
        _ = m.handle(.trackStarted(id: 1, info: info()))
        _ = m.observe(now: start, position: heard(1, seconds: 60))
        switch self {
        case .paused: _ = m.pause()
        case .interrupted: _ = m.handle(.outputFailed(.output("The device went away.")))
        case .scanningForward: _ = m.beginSeeking(.forward)
        case .scanningBackward: _ = m.beginSeeking(.backward)
        case .ended:
            _ = m.handle(.trackFinished(id: 1, frames: 100 * rate))
            _ = m.handle(.idle)
            _ = m.observe(now: start, position: heard(nil, seconds: 0))
        default: break
        }
        return m
    }
}

private let stranger = QueueEntryID(rawValue: 999_999)

/// The id of the entry at `index` in queue order, or one the queue never had.
private func id(_ index: Int, of machine: Machine) -> QueueEntryID {
    index < machine.queue.entries.count ? machine.queue.entries[index].id : stranger
}

/// Every command, by name, as the executor would issue it.
private let commands: [(name: String, run: @Sendable (inout Machine) throws -> [Action])] = [
    ("play", { try $0.play() }),
    ("pause", { $0.pause() }),
    ("stop", { $0.stop() }),
    ("next", { try $0.skipToNextEntry() }),
    ("previous", { try $0.skipToPreviousEntry() }),
    ("restart", { try $0.restartCurrentEntry() }),
    ("seek 5", { try $0.seek(to: 5) }),
    ("prepare", { try $0.prepareToPlay() ?? [] }),
    ("jump c", { try $0.setCurrentEntry(id(2, of: $0)) }),
    ("insert", { $0.insert(items(["d"]), position: .afterCurrentEntry).actions }),
    ("move c 0", { try $0.move(id(2, of: $0), to: 0) }),
    ("remove current", { try $0.remove([$0.queue.currentEntryID ?? stranger]) }),
    ("remove b", { try $0.remove([id(1, of: $0)]) }),
    ("clear", { $0.clear() }),
    ("replace", { $0.setQueue(items(["x"])) }),
    ("repeat all", { $0.setRepeatMode(.all) }),
    ("shuffle", { $0.setShuffleMode(.songs) }),
    ("volume", { $0.setVolume(0.5) }),
    ("crossfade", { $0.setCrossfade(seconds: 2) }),
    ("scan forward", { $0.beginSeeking(.forward) }),
    ("scan backward", { $0.beginSeeking(.backward) }),
    ("end scan", { $0.endSeeking() }),
]

/// What each command does in each state: the status after it, then its actions in order.
private let expected: [String: [Start: String]] = [
    "play": [
        .empty: "throws The queue is empty.",
        .stopped: "playing | pipeline state:playing play:a@0 release",
        .prepared: "playing | pipeline state:playing release",
        .playing: "playing | ",
        .paused: "playing | pipeline state:playing release",
        .interrupted: "playing | newPipeline state:playing play:a@0 release",
        .scanningForward: "playing | reportOff state:playing",
        .scanningBackward: "playing | reportOff state:playing",
        .ended: "playing | pipeline state:playing play:c@0 release",
    ],
    "pause": [
        .empty: "stopped | ",
        .stopped: "stopped | ",
        .prepared: "paused | hold state:paused",
        .playing: "paused | hold state:paused",
        .paused: "paused | hold state:paused",
        .interrupted: "paused | hold state:paused",
        .scanningForward: "paused | hold reportOff state:paused",
        .scanningBackward: "paused | hold reportOff state:paused",
        .ended: "stopped | ",
    ],
    "stop": [
        .empty: "stopped | halt state:stopped",
        .stopped: "stopped | halt state:stopped",
        .prepared: "stopped | halt state:stopped",
        .playing: "stopped | played:a halt state:stopped",
        .paused: "stopped | played:a halt state:stopped",
        .interrupted: "stopped | halt state:stopped",
        .scanningForward: "stopped | played:a halt reportOff state:stopped",
        .scanningBackward: "stopped | played:a halt reportOff state:stopped",
        .ended: "stopped | halt state:stopped",
    ],
    "next": [
        .empty: "throws The queue is empty.",
        .stopped: "playing | queue pipeline state:playing release play:b@0",
        .prepared: "paused | queue pipeline state:paused hold play:b@0",
        .playing: "playing | played:a queue pipeline state:playing release play:b@0",
        .paused: "paused | played:a queue pipeline state:paused hold play:b@0",
        .interrupted: "playing | queue newPipeline state:playing release play:b@0",
        .scanningForward: "playing | played:a queue pipeline reportOff state:playing release play:b@0",
        .scanningBackward: "playing | played:a queue pipeline reportOff state:playing release play:b@0",
        .ended: "stopped | halt state:stopped",
    ],
    "previous": [
        .empty: "throws The queue is empty.",
        .stopped: "playing | queue pipeline state:playing release play:a@0",
        .prepared: "paused | queue pipeline state:paused hold play:a@0",
        .playing: "playing | played:a pipeline play:a@0 state:playing",
        .paused: "paused | played:a pipeline play:a@0 state:paused",
        .interrupted: "playing | queue newPipeline state:playing release play:a@0",
        .scanningForward: "seekingForward | played:a pipeline play:a@0 state:seekingForward",
        .scanningBackward: "seekingBackward | played:a pipeline play:a@0 state:seekingBackward",
        .ended: "playing | queue pipeline state:playing release play:b@0",
    ],
    "restart": [
        .empty: "throws The queue is empty.",
        .stopped: "paused | pipeline hold state:paused play:a@0 state:paused",
        .prepared: "paused | pipeline play:a@0 state:paused",
        .playing: "playing | played:a pipeline play:a@0 state:playing",
        .paused: "paused | played:a pipeline play:a@0 state:paused",
        .interrupted: "paused | newPipeline hold state:paused play:a@0 state:paused",
        .scanningForward: "seekingForward | played:a pipeline play:a@0 state:seekingForward",
        .scanningBackward: "seekingBackward | played:a pipeline play:a@0 state:seekingBackward",
        .ended: "paused | pipeline hold state:paused play:c@0 state:paused",
    ],
    "seek 5": [
        .empty: "throws The queue is empty.",
        .stopped: "paused | pipeline hold state:paused play:a@220500 state:paused",
        .prepared: "paused | pipeline play:a@220500 state:paused",
        .playing: "playing | played:a pipeline play:a@220500 state:playing",
        .paused: "paused | played:a pipeline play:a@220500 state:paused",
        .interrupted: "paused | newPipeline hold state:paused play:a@220500 state:paused",
        .scanningForward: "seekingForward | played:a pipeline play:a@220500 state:seekingForward",
        .scanningBackward: "seekingBackward | played:a pipeline play:a@220500 state:seekingBackward",
        .ended: "paused | pipeline hold state:paused play:c@220500 state:paused",
    ],
    "prepare": [
        .empty: "throws The queue is empty.",
        .stopped: "stopped | pipeline hold play:a@0",
        .prepared: "paused | ",
        .playing: "playing | ",
        .paused: "paused | ",
        .interrupted: "interrupted | newPipeline hold play:a@0",
        .scanningForward: "seekingForward | ",
        .scanningBackward: "seekingBackward | ",
        .ended: "stopped | pipeline hold play:c@0",
    ],
    "jump c": [
        .empty: "throws That entry is not in the queue.",
        .stopped: "stopped | halt queue",
        .prepared: "paused | queue pipeline state:paused hold play:c@0",
        .playing: "playing | played:a queue pipeline state:playing release play:c@0",
        .paused: "paused | played:a queue pipeline state:paused hold play:c@0",
        .interrupted: "interrupted | halt queue",
        .scanningForward: "playing | played:a queue pipeline reportOff state:playing release play:c@0",
        .scanningBackward: "playing | played:a queue pipeline reportOff state:playing release play:c@0",
        .ended: "stopped | halt queue",
    ],
    "insert": [
        .empty: "stopped | queue",
        .stopped: "stopped | queue next?",
        .prepared: "paused | queue next?",
        .playing: "playing | queue next?",
        .paused: "paused | queue next?",
        .interrupted: "interrupted | queue next?",
        .scanningForward: "seekingForward | queue next?",
        .scanningBackward: "seekingBackward | queue next?",
        .ended: "stopped | queue next?",
    ],
    "move c 0": [
        .empty: "throws That entry is not in the queue.",
        .stopped: "stopped | queue",
        .prepared: "paused | queue",
        .playing: "playing | queue",
        .paused: "paused | queue",
        .interrupted: "interrupted | queue",
        .scanningForward: "seekingForward | queue",
        .scanningBackward: "seekingBackward | queue",
        .ended: "stopped | queue next?",
    ],
    "remove current": [
        .empty: "throws That entry is not in the queue.",
        .stopped: "stopped | queue halt state:stopped",
        .prepared: "paused | queue queue pipeline state:paused hold play:b@0",
        .playing: "playing | queue queue pipeline state:playing release play:b@0",
        .paused: "paused | queue queue pipeline state:paused hold play:b@0",
        .interrupted: "playing | queue queue newPipeline state:playing release play:b@0",
        .scanningForward: "playing | queue queue pipeline reportOff state:playing release play:b@0",
        .scanningBackward: "playing | queue queue pipeline reportOff state:playing release play:b@0",
        .ended: "stopped | queue halt state:stopped",
    ],
    "remove b": [
        .empty: "throws That entry is not in the queue.",
        .stopped: "stopped | queue next?",
        .prepared: "paused | queue next?",
        .playing: "playing | queue next?",
        .paused: "paused | queue next?",
        .interrupted: "interrupted | queue next?",
        .scanningForward: "seekingForward | queue next?",
        .scanningBackward: "seekingBackward | queue next?",
        .ended: "stopped | queue next?",
    ],
    "clear": [
        .empty: "stopped | halt queue state:stopped",
        .stopped: "stopped | halt queue state:stopped",
        .prepared: "stopped | halt queue state:stopped",
        .playing: "stopped | halt queue state:stopped",
        .paused: "stopped | halt queue state:stopped",
        .interrupted: "stopped | halt queue state:stopped",
        .scanningForward: "stopped | halt reportOff queue state:stopped",
        .scanningBackward: "stopped | halt reportOff queue state:stopped",
        .ended: "stopped | halt queue state:stopped",
    ],
    "replace": [
        .empty: "stopped | halt queue state:stopped",
        .stopped: "stopped | halt queue state:stopped",
        .prepared: "stopped | halt queue state:stopped",
        .playing: "stopped | halt queue state:stopped",
        .paused: "stopped | halt queue state:stopped",
        .interrupted: "stopped | halt queue state:stopped",
        .scanningForward: "stopped | halt reportOff queue state:stopped",
        .scanningBackward: "stopped | halt reportOff queue state:stopped",
        .ended: "stopped | halt queue state:stopped",
    ],
    "repeat all": [
        .empty: "stopped | queue state:stopped",
        .stopped: "stopped | queue state:stopped",
        .prepared: "paused | queue state:paused",
        .playing: "playing | queue state:playing",
        .paused: "paused | queue state:paused",
        .interrupted: "interrupted | queue state:interrupted",
        .scanningForward: "seekingForward | queue state:seekingForward",
        .scanningBackward: "seekingBackward | queue state:seekingBackward",
        .ended: "stopped | queue next? state:stopped",
    ],
    "shuffle": [
        .empty: "stopped | queue state:stopped",
        .stopped: "stopped | queue next? state:stopped",
        .prepared: "paused | queue next? state:paused",
        .playing: "playing | queue next? state:playing",
        .paused: "paused | queue next? state:paused",
        .interrupted: "interrupted | queue next? state:interrupted",
        .scanningForward: "seekingForward | queue next? state:seekingForward",
        .scanningBackward: "seekingBackward | queue next? state:seekingBackward",
        .ended: "stopped | queue next? state:stopped",
    ],
    "volume": [
        .empty: "stopped | volume:0.5 state:stopped",
        .stopped: "stopped | volume:0.5 state:stopped",
        .prepared: "paused | volume:0.5 state:paused",
        .playing: "playing | volume:0.5 state:playing",
        .paused: "paused | volume:0.5 state:paused",
        .interrupted: "interrupted | volume:0.5 state:interrupted",
        .scanningForward: "seekingForward | volume:0.5 state:seekingForward",
        .scanningBackward: "seekingBackward | volume:0.5 state:seekingBackward",
        .ended: "stopped | volume:0.5 state:stopped",
    ],
    "crossfade": [
        .empty: "stopped | crossfade:2.0 state:stopped",
        .stopped: "stopped | crossfade:2.0 state:stopped",
        .prepared: "paused | crossfade:2.0 state:paused",
        .playing: "playing | crossfade:2.0 state:playing",
        .paused: "paused | crossfade:2.0 state:paused",
        .interrupted: "interrupted | crossfade:2.0 state:interrupted",
        .scanningForward: "seekingForward | crossfade:2.0 state:seekingForward",
        .scanningBackward: "seekingBackward | crossfade:2.0 state:seekingBackward",
        .ended: "stopped | crossfade:2.0 state:stopped",
    ],
    "scan forward": [
        .empty: "stopped | ",
        .stopped: "seekingForward | pipeline state:playing play:a@0 release reportOn state:seekingForward",
        .prepared: "seekingForward | pipeline state:playing release reportOn state:seekingForward",
        .playing: "seekingForward | reportOn state:seekingForward",
        .paused: "seekingForward | pipeline state:playing release reportOn state:seekingForward",
        .interrupted: "seekingForward | newPipeline state:playing play:a@0 release reportOn state:seekingForward",
        .scanningForward: "seekingForward | reportOff state:playing reportOn state:seekingForward",
        .scanningBackward: "seekingForward | reportOff state:playing reportOn state:seekingForward",
        .ended: "seekingForward | pipeline state:playing play:c@0 release reportOn state:seekingForward",
    ],
    "scan backward": [
        .empty: "stopped | ",
        .stopped: "seekingBackward | pipeline state:playing play:a@0 release reportOn state:seekingBackward",
        .prepared: "seekingBackward | pipeline state:playing release reportOn state:seekingBackward",
        .playing: "seekingBackward | reportOn state:seekingBackward",
        .paused: "seekingBackward | pipeline state:playing release reportOn state:seekingBackward",
        .interrupted: "seekingBackward | newPipeline state:playing play:a@0 release reportOn state:seekingBackward",
        .scanningForward: "seekingBackward | reportOff state:playing reportOn state:seekingBackward",
        .scanningBackward: "seekingBackward | reportOff state:playing reportOn state:seekingBackward",
        .ended: "seekingBackward | pipeline state:playing play:c@0 release reportOn state:seekingBackward",
    ],
    "end scan": [
        .empty: "stopped | ",
        .stopped: "stopped | ",
        .prepared: "paused | ",
        .playing: "playing | ",
        .paused: "paused | ",
        .interrupted: "interrupted | ",
        .scanningForward: "playing | reportOff state:playing",
        .scanningBackward: "playing | reportOff state:playing",
        .ended: "stopped | ",
    ],
]

@Suite struct PlayerStateMachineTests {
    /// Every command in every state: the status it leaves and the actions it asks for, in order.
    @Test(arguments: Start.allCases)
    func everyCommandInEveryState(_ state: Start) throws {
        for command in commands {
            var m = try state.make()
            let result: String
            do {
                let actions = try command.run(&m)
                result = "\(m.status) | \(summary(actions))"
            } catch {
                result = "throws \(error)"
            }
            #expect(result == expected[command.name]?[state], "\(command.name) when \(state)")
        }
    }
}
