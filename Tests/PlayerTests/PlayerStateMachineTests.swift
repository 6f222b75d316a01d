import Audio
import MusicModel
import Player
import Testing

typealias Machine = PlayerStateMachine
typealias Action = PlayerStateMachine.Action

/// One short word per action, so a table can say what a transition does: `state:playing`,
/// `queue`, `played:a`, `pipeline` / `newPipeline`, `play:a@0`, `hold` / `release`, `halt`, `next?`, …
private func summary(_ actions: [Action]) -> String {
    actions.map { action -> String in
        switch action {
        case .emit(.stateChanged(let state)): "state:\(state.playbackStatus)"
        case .emit(.queueChanged): "queue"
        case .emit(.entryStarted(let entry, _, _)): "started:\(entry.item.location)"
        case .emit(.entryFailed(let entry, _)): "failed:\(entry.item.location)"
        case .emit(.entryPlayed(let entry)): "played:\(entry.item.location)"
        case .emit(.queueEnded): "ended"
        case .emit(.outputFailed): "outputFailed"
        case .ensurePipeline(let settings): settings.replacingBroken ? "newPipeline" : "pipeline"
        case .play(let track, let frame): "play:\(track.item.location)@" + (track.startSeconds.map { "\($0)s" } ?? "\(frame)")
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
enum Start: String, CaseIterable, CustomStringConvertible {
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
        .stopped: "paused | pipeline hold state:paused play:a@5.0s state:paused",
        .prepared: "paused | pipeline play:a@5.0s state:paused",
        .playing: "playing | played:a pipeline play:a@220500 state:playing",
        .paused: "paused | played:a pipeline play:a@220500 state:paused",
        .interrupted: "paused | newPipeline hold state:paused play:a@5.0s state:paused",
        .scanningForward: "seekingForward | played:a pipeline play:a@220500 state:seekingForward",
        .scanningBackward: "seekingBackward | played:a pipeline play:a@220500 state:seekingBackward",
        .ended: "paused | pipeline hold state:paused play:c@5.0s state:paused",
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

/// A machine playing entry a of a, b, c: instance 1 started, heard `at` seconds in, at clock `start`.
private func playing(at seconds: Double = 60) throws -> Machine {
    var m = Machine(queue: PlayerQueue(items: [], shuffleSeed: 7))
    _ = m.observe(now: start, position: nil)
    _ = m.setQueue(items(["a", "b", "c"]))
    _ = try m.play()
    _ = m.handle(.trackStarted(id: 1, info: info()))
    _ = m.observe(now: start, position: heard(1, seconds: seconds))
    return m
}

/// The instance a `play` action among `actions` hands the pipeline.
private func instance(playedBy actions: [Action]) -> Int? {
    actions.lazy.compactMap { if case .play(let track, _) = $0 { track.instance } else { nil } }.first
}

/// The source frame a pipeline `play` action starts at, for the seconds given.
private func frame(_ seconds: Double) -> Int { Int(seconds * Double(rate)) }

@Suite struct PlayerStateMachineReportTests {
    @Test func aStartMovesTheQueueToTheEntryHeardAndFillsWhatItsItemLacked() throws {
        var m = try playing()
        let following = m.track(after: 1)
        let next = try #require(following, "b follows a")
        #expect(next.item.location == "b")
        #expect(summary(m.handle(.trackStarted(id: next.instance, info: info(title: "Bee")))) == "queue started:b")
        #expect(m.queue.currentEntry?.item.location == "b")
        #expect(m.queue.currentEntry?.item.title == "Bee")
        #expect(m.queue.currentEntry?.item.duration == 100)
        #expect(m.heard?.instance == next.instance)
    }

    @Test func aLateStartOfAnEntryTheUserSkippedIsIgnored() throws {
        var m = try playing()
        _ = try m.skipToNextEntry()  // b, instance 2
        #expect(m.handle(.trackStarted(id: 1, info: info())).isEmpty)
        #expect(m.queue.currentEntry?.item.location == "b")
    }

    @Test func aFinishedEntryCountsAsPlayedOnceAndNotForAQueueThatOptsOut() throws {
        var m = try playing()
        #expect(summary(m.handle(.trackFinished(id: 1, frames: 100 * rate))) == "played:a")
        #expect(m.handle(.trackFinished(id: 1, frames: 100 * rate)).isEmpty)

        var quiet = Machine()
        _ = quiet.setQueue(items(["a"]), affectsListeningHistory: false)
        _ = try quiet.play()
        #expect(quiet.handle(.trackFinished(id: 1, frames: 100 * rate)).isEmpty)
    }

    @Test func aFailedEntryIsNamedAndPlaybackGoesOn() throws {
        var m = try playing()
        #expect(summary(m.handle(.trackFailed(id: 1, name: "a", error: .corrupt("bad")))) == "failed:a")
        #expect(m.status == .playing)
    }

    @Test func everyEntryFailingInARowUnderRepeatStopsInsteadOfLooping() throws {
        var m = Machine()
        _ = m.setRepeatMode(.all)
        _ = m.setQueue(items(["a", "b", "c"]))
        _ = try m.play()
        var instance = 1
        for name in ["a", "b"] {
            #expect(summary(m.handle(.trackFailed(id: instance, name: name, error: .corrupt("bad")))) == "failed:\(name)")
            let next = m.track(after: instance)
            instance = try #require(next).instance
        }
        #expect(summary(m.handle(.trackFailed(id: instance, name: "c", error: .corrupt("bad")))) == "failed:c halt state:stopped ended")
        #expect(m.status == .stopped)
    }

    @Test func idleEndsTheQueueUnlessMoreIsLoading() throws {
        var m = try playing()
        #expect(summary(m.handle(.idle)) == "state:stopped ended")
        #expect(m.status == .stopped)
        #expect(m.handle(.idle).isEmpty, "a stopped player has nothing to end")

        var loading = Machine()
        _ = loading.setQueue(items(["a"]), loadingMore: true)
        _ = try loading.play()
        #expect(loading.handle(.idle).isEmpty, "waits for the next batch")
        #expect(loading.status == .playing)
        #expect(summary(loading.appendLoaded(items(["b"]), finished: false)) == "queue queue pipeline state:playing release play:b@0")
        #expect(loading.handle(.idle).isEmpty)
        #expect(summary(loading.appendLoaded([], finished: true)) == "queue state:stopped ended")
        #expect(loading.status == .stopped)
    }

    @Test func aNewBatchWhilePlayingOnlyTellsThePipelineWhenWhatFollowsChanged() throws {
        var m = Machine()
        _ = m.setQueue(items(["a"]), loadingMore: true)
        _ = try m.play()
        #expect(summary(m.appendLoaded(items(["b"]), finished: false)) == "queue next?")
        #expect(summary(m.appendLoaded(items(["c"]), finished: true)) == "queue")
    }

    @Test func aFailedOutputInterruptsAndTheNextPlayGetsANewPipeline() throws {
        var m = try playing()
        #expect(summary(m.handle(.outputFailed(.output("No sound device.")))) == "state:interrupted outputFailed")
        #expect(m.status == .interrupted)
        #expect(m.playbackTime == 0)
        #expect(summary(try m.play()) == "newPipeline state:playing play:a@0 release")
        #expect(summary(try m.skipToNextEntry()) == "queue pipeline state:playing release play:b@0", "replaced once")
    }

    @Test func whatFollowsFollowsTheQueueAndItsRepeatMode() throws {
        var m = try playing()
        #expect(m.track(after: 1)?.item.location == "b")
        _ = m.setRepeatMode(.one)
        let repeated = m.track(after: 1)
        let again = try #require(repeated)
        #expect(again.item.location == "a" && again.instance != 1, "repeat one: a fresh playing of the same entry")
        _ = m.setRepeatMode(.none)
        let jumped = try m.setCurrentEntry(id(2, of: m))
        let last = try #require(instance(playedBy: jumped))
        #expect(m.track(after: last) == nil, "nothing follows the last entry")
        _ = m.setRepeatMode(.all)
        #expect(m.track(after: last)?.item.location == "a", "repeat all goes round")
        #expect(m.track(after: 999) == nil, "an instance the machine never planned")
    }

    @Test func thePositionIsTheSeekTargetUntilItsAudioIsHeard() throws {
        var m = try playing(at: 10)
        #expect(m.playbackTime == 10)
        let seeked = try m.seek(to: 42)
        let seekInstance = try #require(instance(playedBy: seeked))
        _ = m.observe(now: start, position: heard(1, seconds: 11))
        #expect(m.playbackTime == 42)
        _ = m.handle(.trackStarted(id: seekInstance, info: info()))
        _ = m.observe(now: start, position: heard(seekInstance, seconds: 42.5))
        #expect(m.playbackTime == 42.5)
    }

    @Test func aSeekWithinTheEntryHeardIsNoNewStartButOneBeforeItsAudioIs() throws {
        var m = try playing(at: 10)
        #expect(m.lastStart == 1)
        let seeked = try m.seek(to: 42)
        let within = try #require(instance(playedBy: seeked))
        // The same entry goes on from 42 s: observers (a workout's count of tracks, `segue
        // play`'s "now playing" line) hear of no start.
        #expect(summary(m.handle(.trackStarted(id: within, info: info()))) == "")
        #expect(m.lastStart == 1)
        // Stopped, a seek places the entry; its first audio is where it starts.
        _ = m.stop()
        let placed = try #require(instance(playedBy: try m.seek(to: 20)))
        #expect(summary(m.handle(.trackStarted(id: placed, info: info()))) == "started:a")
        #expect(m.lastStart == placed)
    }

    @Test func repeatAndShuffleLiveInTheQueueAndTheStateShowsThem() throws {
        var m = Machine()
        _ = m.setRepeatMode(.all)
        _ = m.setShuffleMode(.songs)
        _ = m.setQueue(items(["a", "b"]))
        #expect(m.queue.repeatMode == .all && m.queue.shuffleMode == .songs, "a new queue keeps the modes")
        #expect(m.state.repeatMode == .all && m.state.shuffleMode == .songs)
        let actions = m.setRepeatMode(.one)
        #expect(actions.last == .emit(.stateChanged(m.state)))
        #expect(m.state.repeatMode == .one)
    }
}

@Suite struct PlayerStateMachineScanTests {
    @Test func aForwardScanJumpsTwoSecondsEveryQuarterSecondOfTheClock() throws {
        var m = try playing()
        #expect(summary(m.beginSeeking(.forward)) == "reportOn state:seekingForward")
        #expect(m.observe(now: start + 0.2, position: heard(1, seconds: 60)).isEmpty, "not a quarter second yet")
        #expect(
            summary(m.observe(now: start + 0.25, position: heard(1, seconds: 60)))
                == "played:a pipeline play:a@\(frame(62)) state:seekingForward")
        #expect(m.playbackTime == 62)
        #expect(
            summary(m.observe(now: start + 0.5, position: heard(1, seconds: 60))) == "pipeline play:a@\(frame(64)) state:seekingForward")
        // A late observation jumps once, straight to where the scan should be.
        #expect(
            summary(m.observe(now: start + 1.5, position: heard(1, seconds: 60))) == "pipeline play:a@\(frame(72)) state:seekingForward")
        #expect(m.status == .seekingForward)
        // At the end of the entry the scan ends and playback goes on.
        #expect(summary(m.observe(now: start + 5, position: heard(1, seconds: 60))) == "reportOff state:playing")
        #expect(m.status == .playing)
        #expect(m.observe(now: start + 6, position: heard(1, seconds: 60)).isEmpty, "no jumps after the scan")
    }

    @Test func aBackwardScanStopsAtTheStartAndPlaysFromThere() throws {
        var m = try playing()
        _ = m.beginSeeking(.backward)
        #expect(
            summary(m.observe(now: start + 0.25, position: heard(1, seconds: 60)))
                == "played:a pipeline play:a@\(frame(58)) state:seekingBackward")
        #expect(
            summary(m.observe(now: start + 7.75, position: heard(1, seconds: 60)))
                == "pipeline play:a@0 state:seekingBackward reportOff state:playing")
        #expect(m.status == .playing)
        #expect(m.playbackTime == 0)
    }

    @Test func aSeekDuringAScanMovesWhereTheJumpsCountFrom() throws {
        var m = try playing()
        _ = m.beginSeeking(.forward)
        _ = m.observe(now: start + 0.3, position: heard(1, seconds: 60))
        _ = try m.seek(to: 10)
        #expect(m.status == .seekingForward)
        #expect(m.observe(now: start + 0.5, position: heard(1, seconds: 60)).isEmpty)
        #expect(
            summary(m.observe(now: start + 0.55, position: heard(1, seconds: 60))) == "pipeline play:a@\(frame(12)) state:seekingForward")
    }

    @Test func aPositionReportIsAnObservationAndDrivesTheScan() throws {
        var m = try playing()
        _ = m.beginSeeking(.forward)
        let position = heard(1, seconds: 60.1)
        let actions = m.observe(now: start + 0.25, position: position) + m.handle(.position(position))
        #expect(summary(actions) == "played:a pipeline play:a@\(frame(62)) state:seekingForward")
    }
}
