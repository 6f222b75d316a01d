import FoundationEssentials
import Library
import MusicModel
import SQLiteStore
import Tempo
import Testing

@Suite struct LocalLibraryTests {
    typealias T = LocalTrackFixture

    @Test func foldersAreAddedOnceAndNeverNested() throws {
        let (library, _) = try TestDatabase.library()
        #expect(try library.addLibraryFolder("/music/"))
        #expect(try !library.addLibraryFolder("/music"))
        #expect(try !library.addLibraryFolder("/music/jazz"))
        #expect(try library.addLibraryFolder("/music2"))
        #expect(try library.libraryFolders().map(\.path) == ["/music", "/music2"])
    }

    @Test func addingAParentFolderTakesOverTheFoldersInsideIt() throws {
        let (library, _) = try TestDatabase.library()
        #expect(try library.addLibraryFolder("/music/jazz"))
        try library.store(ScanBatch(folder: "/music/jazz", tracks: [T.track("/music/jazz/a.mp3", folder: "/music/jazz")]))
        #expect(try library.addLibraryFolder("/music"))
        let folders = try library.libraryFolders()
        #expect(folders.map(\.path) == ["/music"])
        #expect(folders.first?.songs == 1)
    }

    @Test func removingAFolderRemovesItsSongsAlbumsAndArtistsOnly() throws {
        let (library, _) = try TestDatabase.library()
        _ = try library.addLibraryFolder("/music")
        _ = try library.addLibraryFolder("/other")
        try library.store(
            ScanBatch(
                folder: "/music",
                tracks: [
                    T.track("/music/a.mp3", title: "A", artist: "Nina", album: "Pastel"),
                    T.track("/music/b.mp3", title: "B", artist: "Nina", album: "Pastel"),
                ]))
        try library.store(
            ScanBatch(folder: "/other", tracks: [T.track("/other/c.mp3", folder: "/other", title: "C", artist: "Odd", album: "Keep")]))
        #expect(try library.removeLibraryFolder("/music/") == 2)
        #expect(try library.removeLibraryFolder("/music") == nil)
        #expect(try library.localSongs(sortedBy: .title, limit: 10).map(\.title) == ["C"])
        #expect(try library.localAlbums(sortedBy: .title).map(\.title) == ["Keep"])
        #expect(try library.localArtists().map(\.name) == ["Odd"])
        #expect(try library.find("pastel", limit: 10).isEmpty)
    }

    @Test func aBatchForAFolderRemovedWhileItsScanRanStoresNoSongs() throws {
        let library = try TestDatabase.library(folders: ["/music"])
        try library.store(ScanBatch(folder: "/music", tracks: [T.track("/music/a.mp3", title: "Kept")]))
        #expect(try library.removeLibraryFolder("/music") == 1)
        // The scan of /music was still running: its next batch comes after the folder is gone.
        try library.store(
            ScanBatch(
                folder: "/music", tracks: [T.track("/music/b.mp3", title: "Late")],
                skipped: [SkippedFile(path: "/music/fifo", reason: "a FIFO")]))
        #expect(try library.localSongs(sortedBy: .title, limit: 10).isEmpty)
        #expect(try library.libraryStats() == LibraryStats())
        #expect(try library.find("late", limit: 10).isEmpty)
    }

