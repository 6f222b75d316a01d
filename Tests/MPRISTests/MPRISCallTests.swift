import Audio
import MPRIS
import MusicModel
import Player
import Session
import TestSupport
import Testing

/// MPRIS calls carried out on a real engine (fake decoders, a manual clock): each becomes the
/// `Command`s a user would type, and every value from the bus is checked first.
@Suite struct MPRISCallTests {
    private func session(_ items: String = "1:441000 2:441000 3:441000") throws -> Session {
        let session = Session(player: MusicPlayer.silent(makeOutput: { ManualClockOutput() }), catalog: nil)
        _ = try session.perform(line: "add " + items).get()
        return session
    }

    @Test func transportCallsAreTheCommandsAKeyWouldSend() throws {
        let session = try session()
        defer { session.shutdown() }
        #expect(MPRISProperties(session.snapshot).playbackStatus == "Playing")
        try MPRISCall.playPause.perform(on: session)
        #expect(MPRISProperties(session.snapshot).playbackStatus == "Paused")
        try MPRISCall.playPause.perform(on: session)
        #expect(MPRISProperties(session.snapshot).playbackStatus == "Playing")
        try MPRISCall.next.perform(on: session)
        #expect(session.snapshot.current?.item.location == "2:441000")
        try MPRISCall.pause.perform(on: session)
        #expect(session.snapshot.state.playbackStatus == .paused)
        try MPRISCall.stop.perform(on: session)
        #expect(MPRISProperties(session.snapshot).playbackStatus == "Stopped")
        try MPRISCall.play.perform(on: session)
        #expect(session.snapshot.state.playbackStatus == .playing)
    }

    @Test func modesAndVolumeAreWrittenAndReadBack() throws {
        let session = try session()
        defer { session.shutdown() }
        try MPRISCall.setLoopStatus("Track").perform(on: session)
        #expect(MPRISProperties(session.snapshot).loopStatus == "Track")
        try MPRISCall.setLoopStatus("Playlist").perform(on: session)
        #expect(session.snapshot.state.repeatMode == .all)
        try MPRISCall.setShuffle(true).perform(on: session)
        #expect(MPRISProperties(session.snapshot).shuffle)
        try MPRISCall.setVolume(0.25).perform(on: session)
        #expect(MPRISProperties(session.snapshot).volume == 0.25)
    }

    @Test func outsideNumbersAreCheckedNotTrusted() throws {
        let session = try session()
        defer { session.shutdown() }
        // NaN is refused with a sentence; below zero is silence; above one is the most Segue plays.
        #expect(throws: MPRISError.invalidArgument("Volume must be a number from 0.0 to 1.0, not NaN.")) {
            try MPRISCall.setVolume(.nan).perform(on: session)
        }
        try MPRISCall.setVolume(-3).perform(on: session)
        #expect(session.snapshot.state.volume == 0)
        try MPRISCall.setVolume(.infinity).perform(on: session)
        #expect(session.snapshot.state.volume == 1)
        try MPRISCall.setVolume(1e300).perform(on: session)
        #expect(session.snapshot.state.volume == 1)
        #expect(throws: MPRISError.self) { try MPRISCall.setLoopStatus("Sometimes").perform(on: session) }
        #expect(session.snapshot.state.repeatMode == .none, "a refused value changes nothing")
        // Seek offsets of any size: far back is the start.
        try MPRISCall.seek(offset: .min).perform(on: session)
        #expect(session.snapshot.position == 0)
        #expect(session.snapshot.current?.item.location == "1:441000")
    }

    /// The spec's rules where the entry's length matters, on a snapshot of a 10-second entry
    /// 7.5 s in: past the end is the next entry; a stale track id, a negative position or one
    /// past the end does nothing.
    @Test func theSpecsRulesAtTheEdgesOfTheEntry() throws {
        let entry = QueueEntry(id: QueueEntryID(rawValue: 5), item: PlayableItem(location: "/a.mp3", duration: 10))
        var state = PlayerState()
        state.playbackStatus = .playing
        let snapshot = Snapshot(state: state, current: entry, queuePosition: 1, queueLength: 2, position: 7.5, duration: 10)
        let track = MPRISMetadata.trackID(entry.id)
        #expect(try MPRISCall.seek(offset: 2_000_000).commands(given: snapshot) == [.seek(.absolute(9.5))])
        #expect(try MPRISCall.seek(offset: 2_500_000).commands(given: snapshot) == [.next])
        #expect(try MPRISCall.seek(offset: .max).commands(given: snapshot) == [.next])
        #expect(try MPRISCall.seek(offset: .min).commands(given: snapshot) == [.seek(.absolute(0))])
        #expect(try MPRISCall.setPosition(trackID: track, position: 10_000_000).commands(given: snapshot) == [.seek(.absolute(10))])
        for call in [
            MPRISCall.setPosition(trackID: "/org/segue/track/999", position: 1_000_000),
            .setPosition(trackID: track, position: -1), .setPosition(trackID: track, position: 10_000_001),
            .setPosition(trackID: "/not/ours", position: 1_000_000), .setPosition(trackID: track, position: .max),
        ] {
            #expect(try call.commands(given: snapshot) == [], "\(call) does nothing")
        }
        #expect(try MPRISCall.setRate(2).commands(given: snapshot) == [])
        #expect(throws: MPRISError.self) { try MPRISCall.setRate(.nan).commands(given: snapshot) }
    }

    @Test func seekAndSetPositionMoveWithinTheEntry() throws {
        let session = try session()
        defer { session.shutdown() }
        try MPRISCall.seek(offset: 4_000_000).perform(on: session)
        #expect(abs(session.snapshot.position - 4) < 0.01)
        let track = MPRISMetadata.trackID(try #require(session.snapshot.current).id)
        try MPRISCall.setPosition(trackID: track, position: 7_500_000).perform(on: session)
        #expect(abs(session.snapshot.position - 7.5) < 0.01)
        try MPRISCall.setPosition(trackID: "/org/segue/track/999", position: 1_000_000).perform(on: session)
        #expect(abs(session.snapshot.position - 7.5) < 0.01, "a stale track id leaves the position alone")
    }

    @Test func openURIPlaysTheItemNextAndRefusesOtherSchemes() throws {
        let session = try session()
        defer { session.shutdown() }
        try MPRISCall.openURI("file:///music/a%20b.flac").perform(on: session)
        #expect(session.snapshot.current?.item.location == "/music/a b.flac")
        #expect(session.snapshot.queuePosition == 2, "it went in after the entry that was playing")
        #expect(throws: MPRISError.self) { try MPRISCall.openURI("ftp://host/x.mp3").perform(on: session) }
        #expect(throws: MPRISError.self) { try MPRISCall.openURI("file://otherhost/x.mp3").perform(on: session) }
        #expect(throws: MPRISError.self) { try MPRISCall.openURI("file:///a%00b").perform(on: session) }
        #expect(throws: MPRISError.self) { try MPRISCall.openURI("file:///a%zz").perform(on: session) }
        #expect(session.snapshot.queueLength == 4, "nothing refused was added")
    }

    @Test func methodNamesWithoutArguments() {
        #expect(MPRISCall(method: "PlayPause") == .playPause)
        #expect(MPRISCall(method: "Quit") == .quit)
        #expect(MPRISCall(method: "Seek") == nil)
        #expect(MPRISCall(method: "Bogus") == nil)
    }
}
