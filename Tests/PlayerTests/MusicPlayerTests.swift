import Audio
import MusicModel
import POSIXSupport
import Player
import TestSupport
import Testing

/// A player on fake decoders ("tag:frames[:rate][:failAt]" names) and a test output.
private func makePlayer(_ output: any AudioOutput & Sendable, _ log: PlayerEventLog) -> MusicPlayer {
    MusicPlayer.silent(makeOutput: { output }, onEvent: { log.record($0) })
}

private func items(_ names: [String]) -> [PlayableItem] { names.map { PlayableItem(location: $0) } }

/// Frames of `seconds` at 44.1 kHz, rounded up to the fake decoder's 1024-frame chunks.
private func frames(_ seconds: Double) -> Int { Int((seconds * 44_100 / 1024).rounded(.up)) * 1024 }

/// The tags (left channel) of recorded stereo samples, one per frame.
private func tags(_ samples: [Int16]) -> [Int16] { stride(from: 0, to: samples.count, by: 2).map { samples[$0] } }

/// Runs of equal tags: [(tag, frames)].
private func runs(_ samples: [Int16]) -> [(tag: Int16, count: Int)] {
    var result: [(Int16, Int)] = []
    for tag in tags(samples) {
        if let last = result.last, last.0 == tag { result[result.count - 1].1 += 1 } else { result.append((tag, 1)) }
    }
    return result
}

@Suite struct MusicPlayerTests {
    @Test func playsTheQueueInOrderWithNoGapAndStopsAtTheEnd() throws {
        let output = RecordingOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:5000", "2:7000", "3:3000"]))
        #expect(player.playerState.playbackStatus == .stopped)
        try player.play()
        let events = log.waitForEnd()
        #expect(PlayerEventLog.started(events) == ["1:5000", "2:7000", "3:3000"])
        #expect(runs(output.samples).map(\.tag) == [1, 2, 3])
        #expect(runs(output.samples).map(\.count) == [5000, 7000, 3000])
        #expect(player.playerState.playbackStatus == .stopped)
        #expect(PlayerEventLog.played(events) == ["1:5000", "2:7000", "3:3000"])
    }

