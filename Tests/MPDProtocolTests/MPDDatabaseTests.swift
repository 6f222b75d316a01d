import Library
import MPDProtocol
import MusicModel
import Session
import Testing

/// The library as MPD's database, command by command, over songs stored in the rig's library
/// (no files: the store's own tests and the scanner's read real ones).
@Suite struct MPDDatabaseTests {
    static func track(
        _ path: String, title: String, artist: String, album: String? = nil, albumArtist: String? = nil, genre: String? = nil,
        year: Int? = nil, number: Int? = nil, duration: Double = 100
    ) -> LocalTrack {
        LocalTrack(
            path: path, folder: "/music", stamp: FileStamp(size: 1_000, modified: 1_764_400_000_500_000_000),
            tags: TrackTags(
                format: "mp3", title: title, artist: artist, album: album, albumArtist: albumArtist, genre: genre, year: year,
                trackNumber: number, duration: duration))
    }

    /// A rig whose library has `/music` (URI `music`) with two albums in folders and a loose song.
    static func rig(scanned: Bool = true) throws -> MPDRig {
        let rig = try MPDRig(folders: ["/music"])
        _ = try rig.library.addLibraryFolder("/music")
        try rig.library.store(
            ScanBatch(
                folder: "/music",
                tracks: [
                    track("/music/loose.mp3", title: "Loose", artist: "Solo"),
                    track(
                        "/music/Miles/Kind of Blue/1.mp3", title: "So What", artist: "Miles Davis", album: "Kind of Blue",
                        genre: "Jazz", year: 1959, number: 1, duration: 562.5),
                    track(
                        "/music/Miles/Kind of Blue/2.mp3", title: "Freddie Freeloader", artist: "Miles Davis", album: "Kind of Blue",
                        genre: "Jazz", year: 1959, number: 2, duration: 586),
                    track(
                        "/music/Nina/Pastel Blues/1.mp3", title: "Be My Husband", artist: "Nina Simone", album: "Pastel Blues",
                        albumArtist: "Nina Simone", genre: "Jazz", year: 1965, duration: 180),
                ]))
        if scanned { try rig.library.finishScan(of: "/music", at: 1_764_400_123) }
        return rig
    }

