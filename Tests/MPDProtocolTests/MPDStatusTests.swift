import MPDProtocol
import MusicModel
import Session
import TestSupport
import Testing

/// `status` and `currentsong` as MPD clients read them, field by field.
@Suite struct MPDStatusTests {
    /// Three 10 s entries queued through the session (the queue autoplays the first).
    private func rigWithThree() throws -> MPDRig {
        let rig = try MPDRig()
        _ = try rig.session.perform(.add(["1:441000", "2:441000", "3:441000"], position: .tail)).get()
        return rig
    }

    /// Lets 44 chunks of 1,024 frames play (1.022 s) and waits until the first entry is heard.
    private func hearFirst(_ rig: MPDRig) {
        rig.output.advance(frames: 44 * 1024)
        #expect(Poll.until(timeout: 5) { rig.session.snapshot.position >= 1 && rig.session.snapshot.heardFormat != nil })
    }

    private func ids(_ rig: MPDRig) -> [String] { rig.session.queue.entries.map { String($0.id.rawValue) } }

    @Test func anEmptyStoppedQueueHasOnlyTheModesAndTheQueueLines() throws {
        let rig = try MPDRig()
        let version = rig.session.snapshot.queueVersion % (1 << 31)
        #expect(
            try rig.run("status").get() == """
                volume: 100
                repeat: 0
                random: 0
                single: 0
                consume: 0
                partition: default
                playlist: \(version)
                playlistlength: 0
                mixrampdb: 0
                state: stop

                """)
        #expect(try rig.run("currentsong").get() == "")
    }

    @Test func playingShowsTheSongTheTimesTheFormatAndTheNextSong() throws {
        let rig = try rigWithThree()
        hearFirst(rig)
        let status = try rig.pairs("status")
        let keys = status.map(\.key)
        #expect(
            keys == [
                "volume", "repeat", "random", "single", "consume", "partition", "playlist", "playlistlength", "mixrampdb", "state",
                "song", "songid", "time", "elapsed", "bitrate", "duration", "audio", "nextsong", "nextsongid",
            ])
        let value = Dictionary(status.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        let ids = ids(rig)
        #expect(value["state"] == "play")
        #expect(value["playlistlength"] == "3")
        #expect(value["song"] == "0" && value["songid"] == ids[0])
        #expect(value["nextsong"] == "1" && value["nextsongid"] == ids[1])
        #expect(value["time"] == "1:10")
        #expect(value["elapsed"] == "1.022")
        #expect(value["duration"] == "10.000")
        #expect(value["audio"] == "44100:16:2")
    }

    @Test func pausedKeepsTheTimesAndStoppedDropsThem() throws {
        let rig = try rigWithThree()
        try rig.run("pause").get()
        #expect(try rig.value("state", in: "status") == "pause")
        #expect(try rig.value("elapsed", in: "status") == "0.000")
        try rig.run("stop").get()
        let keys = try rig.pairs("status").map(\.key)
        #expect(try rig.value("state", in: "status") == "stop")
        #expect(keys.contains("song") && keys.contains("songid"), "a stopped queue still has a current song")
        #expect(!keys.contains("elapsed") && !keys.contains("time") && !keys.contains("audio") && !keys.contains("bitrate"))
    }

    @Test func theLastEntryHasNoNextSongUnlessTheQueueRepeats() throws {
        let rig = try rigWithThree()
        try rig.run("play", "2").get()
        #expect(try rig.value("song", in: "status") == "2")
        #expect(try rig.value("nextsong", in: "status") == nil)
        try rig.run("repeat", "1").get()
        #expect(try rig.value("nextsong", in: "status") == "0")
        try rig.run("single", "1").get()
        #expect(try rig.value("nextsong", in: "status") == "2", "repeat + single plays the same song again")
    }

    @Test func crossfadeShowsOnlyWhenOn() throws {
        let rig = try rigWithThree()
        #expect(try rig.value("xfade", in: "status") == nil)
        try rig.run("crossfade", "5").get()
        #expect(try rig.value("xfade", in: "status") == "5")
        try rig.run("crossfade", "0").get()
        #expect(try rig.value("xfade", in: "status") == nil)
    }

    @Test func theQueueVersionIsThirtyOneBitsAndMovesWithEveryEdit() throws {
        let rig = try rigWithThree()
        let before = try #require(try rig.value("playlist", in: "status").flatMap { UInt64($0) })
        #expect(before < 1 << 31)
        #expect(before == rig.session.snapshot.queueVersion % (1 << 31))
        try rig.run("delete", "2").get()
        let after = try #require(try rig.value("playlist", in: "status").flatMap { UInt64($0) })
        #expect(after != before)
        #expect(try rig.value("playlistlength", in: "status") == "2")
    }

    @Test func currentSongIsTheEntrysBlock() throws {
        let rig = try rigWithThree()
        hearFirst(rig)
        let id = ids(rig)[0]
        #expect(
            try rig.run("currentsong").get() == """
                file: 1:441000
                Title: 1:441000
                Time: 10
                duration: 10.000
                Pos: 0
                Id: \(id)

                """)
    }
}