    @Test func stampsAreThoseUnderTheFolderOnly() throws {
        let library = try TestDatabase.library(folders: ["/music", "/music2", "/music-live"])
        try library.store(
            ScanBatch(
                folder: "/music",
                tracks: [T.track("/music/a.mp3", size: 10, modified: 5), T.track("/music/sub/b.mp3", size: 20, modified: 6)]))
        // Siblings whose names start like the folder's, sorting just before and after its slash.
        try library.store(ScanBatch(folder: "/music2", tracks: [T.track("/music2/c.mp3", folder: "/music2")]))
        try library.store(ScanBatch(folder: "/music-live", tracks: [T.track("/music-live/d.mp3", folder: "/music-live")]))
        #expect(
            try library.fileStamps(under: "/music")
                == ["/music/a.mp3": FileStamp(size: 10, modified: 5), "/music/sub/b.mp3": FileStamp(size: 20, modified: 6)])
        #expect(try library.fileStamps(under: "/music/sub/") == ["/music/sub/b.mp3": FileStamp(size: 20, modified: 6)])
        #expect(try library.fileStamps(under: "/").count == 4)
    }

    @Test func songsTravelWithTheirPathAsIdAndLocalIDs() throws {
        let library = try TestDatabase.library(folders: ["/music"])
        try library.store(
            ScanBatch(
                folder: "/music",
                tracks: [
                    T.track("/music/Nina/01 Intro.flac", artist: "Nina", album: "Pastel", year: 2001, track: 1, duration: 61.5),
                    T.track("/music/x.mp3", title: "  ", artist: " ", year: 0, disc: 70_000, track: -3, duration: .nan),
                ]))
        let songs = try library.localSongs(sortedBy: .title, limit: 10)
        let intro = try #require(songs.first { $0.id == "/music/Nina/01 Intro.flac" })
        #expect(intro.title == "01 Intro")
        #expect(intro.artistName == "Nina")
        #expect(intro.duration == 61.5)
        #expect(intro.trackNumber == 1)
        #expect(intro.releaseDate == Date(timeIntervalSince1970: 978_307_200))  // 2001-01-01
        let album = try #require(intro.albumID.flatMap(LibraryID.init(parsing:)))
        #expect(album.text.hasPrefix("local:album:"))
        #expect(try library.localAlbumTracks(album.row)?.map(\.id) == [intro.id])
        #expect(ItemLocation(songID: intro.id) == .file(path: "/music/Nina/01 Intro.flac"))
        // Blank tags are no tags; numbers out of range are unknown.
        let odd = try #require(songs.first { $0.id == "/music/x.mp3" })
        #expect(odd.title == "x" && odd.artistName == "" && odd.artistID == nil)
        #expect(odd.releaseDate == nil && odd.discNumber == nil && odd.trackNumber == nil && odd.duration == nil)
    }

    @Test func albumsGroupByAlbumArtistAndCompilationsUnderVariousArtists() throws {
        let library = try TestDatabase.library(folders: ["/music"])
        try library.store(
            ScanBatch(
                folder: "/music",
                tracks: [
                    // One album whose tracks have guests: grouped by the album artist.
                    T.track("/music/p/1.mp3", title: "One", artist: "Nina", album: "Pastel", albumArtist: "Nina", disc: 1, track: 1),
                    T.track(
                        "/music/p/2.mp3", title: "Two", artist: "Nina feat. Ode", album: "pastel", albumArtist: "NINA", disc: 1, track: 2),
                    // Disc 2 track 1 comes after disc 1 track 2.
                    T.track("/music/p/3.mp3", title: "Three", artist: "Nina", album: "Pastel", albumArtist: "Nina", disc: 2, track: 1),
                    // No album artist: the track's artist owns the album.
                    T.track("/music/s/1.mp3", title: "Solo", artist: "Ode", album: "Alone"),
                    // A compilation: one album, whatever its tracks' artists.
                    T.track("/music/c/1.mp3", title: "Hit 1", artist: "Ode", album: "Hits", albumArtist: "Ode", compilation: true),
                    T.track("/music/c/2.mp3", title: "Hit 2", artist: "Zed", album: "Hits", compilation: true),
                    // A title-less album is no album.
                    T.track("/music/loose.mp3", title: "Loose", artist: "Zed"),
                ]))
        let albums = try library.localAlbums(sortedBy: .title)
        #expect(albums.map(\.title) == ["Alone", "Hits", "Pastel"])
        #expect(albums.map(\.artistName) == ["Ode", "Various Artists", "Nina"])
        #expect(albums.map(\.trackCount) == [1, 2, 3])
        let pastel = try #require(albums.last.flatMap { LibraryID(parsing: $0.id) })
        #expect(try library.localAlbumTracks(pastel.row)?.map(\.title) == ["One", "Two", "Three"])
        #expect(try library.localAlbumTracks(9_999) == nil)

        let artists = try library.localArtists()
        #expect(artists.map(\.name) == ["Nina", "Nina feat. Ode", "Ode", "Various Artists", "Zed"])
        let ode = try #require(artists.first { $0.name == "Ode" }.flatMap { LibraryID(parsing: $0.id) })
        #expect(ode.text.hasPrefix("local:artist:"))
        // Ode's own album, and the compilation Ode appears on.
        #expect(Set(try #require(try library.localArtistAlbums(ode.row)).map(\.title)) == ["Alone", "Hits"])
        #expect(try library.localArtistAlbums(9_999) == nil)
    }

    @Test func rescanningASongUpdatesItInPlaceAndDropsWhatNoSongUses() throws {
        let library = try TestDatabase.library(folders: ["/music"])
        try library.store(
            ScanBatch(
                folder: "/music",
                tracks: [T.track("/music/a.mp3", title: "Old", artist: "Before", album: "Gone"), T.track("/music/b.mp3", title: "Bee")]))
        try library.store(ScanBatch(folder: "/music", tracks: [T.track("/music/a.mp3", title: "New", artist: "After", album: "Here")]))
        #expect(try library.localSongs(sortedBy: .added, limit: 10).map(\.title) == ["Bee", "New"])
        #expect(try library.localAlbums(sortedBy: .title).map(\.title) == ["Here"])
        #expect(try library.localArtists().map(\.name) == ["After"])
        #expect(try library.find("old", limit: 10).isEmpty)
        #expect(try library.find("new", limit: 10).map(\.id) == ["/music/a.mp3"])

        try library.store(ScanBatch(folder: "/music", removed: ["/music/a.mp3", "/music/never.mp3"]))
        #expect(try library.localSongs(sortedBy: .added, limit: 10).map(\.title) == ["Bee"])
        #expect(try library.localAlbums(sortedBy: .title).isEmpty)
        #expect(try library.localArtists().isEmpty)
        #expect(try library.find("new", limit: 10).isEmpty)
    }

    @Test func statsCountSongsAlbumsArtistsTimeFoldersAndSkips() throws {
        let (library, _) = try TestDatabase.library()
        _ = try library.addLibraryFolder("/music")
        try library.store(
            ScanBatch(
                folder: "/music",
                tracks: [
                    T.track("/music/a.mp3", artist: "A", album: "X", duration: 100),
                    T.track("/music/b.mp3", artist: "B", album: "X", albumArtist: "A", duration: 50.5),
                    T.track("/music/c.mp3", duration: nil),
                ],
                skipped: [SkippedFile(path: "/music/fifo", reason: "a FIFO: never opened")]))
        try library.finishScan(of: "/music", at: 1_234)
        let stats = try library.libraryStats()
        #expect(stats == LibraryStats(songs: 3, albums: 1, artists: 2, totalSeconds: 150.5, folders: 1, lastScan: 1_234, skipped: 1))
        #expect(try library.libraryFolders() == [LibraryFolder(path: "/music", songs: 3, lastScan: 1_234, skipped: 1)])
        #expect(try library.skippedFiles(limit: 10) == [SkippedFile(path: "/music/fifo", reason: "a FIFO: never opened")])
    }

    @Test func aFinishedScanForgetsSkipsItDidNotSeeAgain() throws {
        let (library, _) = try TestDatabase.library()
        _ = try library.addLibraryFolder("/music")
        _ = try library.addLibraryFolder("/other")
        try library.store(
            ScanBatch(
                folder: "/music",
                skipped: [SkippedFile(path: "/music/gone", reason: "a FIFO"), SkippedFile(path: "/music/still", reason: "empty file")]))
        try library.store(ScanBatch(folder: "/other", skipped: [SkippedFile(path: "/other/x", reason: "a FIFO")]))
        try library.beginScan(of: ["/music", "/other"])
        #expect(try library.unfinishedScans() == ["/music", "/other"])
        try library.store(ScanBatch(folder: "/music", skipped: [SkippedFile(path: "/music/still", reason: "still empty")]))
        try library.finishScan(of: "/music", at: 10)
        #expect(try library.unfinishedScans() == ["/other"])
        #expect(
            try library.skippedFiles(limit: 10)
                == [SkippedFile(path: "/music/still", reason: "still empty"), SkippedFile(path: "/other/x", reason: "a FIFO")])
        // A skipped file that is read later is no longer skipped.
        try library.store(ScanBatch(folder: "/music", tracks: [T.track("/music/still")]))
        #expect(try library.skippedFiles(limit: 10).map(\.path) == ["/other/x"])
    }

    @Test func unfinishedScansSurviveReopening() throws {
        let path = TestDatabase.path()
        try MusicLibrary.open(path: path).beginScan(of: ["/music"])
        #expect(try MusicLibrary.open(path: path).unfinishedScans() == ["/music"])
    }

    @Test func songListsSortAndPage() throws {
        let library = try TestDatabase.library(folders: ["/music"])
        try library.store(
            ScanBatch(
                folder: "/music",
                tracks: [
                    T.track("/music/1.mp3", title: "beta", artist: "Zed", year: 1999, duration: 200),
                    T.track("/music/2.mp3", title: "Alpha", artist: "Ann", year: 2020, duration: 100),
                    T.track("/music/3.mp3", title: "Gamma", artist: "Bob", duration: 300),
                ]))
        #expect(try library.localSongs(sortedBy: .title, limit: 10).map(\.title) == ["Alpha", "beta", "Gamma"])
        #expect(try library.localSongs(sortedBy: .artist, limit: 10).map(\.title) == ["Alpha", "Gamma", "beta"])
        #expect(try library.localSongs(sortedBy: .year, limit: 10).map(\.title) == ["Alpha", "beta", "Gamma"])
        #expect(try library.localSongs(sortedBy: .added, limit: 10).map(\.title) == ["Gamma", "Alpha", "beta"])
        #expect(try library.localSongs(sortedBy: .length, limit: 10).map(\.title) == ["Gamma", "beta", "Alpha"])
        #expect(try library.localSongs(sortedBy: .title, offset: 1, limit: 1).map(\.title) == ["beta"])
        #expect(try library.localSongs(sortedBy: .title, offset: 1, limit: 5).map(\.title) == ["beta", "Gamma"])
        #expect(try library.localSongs(sortedBy: .title, offset: 3, limit: 5).isEmpty)
        // A deeper page after a change sees the change (the remembered order is dropped).
        try library.store(ScanBatch(folder: "/music", tracks: [T.track("/music/0.mp3", title: "Aardvark")]))
        #expect(try library.localSongs(sortedBy: .title, offset: 1, limit: 2).map(\.title) == ["Alpha", "beta"])
        #expect(try library.localSongs(sortedBy: .added, offset: 1, limit: 1).map(\.title) == ["Gamma"])
        #expect(try library.localSongs(sortedBy: .title, offset: -5, limit: -1).isEmpty)
        #expect(try library.localSongs(under: "/music/", limit: 2).map(\.id) == ["/music/0.mp3", "/music/1.mp3"])
    }

    @Test func itemsByPathCarryTheTagsAndLeaveUnknownPathsOut() throws {
        let library = try TestDatabase.library(folders: ["/music"])
        let tracks = (0..<100).map { T.track("/music/\($0).mp3", title: "Song \($0)", artist: "A", album: "B", duration: 60) }
        try library.store(ScanBatch(folder: "/music", tracks: tracks))
        let paths = (0..<100).map { "/music/\($0).mp3" } + ["/elsewhere.mp3", "/music/0.mp3"]
        let items = try library.localItems(paths: paths)
        #expect(items.count == 100)
        #expect(
            items["/music/42.mp3"]
                == PlayableItem(location: "/music/42.mp3", title: "Song 42", artist: "A", album: "B", duration: 60))
        #expect(items["/elsewhere.mp3"] == nil)
    }

    @Test func songsWithAKnownTempoComeFromTagsAndCurrentEstimates() throws {
        let library = try TestDatabase.library(folders: ["/music"])
        try library.store(
            ScanBatch(
                folder: "/music",
                tracks: [
                    T.track("/music/tagged.mp3", bpm: 170),
                    T.track("/music/slow.mp3", bpm: 90),
                    T.track("/music/estimated.mp3", size: 7, modified: 1_500_000_000_123_456_789),
                    T.track("/music/rewritten.mp3", size: 8, modified: 9),
                ]))
        let current = TempoFileKey(path: "/music/estimated.mp3", stamp: FileStamp(size: 7, modified: 1_500_000_000_123_456_789))
        #expect(current.text == "file:7:1500000000.123456789:/music/estimated.mp3")
        try library.storeTempo(TempoEstimate(bpm: 165, confidence: 0.8, source: .analysis), forKey: current.text)
        // An estimate for the file as it was before it was rewritten does not count.
        try library.storeTempo(
            TempoEstimate(bpm: 168, confidence: 0.8, source: .analysis),
            forKey: TempoFileKey(path: "/music/rewritten.mp3", stamp: FileStamp(size: 8, modified: 1)).text)
        let found = try library.localSongs(tempo: 160...180, limit: 10)
        #expect(found.map(\.song.id) == ["/music/tagged.mp3", "/music/estimated.mp3"])
        #expect(found.map(\.bpm) == [170, 165])
        #expect(try library.localSongs(tempo: 160...180, limit: 1).map(\.song.id) == ["/music/tagged.mp3"])
    }

    @Test func tempoKeysReadBackAndRefuseJunk() {
        let key = TempoFileKey(path: "/a:b.mp3", stamp: FileStamp(size: 3, modified: -1))
        #expect(key.text == "file:3:-1.999999999:/a:b.mp3")
        #expect(TempoFileKey(parsing: key.text) == key)
        for junk in ["itunes:1", "file:", "file:x:1.2:/a", "file:1:1:/a", "file:1:1.1000000000:/a", "file:1:99999999999999999999.0:/a"] {
            #expect(TempoFileKey(parsing: junk) == nil, "\(junk)")
        }
    }
}