    @Test func lsinfoListsTheTopThenFoldersThenSongsWithTheirTags() throws {
        let rig = try Self.rig()
        _ = try rig.session.perform(.playlist(.create("Road"))).get()
        #expect(try rig.run("lsinfo").get() == "directory: music\nplaylist: Road\nLast-Modified: 2023-11-14T22:13:20Z\n")
        // MPD's order: a folder's songs, then its folders.
        #expect(
            try rig.run("lsinfo", "music").get()
                == "file: music/loose.mp3\nLast-Modified: 2025-11-29T07:06:40Z\nArtist: Solo\nTitle: Loose\nTime: 100\nduration: 100.000\ndirectory: music/Miles\ndirectory: music/Nina\n"
        )
        let song = try rig.run("lsinfo", "music/Miles/Kind of Blue").get()
        #expect(
            song.hasPrefix(
                "file: music/Miles/Kind of Blue/1.mp3\nLast-Modified: 2025-11-29T07:06:40Z\nArtist: Miles Davis\nAlbum: Kind of Blue\nTitle: So What\nTrack: 1\nGenre: Jazz\nDate: 1959\nTime: 563\nduration: 562.500\nfile: music/Miles/Kind of Blue/2.mp3\n"
            ), "\(song)")
        // A song's own URI lists that song.
        #expect(try rig.run("lsinfo", "music/Nina/Pastel Blues/1.mp3").get().hasPrefix("file: music/Nina/Pastel Blues/1.mp3\n"))
        #expect(throws: MPDAck.self) { try rig.run("lsinfo", "music/Nobody").get() }
        #expect(throws: MPDAck.self) { try rig.run("lsinfo", "music/../etc").get() }
        #expect((try? rig.run("lsinfo", "elsewhere").get()) == nil)
    }

    @Test func listallWritesEachFolderOnceBeforeWhatItHolds() throws {
        let rig = try Self.rig()
        #expect(
            try rig.run("listall").get()
                == """
                directory: music
                directory: music/Miles
                directory: music/Miles/Kind of Blue
                file: music/Miles/Kind of Blue/1.mp3
                file: music/Miles/Kind of Blue/2.mp3
                directory: music/Nina
                directory: music/Nina/Pastel Blues
                file: music/Nina/Pastel Blues/1.mp3
                file: music/loose.mp3

                """)
        #expect(
            try rig.run("listall", "music/Nina").get()
                == "directory: music/Nina\ndirectory: music/Nina/Pastel Blues\nfile: music/Nina/Pastel Blues/1.mp3\n")
        let info = try rig.pairs("listallinfo")
        #expect(info.filter { $0.key == "file" }.count == 4)
        #expect(info.filter { $0.key == "Title" }.map(\.value) == ["So What", "Freddie Freeloader", "Be My Husband", "Loose"])
    }

    @Test func listallinfoReadsPastOnePage() throws {
        let rig = try MPDRig(folders: ["/music"])
        _ = try rig.library.addLibraryFolder("/music")
        let count = LibraryQuery.trackPage * 2 + 7
        let tracks = (0..<count).map { n in
            Self.track("/music/d\(n % 3)/\(String(100_000 + n)).mp3", title: "T\(n)", artist: "A")
        }
        try rig.library.store(ScanBatch(folder: "/music", tracks: tracks))
        let pairs = try rig.pairs("listallinfo")
        let files = pairs.filter { $0.key == "file" }.map(\.value)
        #expect(files.count == count)
        #expect(Set(files).count == count)
        #expect(pairs.filter { $0.key == "directory" }.map(\.value) == ["music", "music/d0", "music/d1", "music/d2"])
    }

    @Test func findIsExactAndSearchIgnoresCaseInBothForms() throws {
        let rig = try Self.rig()
        func titles(_ pairs: [(key: String, value: String)]) -> [String] { pairs.filter { $0.key == "Title" }.map(\.value) }
        #expect(titles(try rig.pairs("find", "(Artist == \"Miles Davis\")")) == ["So What", "Freddie Freeloader"])
        #expect(titles(try rig.pairs("find", "artist", "miles davis")).isEmpty)
        #expect(titles(try rig.pairs("search", "artist", "miles")).count == 2)
        #expect(titles(try rig.pairs("search", "(Title contains \"FREDDIE\")")) == ["Freddie Freeloader"])
        #expect(titles(try rig.pairs("find", "Album", "Kind of Blue", "Track", "2")) == ["Freddie Freeloader"])
        #expect(titles(try rig.pairs("find", "(base \"music/Nina\")")) == ["Be My Husband"])
        #expect(titles(try rig.pairs("find", "(Genre == \"Jazz\")", "window", "1:2")) == ["Freddie Freeloader"])
        #expect(titles(try rig.pairs("search", "any", "blue", "sort", "Title")).count == 3)
        #expect(titles(try rig.pairs("find", "file", "music/loose.mp3")) == ["Loose"])
        #expect(titles(try rig.pairs("find", "base", "music/Miles", "modified-since", "1764400000")).count == 2)
        #expect(titles(try rig.pairs("find", "modified-since", "1764400001")).isEmpty)
        #expect(titles(try rig.pairs("find", "(Genre == \"Jazz\")", "window", "5:")).isEmpty)
        #expect(throws: MPDAck.self) { try rig.run("find", "(Genre == \"Jazz\")", "sort", "Bogus").get() }
        #expect(throws: MPDAck.self) { try rig.run("find", "(Genre == \"Jazz\")", "window", "2:1").get() }
        #expect(throws: MPDAck.self) { try rig.run("find", "(Artist == ").get() }
        #expect(throws: MPDAck.self) { try rig.run("find", "artist").get() }
        #expect(throws: MPDAck.self) { try rig.run("find").get() }
    }

    @Test func findaddQueuesWhatFindFinds() throws {
        let rig = try Self.rig()
        try rig.run("findadd", "(Album == \"Kind of Blue\")").get()
        guard case .queue(let entries, _, _) = try rig.session.perform(.queue).get() else {
            Issue.record("no queue")
            return
        }
        #expect(entries.map(\.item.location) == ["/music/Miles/Kind of Blue/1.mp3", "/music/Miles/Kind of Blue/2.mp3"])
    }

    @Test func listGivesDistinctValuesWithGroupLinesWhenTheyChange() throws {
        let rig = try Self.rig()
        #expect(try rig.run("list", "Album").get() == "Album: \nAlbum: Kind of Blue\nAlbum: Pastel Blues\n")
        #expect(
            try rig.run("list", "Album", "group", "AlbumArtist").get()
                == "AlbumArtist: Miles Davis\nAlbum: Kind of Blue\nAlbumArtist: Nina Simone\nAlbum: Pastel Blues\nAlbumArtist: Solo\nAlbum: \n"
        )
        #expect(try rig.run("list", "Title", "(Date == \"1959\")").get() == "Title: Freddie Freeloader\nTitle: So What\n")
        #expect(try rig.run("list", "album", "Nina Simone").get() == "Album: Pastel Blues\n")
        #expect(try rig.run("list", "Composer").get() == "Composer: \n")
        #expect(throws: MPDAck.self) { try rig.run("list", "Bogus").get() }
    }

    @Test func countTotalsAndGroups() throws {
        let rig = try Self.rig()
        #expect(try rig.run("count", "(Artist == \"Miles Davis\")").get() == "songs: 2\nplaytime: 1148\n")
        #expect(
            try rig.run("count", "group", "Genre").get() == "Genre: \nsongs: 1\nplaytime: 100\nGenre: Jazz\nsongs: 3\nplaytime: 1328\n")
        // As MPD 0.23: count needs a filter or a group.
        #expect(throws: MPDAck.self) { try rig.run("count").get() }
    }

    @Test func statsHasARealDatabaseUpdateTime() throws {
        let rig = try Self.rig()
        let stats = Dictionary(uniqueKeysWithValues: try rig.pairs("stats").map { ($0.key, $0.value) })
        #expect(stats["songs"] == "4")
        #expect(stats["db_update"] == "1764400123")
        #expect(stats["db_playtime"] == "1428")
        #expect(stats["uptime"] == "100")
        #expect(stats["artists"] == "3")
        #expect(stats["albums"] == "2")
        let fresh = try Self.rig(scanned: false)
        #expect(try fresh.value("db_update", in: "stats") == "0")
    }

    @Test func foldersOutsideTheLibraryAreRefusedWithASentence() throws {
        let rig = try Self.rig()
        let result = rig.session.perform(.library(.directory("/elsewhere")))
        guard case .failure(let error) = result else {
            Issue.record("listed a folder outside the library: \(result)")
            return
        }
        #expect(error.description == "/elsewhere is not in a library folder; folder list shows them.")
        let page = rig.session.perform(.library(.tracks(under: "/etc", matching: nil, ignoringCase: false, after: nil)))
        #expect((try? page.get()) == nil)
    }

    @Test func updateAnswersAJobIdOrSaysWhyNot() throws {
        let rig = try Self.rig()
        // The rig's session has no scanner: the session's sentence comes back as an ACK.
        #expect(throws: MPDAck.self) { try rig.run("update").get() }
        #expect(throws: MPDAck.self) { try rig.run("update", "../x").get() }
    }
}
