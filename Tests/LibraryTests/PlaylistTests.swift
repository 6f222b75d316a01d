import Library
import MusicModel
import Testing

@Suite struct PlaylistTests {
    static let a = PlayableItem(location: "/music/a.mp3", title: "夜に駆ける", artist: "YOASOBI", album: "THE BOOK", duration: 261.2)
    static let b = PlayableItem(location: "itunes:1440812345", title: "Saman", artist: "Ólafur Arnalds")
    static let c = PlayableItem(location: "https://example.com/c.m4a?token=1")
    static let d = PlayableItem(location: "/music/d.mp3", title: "D", artworkURL: "https://example.com/d.jpg", duration: 60)

    @Test func createRenameDeleteAndList() throws {
        let (library, _) = try TestDatabase.library()
        let first = try library.createPlaylist(name: "  Ólafur Arnalds  ")
        let second = try library.createPlaylist(name: "夜")
        let third = try library.createPlaylist(name: "夜")  // duplicates are allowed
        #expect(Set([first, second, third]).count == 3)
        try library.addToPlaylist(second, items: [Self.a, Self.a])
        #expect(
            try library.playlists() == [
                PlaylistSummary(id: first, name: "Ólafur Arnalds", itemCount: 0),
                PlaylistSummary(id: second, name: "夜", itemCount: 2),
                PlaylistSummary(id: third, name: "夜", itemCount: 0),
            ])
        try library.renamePlaylist(second, to: "夜に駆ける")
        try library.deletePlaylist(first)
        #expect(try library.playlists().map(\.name) == ["夜に駆ける", "夜"])
        #expect(throws: LibraryError.noSuchPlaylist(first)) { try library.playlistItems(first) }
        #expect(throws: LibraryError.noSuchPlaylist(first)) { try library.deletePlaylist(first) }
        #expect(throws: LibraryError.noSuchPlaylist(first)) { try library.renamePlaylist(first, to: "x") }
        #expect(throws: LibraryError.noSuchPlaylist(first)) { try library.addToPlaylist(first, items: [Self.a]) }
    }

    @Test func blankNamesAreRefused() throws {
        let (library, _) = try TestDatabase.library()
        #expect(throws: LibraryError.emptyPlaylistName) { try library.createPlaylist(name: "") }
        #expect(throws: LibraryError.emptyPlaylistName) { try library.createPlaylist(name: " \t\n ") }
        let id = try library.createPlaylist(name: "Mix")
        #expect(throws: LibraryError.emptyPlaylistName) { try library.renamePlaylist(id, to: "   ") }
        #expect(try library.playlists().map(\.name) == ["Mix"])
        #expect(LibraryError.emptyPlaylistName.description == "A playlist needs a name that is not blank.")
    }

    @Test func itemsKeepExactOrderAndMetadata() throws {
        let (library, _) = try TestDatabase.library()
        let id = try library.createPlaylist(name: "Mix")
        try library.addToPlaylist(id, items: [Self.a, Self.b])
        try library.addToPlaylist(id, items: [Self.c], at: 0)
        try library.addToPlaylist(id, items: [Self.d, Self.a], at: 2)
        try library.addToPlaylist(id, items: [], at: 5)
        #expect(try library.playlistItems(id) == [Self.c, Self.a, Self.d, Self.a, Self.b])
    }

    @Test func addOutOfRangeIsAnErrorAndChangesNothing() throws {
        let (library, _) = try TestDatabase.library()
        let id = try library.createPlaylist(name: "Mix")
        try library.addToPlaylist(id, items: [Self.a])
        #expect(throws: LibraryError.indexOutOfRange(index: 2, count: 1)) { try library.addToPlaylist(id, items: [Self.b], at: 2) }
        #expect(throws: LibraryError.indexOutOfRange(index: -1, count: 1)) { try library.addToPlaylist(id, items: [Self.b], at: -1) }
        #expect(try library.playlistItems(id) == [Self.a])
    }

    @Test func removePositions() throws {
        let (library, _) = try TestDatabase.library()
        let id = try library.createPlaylist(name: "Mix")
        try library.addToPlaylist(id, items: [Self.a, Self.b, Self.c, Self.d, Self.a])
        try library.removeFromPlaylist(id, positions: [4, 1, 1])
        #expect(try library.playlistItems(id) == [Self.a, Self.c, Self.d])
        try library.removeFromPlaylist(id, positions: [])
        #expect(throws: LibraryError.indexOutOfRange(index: 3, count: 3)) { try library.removeFromPlaylist(id, positions: [0, 3]) }
        #expect(throws: LibraryError.indexOutOfRange(index: -1, count: 3)) { try library.removeFromPlaylist(id, positions: [-1]) }
        #expect(try library.playlistItems(id) == [Self.a, Self.c, Self.d])
        try library.removeFromPlaylist(id, positions: [0, 1, 2])
        #expect(try library.playlistItems(id) == [])
        #expect(try library.playlists().first?.itemCount == 0)
    }

    @Test func moveItems() throws {
        let (library, _) = try TestDatabase.library()
        let id = try library.createPlaylist(name: "Mix")
        try library.addToPlaylist(id, items: [Self.a, Self.b, Self.c, Self.d])
        try library.movePlaylistItem(id, from: 0, to: 3)
        #expect(try library.playlistItems(id) == [Self.b, Self.c, Self.d, Self.a])
        try library.movePlaylistItem(id, from: 3, to: 1)
        #expect(try library.playlistItems(id) == [Self.b, Self.a, Self.c, Self.d])
        try library.movePlaylistItem(id, from: 2, to: 2)
        #expect(throws: LibraryError.indexOutOfRange(index: 4, count: 4)) { try library.movePlaylistItem(id, from: 0, to: 4) }
        #expect(throws: LibraryError.indexOutOfRange(index: -1, count: 4)) { try library.movePlaylistItem(id, from: -1, to: 0) }
        #expect(try library.playlistItems(id) == [Self.b, Self.a, Self.c, Self.d])
        let empty = try library.createPlaylist(name: "Empty")
        #expect(throws: LibraryError.indexOutOfRange(index: 0, count: 0)) { try library.movePlaylistItem(empty, from: 0, to: 0) }
    }

    @Test func exportM3U() throws {
        let (library, _) = try TestDatabase.library()
        let id = try library.createPlaylist(name: "Mix")
        let broken = PlayableItem(location: "/music/e.mp3", title: "Line\nbreak")
        try library.addToPlaylist(id, items: [Self.a, Self.b, Self.c, Self.d, broken])
        #expect(
            try library.exportM3U(id) == """
                #EXTM3U
                #EXTINF:261,YOASOBI - 夜に駆ける
                /music/a.mp3
                #EXTINF:-1,Ólafur Arnalds - Saman
                itunes:1440812345
                https://example.com/c.m4a?token=1
                #EXTINF:60,D
                /music/d.mp3
                #EXTINF:-1,Line break
                /music/e.mp3

                """)
    }

    @Test func m3uRoundTrip() throws {
        let (library, _) = try TestDatabase.library()
        let id = try library.createPlaylist(name: "Mix")
        let items = [
            PlayableItem(location: "/music/a.mp3", title: "夜に駆ける", artist: "YOASOBI", duration: 261),
            PlayableItem(location: "itunes:1440812345", title: "Saman - Live", artist: "Ólafur Arnalds"), Self.c,
            PlayableItem(location: "/music/d.mp3", title: "D", duration: 60),
        ]
        try library.addToPlaylist(id, items: items)
        let copy = try library.importM3U(name: "Copy", text: library.exportM3U(id), baseDirectory: "/elsewhere")
        #expect(try library.playlistItems(copy) == items)
        #expect(try library.playlists().map(\.name) == ["Mix", "Copy"])
    }

    @Test func importResolvesRelativePathsAndToleratesMess() throws {
        let (library, _) = try TestDatabase.library()
        let text =
            "\u{FEFF}#EXTM3U\r\n\r\n# a comment\r\n#EXTINF:123,Ólafur Arnalds - Saman\r\nsub/saman.mp3\r\n"
            + "   \r\n#EXTINF:-1,Just A Title\r\n./here.mp3\r\n/abs/x.mp3\nhttp://radio.example/stream\n"
            + "#EXTINF:5 tvg-id=\"x\",夜に駆ける\nnot a path at all\n#EXTINF:9,Dangling\n"
        let id = try library.importM3U(name: "Imported", text: text, baseDirectory: "/home/u/Music/")
        #expect(
            try library.playlistItems(id) == [
                PlayableItem(location: "/home/u/Music/sub/saman.mp3", title: "Saman", artist: "Ólafur Arnalds", duration: 123),
                PlayableItem(location: "/home/u/Music/here.mp3", title: "Just A Title"),
                PlayableItem(location: "/abs/x.mp3"),
                PlayableItem(location: "http://radio.example/stream"),
                PlayableItem(location: "/home/u/Music/not a path at all", title: "夜に駆ける", duration: 5),
            ])
    }

    @Test func importEmptyTextMakesAnEmptyPlaylist() throws {
        let (library, _) = try TestDatabase.library()
        let id = try library.importM3U(name: "Empty", text: "", baseDirectory: "/x")
        #expect(try library.playlistItems(id) == [])
        #expect(throws: LibraryError.emptyPlaylistName) { try library.importM3U(name: " ", text: "/a.mp3", baseDirectory: "/") }
        #expect(try library.playlists().count == 1)
    }
}
