import Audio
import MusicModel
import Player
import TestSupport
import Testing

/// Single, consume and a jump part way into an entry, on a real player with fake decoders
/// ("tag:frames[:rate]" names; left channel = tag, right = frame index mod 32768): what is
/// heard, in which order, and what the queue holds after.
@Suite struct PlayerModesTests {
    private func makePlayer(_ output: any AudioOutput & Sendable, _ log: PlayerEventLog) -> MusicPlayer {
        MusicPlayer.silent(makeOutput: { output }, onEvent: { log.record($0) })
    }

    private func items(_ names: [String]) -> [PlayableItem] { names.map { PlayableItem(location: $0) } }

    private static func ended(_ events: [PlayerEvent]) -> Bool { events.contains { $0 == .queueEnded } }

    @Test func singleStopsAfterTheEntryWithoutEndingTheQueue() throws {
        let output = RecordingOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:3000", "2:3000", "3:3000"]))
        player.setSingleMode(.on)
        try player.play()
        #expect(Poll.until(timeout: 20) { player.playerState.playbackStatus == .stopped })
        #expect(PlayerEventLog.started(log.all) == ["1:3000"])
        #expect(!Self.ended(log.all), "the queue goes on at the next play")
        #expect(player.queue.currentEntry?.item.location == "1:3000")
        #expect(player.playerState.singleMode == .on, "on stays on")
    }

    @Test func oneshotStopsOnceThenTurnsItselfOff() throws {
        let output = RecordingOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:3000", "2:3000", "3:3000"]))
        player.setSingleMode(.oneshot)
        try player.play()
        #expect(Poll.until(timeout: 20) { player.playerState.playbackStatus == .stopped })
        #expect(PlayerEventLog.started(log.all) == ["1:3000"])
        #expect(player.playerState.singleMode == .off)
        try player.play()
        let events = log.waitForEnd()
        #expect(PlayerEventLog.started(events) == ["1:3000", "1:3000", "2:3000", "3:3000"])
    }

    @Test func singleUnderRepeatOnePlaysTheEntryAgain() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:2048", "2:2048"]))
        player.setRepeatMode(.one)
        player.setSingleMode(.on)
        try player.play()
        // Room for two whole playings and the top of a third.
        output.advance(frames: 2 * 2048 + 1024)
        #expect(log.waitForStarts(3) == ["1:2048", "1:2048", "1:2048"])
        #expect(player.playerState.playbackStatus == .playing)
        player.stop()
        output.release()  // so the output thread is not left waiting when the player shuts down
    }

    @Test func consumeTakesEachEntryPlayedOutOfTheQueueAndKeepsItsHistory() throws {
        let output = RecordingOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:3000", "2:3000", "3:3000"]))
        player.setConsumeMode(.on)
        try player.play()
        let events = log.waitForEnd()
        #expect(PlayerEventLog.started(events) == ["1:3000", "2:3000", "3:3000"])
        #expect(PlayerEventLog.played(events) == ["1:3000", "2:3000", "3:3000"], "listening history still hears of each")
        #expect(player.queue.entries.isEmpty)
    }

    @Test func consumeTakesTheEntrySkippedOutButNotOneStoppedOrPaused() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:441000", "2:441000", "3:441000"]))
        player.setConsumeMode(.on)
        try player.play()
        player.pause()
        player.stop()
        #expect(player.queue.entries.map(\.item.location) == ["1:441000", "2:441000", "3:441000"])
        try player.play()
        try player.skipToNextEntry()
        #expect(player.queue.entries.map(\.item.location) == ["2:441000", "3:441000"])
        #expect(player.queue.currentEntry?.item.location == "2:441000")
        try player.setCurrentEntry(player.queue.entries[1].id)
        #expect(player.queue.entries.map(\.item.location) == ["3:441000"], "a jump moves on too")
        try player.skipToNextEntry()
        #expect(player.queue.entries.isEmpty, "next past the end takes the last one out")
        #expect(player.playerState.playbackStatus == .stopped)
    }

    @Test func aJumpWithATimeStartsAnotherEntryThereWithNothingOfItsTopHeard() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        // 48 kHz files: the start is found at the file's own rate, not 44.1 kHz.
        player.setQueue(items(["1:480000:48000", "2:100000:48000"]))
        try player.play()
        output.advance(frames: 4096)
        #expect(output.waitUntilCaughtUp())
        try player.jump(to: player.queue.entries[1].id, seconds: 1.5)
        #expect(player.queue.currentEntry?.item.location == "2:100000:48000")
        #expect(player.playbackTime == 1.5, "the target shows until its audio is heard")
        output.release()
        let events = log.waitForEnd()
        #expect(PlayerEventLog.started(events) == ["1:480000:48000", "2:100000:48000"])
        let samples = output.samples
        let first = try #require(stride(from: 0, to: samples.count, by: 2).first { samples[$0] == 2 })
        #expect(samples[first + 1] == Int16(72_000 % 32_768), "its first frame heard is 1.5 s in")
        let heardOfTwo = stride(from: 0, to: samples.count, by: 2).count { samples[$0] == 2 }
        #expect(heardOfTwo == 100_000 - 72_000)
    }

    @Test func aJumpWithATimeWithinTheEntryHeardIsASeekAndNoNewStart() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:441000", "2:441000"]))
        try player.play()
        output.advance(frames: 4096)
        #expect(log.waitForStarts(1) == ["1:441000"])
        player.pause()
        try player.jump(to: player.queue.entries[0].id, seconds: 5)
        #expect(player.playerState.playbackStatus == .paused, "paused stays paused")
        #expect(player.playbackTime == 5)
        try player.play()
        output.release()
        let events = log.waitForEnd()
        #expect(PlayerEventLog.started(events) == ["1:441000", "2:441000"])
    }

    @Test func aSeekBeforeTheEntryIsHeardStartsAtTheFilesOwnRate() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        // Stopped (or restored paused), nothing of the entry has been heard yet: MPD's seekcur
        // then, or a saved position put back at start.
        player.setQueue(items(["1:100000:48000"]))
        try player.seek(to: 1.5)
        try player.play()
        output.release()
        log.waitForEnd()
        let samples = output.samples
        let first = try #require(stride(from: 0, to: samples.count, by: 2).first { samples[$0] == 1 })
        #expect(samples[first + 1] == Int16(72_000 % 32_768), "1.5 s in at 48 kHz, not at 44.1 kHz")
    }
}
