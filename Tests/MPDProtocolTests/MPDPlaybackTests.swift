import MPDProtocol
import MusicModel
import Player
import Session
import TestSupport
import Testing

/// The transport and the options as MPD commands: what plays after each, and MPD's refusals.
@Suite struct MPDPlaybackTests {
    private func rigWithThree() throws -> MPDRig {
        let rig = try MPDRig()
        _ = try rig.session.perform(.add(["1:441000", "2:441000", "3:441000"], position: .tail)).get()
        return rig
    }

    private func current(_ rig: MPDRig) -> String? { rig.session.snapshot.current?.item.location }
    private func status(_ rig: MPDRig) -> PlaybackStatus { rig.session.snapshot.state.playbackStatus }

    private func ack(_ result: Result<String, MPDAck>) -> String? {
        if case .failure(let ack) = result { return ack.line }
        return nil
    }

    @Test func playAndPlayIDChooseTheEntryAndRefuseWhatIsNotThere() throws {
        let rig = try rigWithThree()
        try rig.run("play", "1").get()
        #expect(current(rig) == "2:441000" && status(rig) == .playing)
        let third = rig.session.queue.entries[2].id.rawValue
        try rig.run("playid", String(third)).get()
        #expect(current(rig) == "3:441000")
        #expect(ack(rig.run("play", "3")) == "ACK [2@0] {play} Bad song index")
        #expect(ack(rig.run("playid", "999")) == "ACK [50@0] {playid} No such song")
        #expect(ack(rig.run("play", "x")) == "ACK [2@0] {play} Integer expected: x")
        #expect(current(rig) == "3:441000", "a refused play changes nothing")
    }

    @Test func pauseWithoutAnArgumentTogglesAndNeverStartsAStoppedPlayer() throws {
        let rig = try rigWithThree()
        try rig.run("pause").get()
        #expect(status(rig) == .paused)
        try rig.run("pause").get()
        #expect(status(rig) == .playing)
        try rig.run("pause", "1").get()
        #expect(status(rig) == .paused)
        try rig.run("pause", "0").get()
        #expect(status(rig) == .playing)
        try rig.run("stop").get()
        try rig.run("pause").get()
        try rig.run("pause", "0").get()
        #expect(status(rig) == .stopped)
        #expect(ack(rig.run("pause", "2")) == "ACK [2@0] {pause} Boolean (0/1) expected: 2")
        try rig.run("play").get()
        #expect(status(rig) == .playing && current(rig) == "1:441000")
    }

    @Test func nextAndPreviousMoveThroughTheQueueOnlyWhilePlaying() throws {
        let rig = try rigWithThree()
        try rig.run("next").get()
        #expect(current(rig) == "2:441000")
        try rig.run("previous").get()
        #expect(current(rig) == "1:441000")
        try rig.run("stop").get()
        #expect(ack(rig.run("next")) == "ACK [55@0] {next} Not playing")
        #expect(ack(rig.run("previous")) == "ACK [55@0] {previous} Not playing")
        #expect(current(rig) == "1:441000")
    }

    @Test func seekCurGoesToATimeOrByOneAndNeedsSomethingPlaying() throws {
        let rig = try rigWithThree()
        try rig.run("seekcur", "4").get()
        #expect(try rig.value("elapsed", in: "status") == "4.000")
        try rig.run("seekcur", "+2.5").get()
        #expect(try rig.value("elapsed", in: "status") == "6.500")
        try rig.run("seekcur", "-1.5").get()
        #expect(try rig.value("elapsed", in: "status") == "5.000")
        try rig.run("seek", "0", "2").get()
        #expect(try rig.value("elapsed", in: "status") == "2.000")
        #expect(ack(rig.run("seek", "7", "2")) == "ACK [2@0] {seek} Bad song index")
        #expect(ack(rig.run("seekid", "999", "2")) == "ACK [50@0] {seekid} No such song")
        #expect(ack(rig.run("seekcur", "abc")) == "ACK [2@0] {seekcur} Float expected: abc")
        try rig.run("stop").get()
        #expect(ack(rig.run("seekcur", "3")) == "ACK [55@0] {seekcur} Not playing")
    }

    @Test func volumeIsSetChangedAndReadInPercent() throws {
        let rig = try rigWithThree()
        try rig.run("setvol", "40").get()
        #expect(try rig.run("getvol").get() == "volume: 40\n")
        try rig.run("volume", "-10").get()
        #expect(try rig.value("volume", in: "status") == "30")
        try rig.run("volume", "+90").get()
        #expect(try rig.value("volume", in: "status") == "100")
        #expect(ack(rig.run("setvol", "101")) == "ACK [2@0] {setvol} Number too large: 101")
        #expect(ack(rig.run("setvol", "-1")) == "ACK [2@0] {setvol} Number is negative: -1")
        #expect(abs(rig.session.snapshot.state.volume - 1) < 1e-9)
    }

