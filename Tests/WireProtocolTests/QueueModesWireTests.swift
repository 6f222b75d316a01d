import MusicModel
import Player
import Session
import TestSupport
import Testing
import WireProtocol

/// Single and consume on the wire (docs/protocol.md): the snapshot carries them and reads them
/// back; a snapshot from a daemon older than the modes, or with a word this client does not
/// know, reads as off.
@Suite struct QueueModesWireTests {
    /// The `status` event for a player in these modes, read back.
    private func readBack(single: SingleMode, consume: ConsumeMode) throws -> WireSnapshot {
        let player = MusicPlayer.silent()
        defer { player.shutdown() }
        player.setSingleMode(single)
        player.setConsumeMode(consume)
        let snapshot = Snapshot(
            state: player.playerState, current: nil, queuePosition: nil, queueLength: 0, position: 0, duration: nil)
        let line = WireReply.event("status", [("status", WireEncoding.snapshot(snapshot))])
        guard case .event(.status(let status)) = try DaemonMessage.parse(line) else { throw WireError.unreadableReply(line) }
        return status
    }

    @Test(arguments: SingleMode.allCases, ConsumeMode.allCases)
    func theModesReadBack(single: SingleMode, consume: ConsumeMode) throws {
        let status = try readBack(single: single, consume: consume)
        #expect(status.single == single.rawValue)
        #expect(status.consume == consume.rawValue)
    }

    @Test func anOlderDaemonOrAnUnknownWordReadsAsOff() throws {
        let old =
            #"{"event":"status","status":{"status":"playing","queueLength":0,"repeat":"none","shuffle":"off","volume":50,"crossfade":0,"prepared":true}}"#
        let odd =
            #"{"event":"status","status":{"status":"playing","queueLength":0,"repeat":"none","shuffle":"off","single":"sometimes","consume":7,"volume":50,"crossfade":0,"prepared":true}}"#
        for line in [old, odd] {
            guard case .event(.status(let status)) = try DaemonMessage.parse(line) else { throw WireError.unreadableReply(line) }
            #expect(status.single == "off" && status.consume == "off")
            #expect(status.volume == 50, "the rest of the snapshot is kept")
        }
    }

    @Test func theStatusLineShowsTheModes() throws {
        let player = MusicPlayer.silent()
        defer { player.shutdown() }
        player.setSingleMode(.oneshot)
        player.setConsumeMode(.on)
        let snapshot = Snapshot(state: player.playerState, current: nil, queuePosition: nil, queueLength: 0, position: 0, duration: nil)
        #expect(ResultText.render(.done(snapshot), width: 80) == "stopped  queue empty  single oneshot  consume  vol 100%\n")
    }
}