    @Test func prepareToPlayDecodesAheadAndPlayStartsFromIt() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:88200"]))
        #expect(try player.prepareToPlay())
        #expect(player.playerState.isPreparedToPlay)
        #expect(player.playerState.playbackStatus == .paused)
        output.advance(frames: 4096)
        // The prepared pipeline opens the device, then holds it paused with the first audio
        // waiting in the ring: once the device is paused the output thread is parked, so
        // nothing written by then means nothing is played before play().
        #expect(Poll.until(timeout: 20) { output.isPaused }, "the prepared pipeline holds the device paused")
        #expect(output.framesWritten == 0)  // prepared, not playing
        try player.play()
        #expect(player.playerState.playbackStatus == .playing)
        output.advance(frames: 0)
        #expect(output.waitUntilCaughtUp())
        #expect(output.framesWritten == 4096)
        #expect(tags(output.samples).allSatisfy { $0 == 1 })
    }

    @Test func pauseHoldsThePositionAndPlayResumesIt() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:441000"]))
        try player.play()
        output.advance(frames: frames(1))
        output.waitUntilCaughtUp()
        player.pause()
        #expect(player.playerState.playbackStatus == .paused)
        let heldAt = output.framesWritten
        output.advance(frames: frames(2))
        // At most the write already under way completes; then the pipeline holds the device
        // paused and writes nothing more until play.
        #expect(Poll.until(timeout: 20) { output.isPaused }, "the device was paused")
        #expect(output.framesWritten <= heldAt + 2048)
        let time = player.playbackTime
        #expect(time >= 1.0 && time < 1.1)
        try player.play()
        output.waitUntilCaughtUp()
        #expect(output.framesWritten == frames(1) + frames(2))
        // Every frame once, in order: the pause lost and repeated nothing.
        let right = stride(from: 1, to: output.samples.count, by: 2).map { Int(output.samples[$0]) }
        #expect(right.enumerated().allSatisfy { $0.element == $0.offset % 32768 })
    }

    @Test func previousRestartsAfterThreeSecondsAndGoesBackBefore() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:441000", "2:441000"]), startingAt: 1)
        try player.play()
        output.advance(frames: frames(4))
        output.waitUntilCaughtUp()
        #expect(player.playbackTime > 3)
        try player.skipToPreviousEntry()  // more than 3 s in: restart entry 2
        #expect(player.queue.currentEntry?.item.location == "2:441000")
        output.advance(frames: frames(1))
        log.waitForStarts(2)
        output.waitUntilCaughtUp()
        #expect(player.playbackTime < 1.1)
        try player.skipToPreviousEntry()  // under 3 s: go to entry 1
        #expect(player.queue.currentEntry?.item.location == "1:441000")
        output.advance(frames: frames(0.5))
        #expect(log.waitForStarts(3) == ["2:441000", "2:441000", "1:441000"])
    }

    @Test func skipPastTheEndStopsAndSkipIntoAnEmptyQueueIsAnError() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        #expect(throws: PlayerError.emptyQueue) { try player.play() }
        #expect(throws: PlayerError.emptyQueue) { try player.skipToNextEntry() }
        player.setQueue(items(["1:441000", "2:441000"]))
        try player.play()
        output.advance(frames: frames(0.1))
        try player.skipToNextEntry()
        #expect(player.queue.currentEntry?.item.location == "2:441000")
        try player.skipToNextEntry()
        #expect(player.playerState.playbackStatus == .stopped)
    }

    @Test func repeatOneReplaysTheEntryGaplesslyUntilTurnedOff() throws {
        let output = RecordingOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:3000", "2:2000"]))
        player.setRepeatMode(.one)
        try player.play()
        log.waitForStarts(3)
        player.setRepeatMode(.none)
        let events = log.waitForEnd()
        let started = PlayerEventLog.started(events)
        #expect(started.count >= 4)
        #expect(started.dropLast().allSatisfy { $0 == "1:3000" })
        #expect(started.last == "2:2000")
        #expect(runs(output.samples).dropLast().allSatisfy { $0.tag == 1 })
        #expect(tags(output.samples).filter { $0 == 1 }.count % 3000 == 0)  // whole plays only, no lost frames
    }

    @Test(arguments: [ShuffleMode.off, .songs])
    func repeatAllPlaysEveryEntryOncePerCycle(shuffle: ShuffleMode) throws {
        let output = RecordingOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        let names = (1...6).map { "\($0):1000" }
        player.setQueue(items(names))
        player.setShuffleMode(shuffle)
        player.setRepeatMode(.all)
        try player.play()
        let started = log.waitForStarts(12)
        player.stop()
        let first = Array(started[0..<6])
        let second = Array(started[6..<12])
        #expect(Set(first) == Set(names))
        #expect(Set(second) == Set(names))
        #expect(first[0] == "1:1000")  // shuffling keeps the current entry first
        if shuffle == .off { #expect(first == names && second == names) }
    }

    @Test func editsWhilePlayingTakeEffectAtTheNextBoundary() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:10000", "2:10000", "3:10000", "4:10000"]))
        try player.play()
        output.advance(frames: 2048)
        output.waitUntilCaughtUp()
        // The decoder is already well into entry 2 by now; the edits must still win.
        player.insert(items(["9:10000"]), position: .afterCurrentEntry)
        let third = try #require(player.queue.entries.first { $0.item.location == "3:10000" })
        try player.remove([third.id])
        let fourth = try #require(player.queue.entries.first { $0.item.location == "4:10000" })
        try player.move(fourth.id, to: 1)
        output.release()
        let events = log.waitForEnd()
        // Queue order is now 1, 4, 9, 2: Play Next put 9 after 1, 3 is gone, 4 moved to second.
        #expect(PlayerEventLog.started(events) == ["1:10000", "4:10000", "9:10000", "2:10000"])
        #expect(runs(output.samples).map(\.tag) == [1, 4, 9, 2])
        #expect(runs(output.samples).map(\.count) == [10000, 10000, 10000, 10000])
    }

    @Test func removingTheCurrentEntryMovesOnAndClearStops() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:100000", "2:100000", "3:100000"]))
        try player.play()
        output.advance(frames: 4096)
        output.waitUntilCaughtUp()
        try player.remove([try #require(player.queue.currentEntryID)])
        #expect(player.queue.currentEntry?.item.location == "2:100000")
        output.advance(frames: 4096)
        #expect(log.waitForStarts(2) == ["1:100000", "2:100000"])
        player.clear()
        #expect(player.queue.entries.isEmpty)
        #expect(player.playerState.playbackStatus == .stopped)
    }

    @Test func aFailedEntryIsSkippedWithItsReason() throws {
        let output = RecordingOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:2000", "garbage", "2:5000:44100:1000", "3:2000"]))
        try player.play()
        let events = log.waitForEnd()
        #expect(PlayerEventLog.failed(events) == ["garbage", "2:5000:44100:1000"])
        #expect(PlayerEventLog.started(events) == ["1:2000", "2:5000:44100:1000", "3:2000"])
        #expect(runs(output.samples).map(\.count) == [2000, 1000, 2000])
    }

    @Test func everyEntryFailingUnderRepeatAllStopsInsteadOfLooping() throws {
        let output = RecordingOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["bad-a", "bad-b"]))
        player.setRepeatMode(.all)
        try player.play()
        let events = log.waitForEnd()
        #expect(PlayerEventLog.failed(events).count == 2)
        #expect(player.playerState.playbackStatus == .stopped)
    }

    @Test func seekLandsOnTheFrameAndReportsTheTime() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:441000"]))
        try player.play()
        output.advance(frames: 4096)
        output.waitUntilCaughtUp()
        log.waitForStarts(1)
        try player.seek(to: 2.0)
        // The write already under way finishes (a real device drops it: discardBuffered), then
        // the first frame after the seek is frame 88200.
        output.advance(frames: 2048)
        log.waitForStarts(2)
        output.waitUntilCaughtUp()
        let samples = output.samples
        let right = stride(from: 1, to: samples.count, by: 2).map { Int(samples[$0]) }
        let landed = try #require((4096..<right.count).first { right[$0] == 88_200 % 32768 })
        #expect(landed == 4096 || landed == 4096 + 1024)  // with or without the write under way
        #expect((landed..<right.count).allSatisfy { right[$0] == (88_200 + $0 - landed) % 32768 })
        let heard = Double(right.count - landed) / 44_100
        // The position is published just after each write returns: wait for it.
        #expect(Poll.until(timeout: 10) { abs(player.playbackTime - (2.0 + heard)) < 0.001 }, "position \(player.playbackTime)")
    }

    @Test func aSeekWhilePausedShowsItsTargetAndPlaysFromThere() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:441000"]))
        try player.play()
        output.advance(frames: 4096)
        output.waitUntilCaughtUp()
        log.waitForStarts(1)
        player.pause()
        try player.seek(to: 5.0)
        #expect(player.playbackTime == 5.0, "the position a front end shows is where play will start")
        try player.seek(to: 0)
        #expect(player.playbackTime == 0)
        try player.play()
        output.advance(frames: 8192)
        #expect(log.waitForStarts(2).count == 2)
        output.waitUntilCaughtUp()
        let right = stride(from: 1, to: output.samples.count, by: 2).map { Int(output.samples[$0]) }
        let landed = try #require((4096..<right.count).first { right[$0] == 0 }, "frame 0 is heard again after the pause")
        #expect((landed..<right.count).allSatisfy { right[$0] == ($0 - landed) % 32768 })
    }

    /// A saved position or a client's seek may hold any Double: 1e300 traps in `Int(target × rate)`
    /// without the check, NaN and negatives must start the entry.
    @Test(arguments: [1e300, Double.infinity, -Double.infinity, Double.nan, -5])
    func aSeekToAnyNumberLandsInsideTheEntry(_ seconds: Double) throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:441000"]))
        try player.play()
        output.advance(frames: 4096)
        output.waitUntilCaughtUp()
        log.waitForStarts(1)
        player.pause()
        try player.seek(to: seconds)
        let shown = player.playbackTime
        #expect(shown.isFinite && shown >= 0 && shown <= 10, "\(seconds) → \(shown)")
    }

    @Test func historyCountsEntriesHeardPastHalfUnlessTheQueueOptsOut() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:88064", "2:88064", "3:2048"]))
        try player.play()
        output.advance(frames: 1024 * 50)  // past half of entry 1
        output.waitUntilCaughtUp()
        try player.skipToNextEntry()
        output.advance(frames: 1024 * 10)  // not past half of entry 2
        log.waitForStarts(2)
        output.waitUntilCaughtUp()
        try player.skipToNextEntry()
        output.release()
        let events = log.waitForEnd()
        #expect(PlayerEventLog.played(events) == ["1:88064", "3:2048"])

        let quiet = PlayerEventLog()
        let other = makePlayer(RecordingOutput(), quiet)
        defer { other.shutdown() }
        other.setQueue(items(["1:2048"]), affectsListeningHistory: false)
        try other.play()
        #expect(PlayerEventLog.played(quiet.waitForEnd()).isEmpty)
    }

    @Test func volumeScalesTheSamples() throws {
        let output = RecordingOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setVolume(0.5)
        player.setQueue(items(["1000:4096"]))
        try player.play()
        _ = log.waitForEnd()
        #expect(Set(tags(output.samples)) == [250])  // 0.5² = 0.25 of full scale
        #expect(player.playerState.volume == 0.5)
    }

    @Test func crossfadeOverlapsConsecutiveEntries() throws {
        let output = RecordingOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setCrossfade(seconds: 0.1)  // 4410 frames
        player.setQueue(items(["1000:44100", "3000:44100"]))
        try player.play()
        _ = log.waitForEnd()
        let left = tags(output.samples)
        #expect(left.count == 44_100 * 2 - 4410)  // the overlap is heard once
        #expect(left[0] == 1000 && left[44_100 - 4410 - 1] == 1000)
        #expect(left[44_100 - 4410 + 2205] > 1900 && left[44_100 - 4410 + 2205] < 2100)  // halfway: the mean
        #expect(left.last == 3000)
    }

    @Test func aContainerStartsAtOnceAndItsLaterBatchesPlayInOrder() throws {
        let output = RecordingOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        let batches = ConditionLock([["2:1000", "3:1000"], ["4:1000"], ["5:1000", "6:1000"]])
        player.setQueue(
            firstBatch: items(["1:1000"]),
            moreBatches: {
                sleepSeconds(0.05)  // a slow source: playback must not wait for it
                return batches.withLock { $0.isEmpty ? nil : items($0.removeFirst()) }
            })
        try player.play()
        let events = log.waitForEnd()
        #expect(PlayerEventLog.started(events) == (1...6).map { "\($0):1000" })
        #expect(runs(output.samples).map(\.tag) == [1, 2, 3, 4, 5, 6])
    }

    /// A 100 s entry playing on a manual clock, its first 4096 frames written.
    private func playingOnAManualClock() throws -> (MusicPlayer, ManualClockOutput, PlayerEventLog, ManualClock) {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let clock = ManualClock()
        let player = MusicPlayer(
            decoders: FakeDecoderFactory(), converter: { FakeConverter(from: $0, to: $1, channels: $2) }, makeOutput: { output },
            openSource: { NamedSource($0.location) }, onEvent: { log.record($0) }, clock: { clock.now })
        player.setQueue(items(["1:4410000"]))  // 100 s
        try player.play()
        output.advance(frames: 4096)
        output.waitUntilCaughtUp()
        log.waitForStarts(1)
        return (player, output, log, clock)
    }

    /// Scanning jumps two seconds every quarter second of the player's clock, here a manual one:
    /// the jumps are checked when the player is called, so each reading below is exact.
    @Test func scanningForwardJumpsAheadAndScanningBackwardStopsAtTheStart() throws {
        let (player, _, log, clock) = try playingOnAManualClock()
        defer { player.shutdown() }
        // The position is published just after each write returns: wait for it.
        let heard = 4096.0 / 44_100
        #expect(Poll.until(timeout: 10) { player.playbackTime == heard }, "position \(player.playbackTime)")
        player.beginSeekingForward()
        #expect(player.playerState.playbackStatus == .seekingForward)
        // No audio plays meanwhile (the output is held), so only the jumps move the position.
        clock.advance(0.2)
        #expect(player.playbackTime == heard, "not a quarter second yet")
        clock.advance(0.05)
        #expect(player.playbackTime == heard + 2)
        clock.advance(0.25)
        #expect(player.playbackTime == heard + 4)
        clock.advance(0.75)  // a late look: straight to where the scan should be
        player.endSeeking()
        #expect(player.playerState.playbackStatus == .playing)
        #expect(player.playbackTime == heard + 10)
        clock.advance(1)
        #expect(player.playbackTime == heard + 10, "no jumps after the scan ended")

        player.beginSeekingBackward()
        #expect(player.playerState.playbackStatus == .seekingBackward)
        clock.advance(0.25)
        #expect(player.playbackTime == heard + 10 - 2)
        // Backward, the scan reaches the start, stays there and ends by itself: playing from 0.
        clock.advance(1.25)
        #expect(player.playerState.playbackStatus == .playing, "the backward scan ended at the start")
        #expect(player.playbackTime == 0)
        #expect(player.queue.currentEntry?.item.location == "1:4410000")
        let statuses = log.all.compactMap { event -> PlaybackStatus? in
            if case .stateChanged(let state) = event { state.playbackStatus } else { nil }
        }
        #expect(statuses.suffix(2) == [.seekingBackward, .playing])
    }

    /// With nobody calling the player, the pipeline's position reports (sent only while scanning)
    /// are what make a due jump happen.
    @Test func theOutputPlayingDrivesAScanWithNobodyCalling() throws {
        let (player, output, log, clock) = try playingOnAManualClock()
        defer { player.shutdown() }
        func scanStates(_ events: [PlayerEvent]) -> Int {
            events.filter { if case .stateChanged(let state) = $0 { state.playbackStatus == .seekingForward } else { false } }.count
        }
        player.beginSeekingForward()
        #expect(scanStates(log.all) == 1)
        clock.advance(0.25)  // a jump is due, but nobody asks
        #expect(scanStates(log.all) == 1)
        output.advance(frames: 2048)  // the output writes, publishes its position, and reports it
        let events = log.wait { scanStates($0) >= 2 }
        #expect(scanStates(events) == 2, "the position report made the jump")
    }

    @Test func restartPlaysTheCurrentEntryFromItsFirstFrame() throws {
        let output = ManualClockOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        player.setQueue(items(["1:441000", "2:441000"]), startingAt: 1)
        try player.play()
        output.advance(frames: frames(1))
        output.waitUntilCaughtUp()
        log.waitForStarts(1)
        try player.restartCurrentEntry()
        #expect(player.playbackTime == 0)
        #expect(player.queue.currentEntry?.item.location == "2:441000")
        output.advance(frames: 8192)
        #expect(log.waitForStarts(2) == ["2:441000", "2:441000"])
        output.waitUntilCaughtUp()
        let right = stride(from: 1, to: output.samples.count, by: 2).map { Int(output.samples[$0]) }
        let restarted = try #require((frames(1)..<right.count).first { right[$0] == 0 }, "frame 0 is heard again")
        #expect((restarted..<right.count).allSatisfy { right[$0] == ($0 - restarted) % 32768 })
    }

    @Test func anEntryThatIsNotInTheQueueIsRefusedAndNothingChanges() throws {
        let log = PlayerEventLog()
        let player = makePlayer(ManualClockOutput(), log)
        defer { player.shutdown() }
        player.setQueue(items(["1:441000", "2:441000"]))
        let before = player.queue
        let stranger = QueueEntryID(rawValue: 999_999)
        #expect(throws: PlayerError.unknownEntry) { try player.setCurrentEntry(stranger) }
        #expect(throws: PlayerError.unknownEntry) { try player.move(stranger, to: 0) }
        #expect(throws: PlayerError.unknownEntry) { try player.remove([stranger]) }
        #expect(player.queue.entries == before.entries)
        #expect(player.queue.currentEntryID == before.currentEntryID)
        #expect(PlayerError.unknownEntry.description == "That entry is not in the queue.")
    }

    /// A skip made while the output is reporting the start of the entry it was just asked for
    /// (the window between taking the start from the pipeline and announcing it) must not be
    /// undone by that late announcement: the reply to `next` and every event name the entry
    /// the user skipped to.
    @Test func aLateStartOfAnAbandonedEntryDoesNotMoveTheQueueBack() throws {
        let output = HeldStartOutput()
        let log = PlayerEventLog()
        let player = makePlayer(output, log)
        defer { player.shutdown() }
        defer { output.letGo() }  // never leave the output thread held, even when the test fails
        player.setQueue(items(["1:441000", "2:441000", "3:441000"]))
        try player.play()
        log.waitForStarts(1)
        output.holdNextDiscard()
        try player.skipToNextEntry()  // to entry 2: the output takes its start, then is held
        try #require(output.waitUntilHeld(), "the output thread reached the start of entry 2")
        try player.skipToNextEntry()  // to entry 3 while entry 2's start is still being reported
        #expect(player.queue.currentEntry?.item.location == "3:441000")
        output.letGo()
        let started = log.waitForStarts(2)
        #expect(started == ["1:441000", "3:441000"], "entry 2 was abandoned before it was announced")
        #expect(player.queue.currentEntry?.item.location == "3:441000")
        let currents = log.all.compactMap { event -> String? in
            if case .queueChanged(let queue) = event { return queue.currentEntry?.item.location }
            return nil
        }
        #expect(!currents.drop { $0 != "3:441000" }.contains("2:441000"), "no event moved the queue back to entry 2")
    }

    @Test func aFailingOutputInterruptsAndPlayTriesAgain() throws {
        let log = PlayerEventLog()
        let player = makePlayer(RecordingOutput(failOnOpen: .output("No sound device.")), log)
        defer { player.shutdown() }
        player.setQueue(items(["1:1000"]))
        try player.play()
        let events = log.wait { $0.contains { if case .outputFailed = $0 { true } else { false } } }
        #expect(events.contains { if case .outputFailed("No sound device.") = $0 { true } else { false } })
        #expect(player.playerState.playbackStatus == .interrupted)
        #expect(player.queue.entries.count == 1)  // nothing lost
    }
}

