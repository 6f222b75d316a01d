import Library
import MPDProtocol
import MusicModel
import Session
import TestSupport
import Testing

/// The queue as MPD commands list and edit it: the reply text, and the queue after each edit.
@Suite struct MPDQueueTests {
    /// Entries `1:441000` … `N:441000`, the first current and playing; the library folder
    /// `/music` is the URI tree's `music/`. Returns once the first entry is heard and its
    /// length is in the queue: that update is a queue edit of its own, which would otherwise
    /// land at a moment of the player's choosing among the versions a test compares.
    private func rig(_ count: Int) throws -> MPDRig {
        let rig = try songsRig()
        let items = (1...count).map { "\($0):441000" }
        _ = try rig.session.perform(.add(items, position: .tail)).get()
        rig.output.advance(frames: 1024)
        try #require(Poll.until(timeout: 5) { rig.session.queue.entries.first?.item.duration != nil })
        return rig
    }

    /// A rig whose library holds `/music/a.mp3` … `/music/f.mp3` (MPD adds only what its
    /// database holds).
    private func songsRig() throws -> MPDRig {
        let rig = try MPDRig(folders: ["/music"])
        _ = try rig.library.addLibraryFolder("/music")
        let tracks = ["a", "b", "c", "d", "e", "f"].map { (name: String) in
            LocalTrack(
                path: "/music/\(name).mp3", folder: "/music", stamp: FileStamp(size: 1000, modified: 1),
                tags: TrackTags(format: "mp3", title: name, duration: 30))
        }
        try rig.library.store(ScanBatch(folder: "/music", tracks: tracks))
        return rig
    }

    private func locations(_ rig: MPDRig) -> [String] { rig.session.queue.entries.map(\.item.location) }
    private func id(_ rig: MPDRig, _ index: Int) -> String { String(rig.session.queue.entries[index].id.rawValue) }

    private func ack(_ result: Result<String, MPDAck>) -> String? {
        if case .failure(let ack) = result { return ack.line }
        return nil
    }

    /// The `(key, value)` pairs of a reply whose key is one of `keys`.
    private func only(_ keys: Set<String>, _ pairs: [(key: String, value: String)]) -> [String] {
        pairs.filter { keys.contains($0.key) }.map { "\($0.key): \($0.value)" }
    }