    @Test func repeatAndSingleTogetherAreRepeatOne() throws {
        let rig = try rigWithThree()
        try rig.run("repeat", "1").get()
        #expect(rig.session.snapshot.state.repeatMode == .all)
        try rig.run("single", "1").get()
        #expect(rig.session.snapshot.state.repeatMode == .one)
        #expect(try rig.value("repeat", in: "status") == "1")
        #expect(try rig.value("single", in: "status") == "1")
        try rig.run("single", "0").get()
        #expect(rig.session.snapshot.state.repeatMode == .all)
        #expect(try rig.value("single", in: "status") == "0")
        #expect(ack(rig.run("single", "2")) == "ACK [2@0] {single} Unrecognized single mode, expected 0, 1, or oneshot")
        #expect(ack(rig.run("repeat")) == "ACK [2@0] {repeat} wrong number of arguments for \"repeat\"")
    }

    @Test func singleAloneAndOneshotAreTheEnginesSingleModes() throws {
        let rig = try rigWithThree()
        try rig.run("single", "1").get()
        #expect(rig.session.snapshot.state.singleMode == .on && rig.session.snapshot.state.repeatMode == .none)
        try rig.run("single", "oneshot").get()
        #expect(rig.session.snapshot.state.singleMode == .oneshot)
        #expect(try rig.value("single", in: "status") == "oneshot")
        try rig.run("single", "0").get()
        #expect(rig.session.snapshot.state.singleMode == .off)
        try rig.run("repeat", "1").get()
        try rig.run("single", "1").get()
        try rig.run("repeat", "0").get()
        #expect(rig.session.snapshot.state.repeatMode == .none && rig.session.snapshot.state.singleMode == .on)
        #expect(try rig.value("repeat", in: "status") == "0")
        #expect(try rig.value("single", in: "status") == "1", "turning repeat off leaves single on")
    }

    @Test func consumeTakesPlayedEntriesOutOfTheQueue() throws {
        let rig = try rigWithThree()
        try rig.run("consume", "1").get()
        #expect(try rig.value("consume", in: "status") == "1")
        try rig.run("next").get()
        #expect(rig.session.queue.entries.map(\.item.location) == ["2:441000", "3:441000"])
        #expect(current(rig) == "2:441000")
        try rig.run("consume", "0").get()
        #expect(rig.session.snapshot.state.consumeMode == .off)
        #expect(ack(rig.run("consume", "oneshot")) == "ACK [2@0] {consume} Boolean (0/1) expected: oneshot")
    }

    @Test func seekToAnotherEntryPlaysItFromThereAndKeepsAPause() throws {
        let rig = try rigWithThree()
        try rig.run("seek", "2", "3").get()
        #expect(current(rig) == "3:441000" && status(rig) == .playing)
        #expect(try rig.value("elapsed", in: "status") == "3.000")
        try rig.run("pause").get()
        try rig.run("seekid", String(rig.session.queue.entries[1].id.rawValue), "4").get()
        #expect(current(rig) == "2:441000" && status(rig) == .paused)
        #expect(try rig.value("elapsed", in: "status") == "4.000")
        try rig.run("stop").get()
        try rig.run("seek", "0", "5").get()
        #expect(current(rig) == "1:441000" && status(rig) == .playing, "seek starts a stopped player, as in MPD")
    }

    @Test func randomIsShuffle() throws {
        let rig = try rigWithThree()
        try rig.run("random", "1").get()
        #expect(rig.session.snapshot.state.shuffleMode == .songs)
        #expect(try rig.value("random", in: "status") == "1")
        try rig.run("random", "0").get()
        #expect(rig.session.snapshot.state.shuffleMode == .off)
        #expect(ack(rig.run("random", "2")) == "ACK [2@0] {random} Boolean (0/1) expected: 2")
    }

    @Test func crossfadeTakesWholeSecondsUpToThirty() throws {
        let rig = try rigWithThree()
        try rig.run("crossfade", "3").get()
        #expect(rig.session.snapshot.state.crossfadeSeconds == 3)
        try rig.run("crossfade", "40").get()
        #expect(rig.session.snapshot.state.crossfadeSeconds == 30)
        #expect(ack(rig.run("crossfade", "-1")) == "ACK [2@0] {crossfade} Number is negative: -1")
    }
}
