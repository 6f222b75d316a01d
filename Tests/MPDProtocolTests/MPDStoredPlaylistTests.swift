import MPDProtocol
import MusicModel
import Session
import TestSupport
import Testing

/// MPD's stored playlists over Segue's playlists: what each command leaves in them (as
/// `listplaylist` and the session see it), MPD's refusals, and the `stored_playlist` event.
@Suite struct MPDStoredPlaylistTests {
    /// The URIs `listplaylist NAME` answers, in order.
    private func files(_ rig: MPDRig, _ name: String) throws -> [String] {
        try rig.pairs("listplaylist", name).filter { $0.key == "file" }.map(\.value)
    }

    private func changes(_ events: EventLog<SessionEvent>) -> Int {
        events.all.count { if case .changed(.playlists) = $0 { true } else { false } }
    }

    @Test func saveStoresTheQueueInOrderAndRefusesAnExistingName() throws {
        let rig = try MPDRig()
        _ = rig.session.perform(.add(["1:100", "2:100", "3:100"], position: .tail))
        try rig.run("save", "mix").get()
        #expect(try files(rig, "mix") == ["1:100", "2:100", "3:100"])
        #expect(
            try rig.pairs("listplaylists").map { "\($0.key): \($0.value)" } == ["playlist: mix", "Last-Modified: 2023-11-14T22:13:20Z"])
        let again = rig.run("save", "mix")
        #expect(again.ack?.code == .exist)
        #expect(again.ack?.line == "ACK [56@0] {save} Playlist already exists")
    }

    @Test func loadAppendsARangeToTheQueue() throws {
        let rig = try MPDRig()
        _ = rig.session.perform(.playlist(.create("p")))
        _ = rig.session.perform(.playlist(.add("p", items: ["1:100", "2:100", "3:100", "4:100"])))
        _ = rig.session.perform(.add(["9:100"], position: .tail))
        try rig.run("load", "p", "1:3").get()
        #expect(rig.session.queue.entries.map(\.item.location) == ["9:100", "2:100", "3:100"])
        try rig.run("load", "p").get()
        #expect(rig.session.queue.entries.count == 7)
        #expect(rig.run("load", "p", "3:9").ack?.code == .argument)
        #expect(rig.run("load", "nothing").ack?.code == .noExist)
    }

    @Test func playlistAddTakesURIsOfTheTreeAndMakesThePlaylist() throws {
        let rig = try MPDRig(folders: ["/srv/Music"])
        try rig.run("playlistadd", "new", "Music/a/1.flac").get()
        try rig.run("playlistadd", "new", "Music/a/2.flac").get()
        try rig.run("playlistadd", "new", "Music/a/0.flac", "0").get()
        #expect(try files(rig, "new") == ["Music/a/0.flac", "Music/a/1.flac", "Music/a/2.flac"])
        guard case .items(let items) = try rig.session.perform(.playlist(.show("new"))).get() else {
            Issue.record("no items")
            return
        }
        #expect(items.map(\.location) == ["/srv/Music/a/0.flac", "/srv/Music/a/1.flac", "/srv/Music/a/2.flac"])
        #expect(rig.run("playlistadd", "new", "Music/../../etc/passwd").ack?.code == .noExist)
        #expect(rig.run("playlistadd", "new", "Music/x.flac", "9").ack?.code == .argument)
    }

    @Test func deleteMoveAndClearEditByPositionsFromZero() throws {
        let rig = try MPDRig()
        _ = rig.session.perform(.playlist(.create("p")))
        _ = rig.session.perform(.playlist(.add("p", items: ["a:1", "b:1", "c:1", "d:1", "e:1"])))
        try rig.run("playlistdelete", "p", "1").get()
        #expect(try files(rig, "p") == ["a:1", "c:1", "d:1", "e:1"])
        try rig.run("playlistdelete", "p", "1:3").get()
        #expect(try files(rig, "p") == ["a:1", "e:1"])
        try rig.run("playlistmove", "p", "1", "0").get()
        #expect(try files(rig, "p") == ["e:1", "a:1"])
        #expect(rig.run("playlistdelete", "p", "2").ack?.code == .argument)
        #expect(rig.run("playlistmove", "p", "0", "2").ack?.code == .argument)
        try rig.run("playlistclear", "p").get()
        #expect(try files(rig, "p") == [])
        // As MPD: clearing a playlist that does not exist makes it.
        try rig.run("playlistclear", "fresh").get()
        #expect(try rig.pairs("listplaylists").filter { $0.key == "playlist" }.map(\.value) == ["p", "fresh"])
    }

    @Test func renameAndRmFollowMPDsRefusals() throws {
        let rig = try MPDRig()
        _ = rig.session.perform(.playlist(.create("a")))
        _ = rig.session.perform(.playlist(.create("b")))
        #expect(rig.run("rename", "a", "b").ack?.code == .exist)
        #expect(rig.run("rename", "zzz", "c").ack?.code == .noExist)
        try rig.run("rename", "a", "c").get()
        try rig.run("rm", "b").get()
        #expect(try rig.pairs("listplaylists").filter { $0.key == "playlist" }.map(\.value) == ["c"])
        #expect(rig.run("rm", "b").ack?.code == .noExist)
        #expect(rig.run("save", "x/y").ack?.line == "ACK [2@0] {save} Bad playlist name")
        #expect(rig.run("rm", "").ack?.code == .argument)
    }

    @Test func listPlaylistInfoGivesSongBlocksWithWhatThePlaylistKnows() throws {
        let song = Song(id: "42", title: "Tone", artistName: "Test Artist", albumTitle: "Test Album")
        let rig = try MPDRig(songs: [song])
        _ = rig.session.perform(.playlist(.create("p")))
        _ = rig.session.perform(.playlist(.add("p", items: ["itunes:42"])))
        let pairs = try rig.pairs("listplaylistinfo", "p").map { "\($0.key): \($0.value)" }
        #expect(pairs == ["file: itunes:42", "Artist: Test Artist", "Album: Test Album", "Title: Tone"])
    }

    @Test func everyPlaylistChangePublishesOneEventFromAnyFrontEnd() throws {
        let rig = try MPDRig()
        let events = EventLog<SessionEvent>()
        let observation = rig.session.observe { events.record($0) }
        defer { observation.cancel() }
        try rig.run("playlistclear", "p").get()
        #expect(changes(events) == 1)
        _ = try rig.run("listplaylists").get()
        _ = try rig.run("listplaylist", "p").get()
        #expect(changes(events) == 1)  // reading changes nothing
        #expect(rig.run("rm", "nothing").ack != nil)
        #expect(changes(events) == 1)  // a refused edit changes nothing
        _ = try rig.session.perform(line: "playlist rename p q").get()  // another front end
        #expect(changes(events) == 2)
    }
}