    @Test func playlistInfoListsTheQueueOrARangeOfIt() throws {
        let rig = try rig(3)
        #expect(
            try rig.run("playlistinfo", "1").get() == """
                file: 2:441000
                Title: 2:441000
                Pos: 1
                Id: \(id(rig, 1))

                """)
        #expect(
            only(["file", "Pos"], try rig.pairs("playlistinfo")) == [
                "file: 1:441000", "Pos: 0", "file: 2:441000", "Pos: 1", "file: 3:441000", "Pos: 2",
            ])
        #expect(only(["Pos"], try rig.pairs("playlistinfo", "1:")) == ["Pos: 1", "Pos: 2"])
        #expect(only(["Pos"], try rig.pairs("playlistinfo", "0:2")) == ["Pos: 0", "Pos: 1"])
        #expect(only(["Pos"], try rig.pairs("playlistinfo", "-1")).count == 3)
        // MPD 0.23 answers a range past the end with nothing.
        #expect(try rig.run("playlistinfo", "3").get() == "")
        #expect(ack(rig.run("playlistinfo", "9")) == "ACK [2@0] {playlistinfo} Bad song index")
        #expect(ack(rig.run("playlistinfo", "2:1")) == "ACK [2@0] {playlistinfo} Bad range: 2:1")
    }

    @Test func playlistIDFindsOneEntryOrAll() throws {
        let rig = try rig(3)
        #expect(only(["file", "Id"], try rig.pairs("playlistid", id(rig, 2))) == ["file: 3:441000", "Id: \(id(rig, 2))"])
        #expect(only(["Pos"], try rig.pairs("playlistid")).count == 3)
        #expect(ack(rig.run("playlistid", "999")) == "ACK [50@0] {playlistid} No such song")
    }

    @Test func addPutsTheItemAtTheEndAndRefusesWhatIsOutsideTheTree() throws {
        let rig = try rig(3)
        try rig.run("add", "music/a.mp3").get()
        #expect(locations(rig).last == "/music/a.mp3")
        #expect(try rig.run("addid", "music/b.mp3").get() == "Id: \(id(rig, 4))\n")
        #expect(locations(rig).last == "/music/b.mp3")
        #expect(rig.session.snapshot.current?.item.location == "1:441000", "adding does not change the current entry")
        #expect(ack(rig.run("add", "/etc/passwd")) == "ACK [50@0] {add} No such directory")
        #expect(ack(rig.run("add", "music/../../etc/passwd")) == "ACK [50@0] {add} No such directory")
        #expect(ack(rig.run("addid", "music/not-scanned.mp3")) == "ACK [50@0] {addid} No such directory")
        #expect(ack(rig.run("addid", "music/e.mp3", "99")) == "ACK [2@0] {addid} Bad position")
        #expect(ack(rig.run("addid", "music/e.mp3", "+x")) == "ACK [2@0] {addid} Integer expected: +x")
        #expect(locations(rig).count == 5)
    }

    @Test func addingAFolderAddsItsSongsInPathOrder() throws {
        let rig = try MPDRig(folders: ["/music"])
        _ = try rig.library.addLibraryFolder("/music")
        let tracks = ["/music/b/2.flac", "/music/a/1.flac", "/music/a/2.flac", "/music/c.flac"].map { path in
            LocalTrack(
                path: path, folder: "/music", stamp: FileStamp(size: 1000, modified: 1),
                tags: TrackTags(format: "flac", title: "T " + path, artist: "Ada", album: "Firsts", duration: 61.5))
        }
        try rig.library.store(ScanBatch(folder: "/music", tracks: tracks))
        try rig.run("add", "music/a").get()
        #expect(locations(rig) == ["/music/a/1.flac", "/music/a/2.flac"])
        try rig.run("add", "music").get()
        #expect(locations(rig).count == 6)
        #expect(Array(locations(rig).suffix(4)) == ["/music/a/1.flac", "/music/a/2.flac", "/music/b/2.flac", "/music/c.flac"])
        #expect(
            only(["file", "Title", "Artist", "Album", "Time"], try rig.pairs("playlistinfo", "0")) == [
                "file: music/a/1.flac", "Artist: Ada", "Album: Firsts", "Title: T /music/a/1.flac", "Time: 62",
            ], "a library song's block has its tags and length from the library")
    }

    @Test func addPutsTheItemAtAPositionOrRelativeToTheCurrentEntry() throws {
        let rig = try rig(3)
        #expect(try rig.run("addid", "music/b.mp3", "1").get() == "Id: \(id(rig, 1))\n")
        #expect(locations(rig) == ["1:441000", "/music/b.mp3", "2:441000", "3:441000"])
        try rig.run("play", "2").get()
        try rig.run("addid", "music/c.mp3", "+0").get()
        #expect(locations(rig)[3] == "/music/c.mp3", "+0 is right after the current entry")
        try rig.run("add", "music/d.mp3", "-0").get()
        #expect(locations(rig)[2] == "/music/d.mp3", "-0 is right before it")
        try rig.run("add", "music/e.mp3", "+1").get()
        #expect(
            locations(rig) == ["1:441000", "/music/b.mp3", "/music/d.mp3", "2:441000", "/music/c.mp3", "/music/e.mp3", "3:441000"])
        #expect(rig.session.snapshot.current?.item.location == "2:441000", "adding does not change the current entry")
        #expect(try rig.value("nextsong", in: "status") == "4", "what was added right after the current entry plays next")
        #expect(ack(rig.run("add", "music/f.mp3", "-9")) == "ACK [2@0] {add} Bad position")
    }

    @Test func swapShuffleAndMoveOfARangeReorderTheQueue() throws {
        let rig = try rig(5)
        try rig.run("move", "0:2", "1").get()
        #expect(locations(rig) == ["3:441000", "1:441000", "2:441000", "4:441000", "5:441000"])
        try rig.run("swap", "0", "4").get()
        #expect(locations(rig) == ["5:441000", "1:441000", "2:441000", "4:441000", "3:441000"])
        try rig.run("swapid", id(rig, 1), id(rig, 2)).get()
        #expect(locations(rig) == ["5:441000", "2:441000", "1:441000", "4:441000", "3:441000"])
        #expect(rig.session.snapshot.current?.item.location == "1:441000", "the current entry stays current")
        #expect(ack(rig.run("move", "3:5", "4")) == "ACK [2@0] {move} Number too large: 4")
        #expect(ack(rig.run("swap", "0", "5")) == "ACK [2@0] {swap} Bad song index")
        #expect(ack(rig.run("swapid", id(rig, 0), "999")) == "ACK [50@0] {swapid} No such song")
    }

    @Test func shuffleReordersTheQueueOrARangeAndKeepsTheCurrentEntry() throws {
        let rig = try rig(20)
        let before = locations(rig)
        try rig.run("shuffle", "15:").get()
        #expect(Array(locations(rig).prefix(15)) == Array(before.prefix(15)), "only the range moves")
        #expect(Set(locations(rig).suffix(5)) == Set(before.suffix(5)))
        let version = try #require(try rig.value("playlist", in: "status"))
        try rig.run("shuffle").get()
        #expect(locations(rig) != before && Set(locations(rig)) == Set(before))
        #expect(rig.session.snapshot.current?.item.location == "1:441000")
        #expect(only(["Pos"], try rig.pairs("plchanges", version)).count == 20, "a shuffle changes every position")
    }

    @Test func anInsertReportsEveryEntryItShifted() throws {
        let rig = try rig(3)
        let version = try #require(try rig.value("playlist", in: "status"))
        try rig.run("addid", "music/b.mp3", "1").get()
        #expect(
            only(["cpos", "Id"], try rig.pairs("plchangesposid", version)) == [
                "cpos: 1", "Id: \(id(rig, 1))", "cpos: 2", "Id: \(id(rig, 2))", "cpos: 3", "Id: \(id(rig, 3))",
            ], "an insert shifts every later entry, and MPD counts those as changed")
    }

    @Test func aRelativePositionNeedsACurrentSong() throws {
        let rig = try songsRig()
        #expect(ack(rig.run("addid", "music/a.mp3", "+0")) == "ACK [55@0] {addid} No current song")
        #expect(rig.session.queue.entries.isEmpty)
    }

    @Test func deleteTakesAPositionOrARangeAndDeleteIDAnID() throws {
        let rig = try rig(5)
        try rig.run("delete", "1").get()
        #expect(locations(rig) == ["1:441000", "3:441000", "4:441000", "5:441000"])
        try rig.run("delete", "2:").get()
        #expect(locations(rig) == ["1:441000", "3:441000"])
        try rig.run("deleteid", id(rig, 0)).get()
        #expect(locations(rig) == ["3:441000"])
        // As MPD 0.23: a range that starts right at the end deletes nothing; past it is refused.
        try rig.run("delete", "1").get()
        #expect(ack(rig.run("delete", "2")) == "ACK [2@0] {delete} Bad song index")
        #expect(ack(rig.run("deleteid", "999")) == "ACK [50@0] {deleteid} No such song")
        #expect(locations(rig) == ["3:441000"])
    }

    @Test func moveAndMoveIDPutAnEntryAtAPosition() throws {
        let rig = try rig(4)
        try rig.run("move", "0", "2").get()
        #expect(locations(rig) == ["2:441000", "3:441000", "1:441000", "4:441000"])
        try rig.run("moveid", id(rig, 3), "0").get()
        #expect(locations(rig) == ["4:441000", "2:441000", "3:441000", "1:441000"])
        #expect(rig.session.snapshot.current?.item.location == "1:441000", "moving keeps the current entry")
        #expect(ack(rig.run("move", "0", "4")) == "ACK [2@0] {move} Number too large: 4")
        #expect(ack(rig.run("move", "7", "0")) == "ACK [2@0] {move} Bad song index")
        #expect(ack(rig.run("moveid", "999", "0")) == "ACK [50@0] {moveid} No such song")
    }

    @Test func clearEmptiesTheQueueAndStops() throws {
        let rig = try rig(3)
        try rig.run("clear").get()
        #expect(rig.session.queue.entries.isEmpty)
        #expect(try rig.value("state", in: "status") == "stop")
        #expect(try rig.value("playlistlength", in: "status") == "0")
    }

    @Test func plchangesSendsWhatChangedSinceAVersion() throws {
        let rig = try rig(3)
        let all = only(["Pos"], try rig.pairs("plchanges", "0"))
        #expect(all == ["Pos: 0", "Pos: 1", "Pos: 2"], "plchanges 0 is the whole queue")
        let version = try #require(try rig.value("playlist", in: "status"))
        #expect(try rig.run("plchanges", version).get() == "", "nothing changed since now")
        try rig.run("add", "music/a.mp3").get()
        #expect(only(["file", "Pos"], try rig.pairs("plchanges", version)) == ["file: music/a.mp3", "Pos: 3"])
        #expect(only(["cpos", "Id"], try rig.pairs("plchangesposid", version)) == ["cpos: 3", "Id: \(id(rig, 3))"])
        let beforeDelete = try #require(try rig.value("playlist", in: "status"))
        try rig.run("delete", "3").get()
        #expect(only(["Pos"], try rig.pairs("plchanges", beforeDelete)).count == 3, "after a removal the whole queue")
        #expect(only(["Pos"], try rig.pairs("plchanges", "0", "1:3")) == ["Pos: 1", "Pos: 2"])
        #expect(only(["Pos"], try rig.pairs("plchanges", "4294967295")).count == 3, "a version from the future: the whole queue")
        #expect(ack(rig.run("plchanges", "x")) == "ACK [2@0] {plchanges} Integer expected: x")
    }
}
