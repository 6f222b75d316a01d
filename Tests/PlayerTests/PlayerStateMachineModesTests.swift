import Audio
import MusicModel
import Player
import Testing

/// Single, consume and MPD's queue edits in the state machine, without threads: every new
/// command in every state keeps the queue whole, and the reports that end or replay an entry
/// turn the modes into what plays.
@Suite struct PlayerStateMachineModesTests {
    private static let rate = 44_100

    private func info() -> TrackInfo {
        TrackInfo(metadata: TrackMetadata(), totalFrames: 100 * Self.rate, sourceFormat: .cd, outputFormat: .cd, codecName: "fake")
    }

    private func names(_ m: PlayerStateMachine) -> [String] { m.queue.entries.map(\.item.location) }

    /// A machine playing a of `names` (instance 1 heard).
    private func playing(_ names: [String]) throws -> PlayerStateMachine {
        var m = PlayerStateMachine(queue: PlayerQueue(items: [], shuffleSeed: 7))
        _ = m.setQueue(names.map { PlayableItem(location: $0) })
        _ = try m.play()
        _ = m.handle(.trackStarted(id: 1, info: info()))
        return m
    }

    private static let commands: [(name: String, run: @Sendable (inout PlayerStateMachine) throws -> [PlayerStateMachine.Action])] = [
        ("single on", { $0.setSingleMode(.on) }),
        ("single oneshot", { $0.setSingleMode(.oneshot) }),
        ("consume on", { $0.setConsumeMode(.on) }),
        ("jump last 5 s", { m in try m.jump(to: m.queue.entries.last?.id ?? QueueEntryID(rawValue: 999), seconds: 5) }),
        ("jump first NaN", { m in try m.jump(to: m.queue.entries.first?.id ?? QueueEntryID(rawValue: 999), seconds: .nan) }),
        ("move 1..<3 to 0", { try $0.move(range: 1..<3, to: 0) }),
        (
            "swap first last",
            { m in
                try m.swap(
                    m.queue.entries.first?.id ?? QueueEntryID(rawValue: 999), m.queue.entries.last?.id ?? QueueEntryID(rawValue: 998))
            }
        ),
        ("mix", { try $0.mix() }),
        ("mix 0..<2", { try $0.mix(range: 0..<2) }),
        ("insert at 1", { $0.insert([PlayableItem(location: "x")], position: .index(1)).actions }),
    ]

    @Test(arguments: Start.allCases)
    func everyNewCommandInEveryStateKeepsTheQueueWhole(_ start: Start) throws {
        for command in Self.commands {
            var m = try start.make()
            let before = m.queue.entries
            let version = m.queue.version
            _ = try? command.run(&m)
            let queue = m.queue
            #expect(Set(queue.playOrder) == Set(queue.entries.map(\.id)) && queue.playOrder.count == queue.entries.count, "\(command.name)")
            #expect(queue.currentEntryID.map { queue.entry($0) != nil } ?? true, "\(command.name)")
            if let changes = queue.changes(since: version) {
                var rebuilt = before
                for change in changes.changes { change.apply(to: &rebuilt) }
                #expect(rebuilt == queue.entries, "\(command.name) in \(start)")
            }
        }
    }

    @Test func oneshotUnderRepeatOneTurnsOffWhenTheEntryPlaysAgain() throws {
        var m = try playing(["a", "b"])
        _ = m.setRepeatMode(.one)
        _ = m.setSingleMode(.oneshot)
        let following = m.track(after: 1)
        let again = try #require(following)
        #expect(again.item.location == "a")
        let actions = m.handle(.trackStarted(id: again.instance, info: info()))
        #expect(m.queue.singleMode == .off)
        #expect(actions.contains(.emit(.stateChanged(m.state))), "front ends hear the mode change")
    }

    @Test func singleEndsWithoutQueueEndedAndConsumeTakesTheEntryOut() throws {
        var m = try playing(["a", "b", "c"])
        _ = m.setSingleMode(.on)
        _ = m.setConsumeMode(.on)
        let following = m.track(after: 1)
        #expect(following == nil, "nothing follows under single")
        _ = m.handle(.trackFinished(id: 1, frames: 100 * Self.rate))
        let actions = m.handle(.idle)
        #expect(!actions.contains(.emit(.queueEnded)))
        #expect(m.status == .stopped)
        #expect(names(m) == ["b", "c"])
        #expect(m.queue.currentEntry?.item.location == "b", "the next play starts what followed")
    }

    @Test func consumingTheEntryBeforeUnderRepeatAllTellsThePipelineWhatFollowsChanged() throws {
        var m = try playing(["a", "b"])
        _ = m.setRepeatMode(.all)
        _ = m.setConsumeMode(.on)
        let following = m.track(after: 1)
        let next = try #require(following)
        let actions = m.handle(.trackStarted(id: next.instance, info: info()))
        #expect(names(m) == ["b"])
        #expect(actions.contains(.nextTrackChanged), "a no longer follows b")
    }

    @Test func aJumpWithATimeAsksThePipelineToStartThereAndShowsIt() throws {
        var m = try playing(["a", "b"])
        let actions = try m.jump(to: m.queue.entries[1].id, seconds: 42)
        let planned = actions.compactMap { if case .play(let track, let frame) = $0 { (track, frame) } else { nil } }
        #expect(planned.count == 1)
        #expect(planned.first?.0.startSeconds == 42 && planned.first?.1 == 0)
        #expect(m.playbackTime == 42)
        #expect(throws: PlayerError.unknownEntry) { try m.jump(to: QueueEntryID(rawValue: 999), seconds: 1) }
    }
}