/// A clock that moves only when the test says so.
private final class ManualClock: Sendable {
    private let seconds = ConditionLock(1000.0)
    var now: Double { seconds.withLock { $0 } }
    func advance(_ by: Double) { seconds.withLock { $0 += by } }
}

/// An output whose device never plays on its own: a write waits until the pipeline interrupts
/// it (a skip or a seek), and then writes are dropped until the queued audio is discarded. On
/// request it holds the output thread inside the next `discardBuffered`, which the pipeline
/// calls after taking a new track's start and before announcing it.
private final class HeldStartOutput: AudioOutput, @unchecked Sendable {
    private struct State {
        var dropping = false
        var armed = false
        var held = false
        var closed = false
    }

    private let lock = ConditionLock(State())

    var name: String { "held-start" }
    func open(_ format: PCMFormat) throws -> PCMFormat { format }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        lock.wait(until: { $0.dropping || $0.closed }) { _ in }
    }

    func interruptWrite() { lock.withLockBroadcast { $0.dropping = true } }
    func setPaused(_ paused: Bool) {}
    func drain() throws {}
    var bufferedFrames: Int { 0 }
    func close() { lock.withLockBroadcast { $0.closed = true } }

    func discardBuffered() {
        lock.withLockBroadcast { s in
            if s.armed {
                s.armed = false
                s.held = true
            }
        }
        lock.wait(until: { !$0.held || $0.closed }) { $0.dropping = false }
    }

    /// Holds the output thread in the next `discardBuffered` until `letGo`.
    func holdNextDiscard() { lock.withLockBroadcast { $0.armed = true } }

    /// Waits up to 10 s for the output thread to be held; true when it is.
    func waitUntilHeld() -> Bool { lock.wait(until: { $0.held }, timeout: 10) { $0.held } }

    func letGo() { lock.withLockBroadcast { $0.held = false } }
}
