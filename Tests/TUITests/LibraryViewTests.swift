import Library
import Session
import Terminal
import Testing
import WireProtocol

@testable import TUI

/// The user's own music in the UI (#13): the Library view's Songs, Albums, Artists and Folders,
/// their orders and pages, local albums, artists and folders opened, `find` in the Search page,
/// and the scanner's progress and changes. Replies are built as `WireResult` values.
@Suite struct LibraryViewTests {
    /// A local song: its id is its path.
    static func local(_ n: Int, _ title: String, artist: String = "Home Band", album: String = "Attic Tapes", playable: Bool = true)
        -> WireSong
    {
        WireSong(
            id: "/music/\(artist)/\(album)/\(n).flac", title: title, artist: artist, album: album, albumId: "local:album:3",
            duration: 180, track: n, playable: playable)
    }

    /// A driver on the Library view with the Songs list open, answered with `songs`.
    static func onSongs(_ songs: [WireSong]) -> Driver {
        var d = Driver()
        d.key(.character("2"))
        d.key(.enter)
        d.reply(d.id("library songs")!, .songs(songs))
        return d
    }

    // MARK: The sections

    @Test func theLibraryViewLeadsWithYourMusicAndShowsItsCounts() throws {
        var d = Driver()
        #expect(d.sent.map(\.line).contains("stats"))
        d.key(.character("2"))
        let titles = d.model.page.rows.compactMap { row -> String? in
            if case .section(let section, _) = row { return section.title } else { return nil }
        }
        #expect(titles == ["Songs", "Albums", "Artists", "Folders"])
        #expect(d.model.page.current == .section(.songs, count: nil), "the cursor starts on Songs")
        d.reply(d.id("stats")!, .stats(LibraryStats(songs: 10_000, albums: 812, artists: 240, folders: 2)))
        let screen = d.screen()
        #expect(screen.contains { $0.contains("Songs") && $0.contains("10,000 songs") })
        #expect(screen.contains { $0.contains("Albums") && $0.contains("812 albums") })
        #expect(screen.contains { $0.contains("Folders") && $0.contains("2 folders") })
        d.event(.library(.changed))  // the counts are asked for again
        d.reply(d.id("stats")!, .stats(LibraryStats(songs: 1, folders: 1)))
        #expect(d.screen().contains { $0.contains("Folders") && $0.contains("1 folder ") })
    }

    @Test func songsOpenInAnOrderTheSortKeyCyclesAndTheTitleSays() throws {
        var d = Driver()
        d.key(.character("2"))
        d.key(.enter)
        #expect(d.sent.last!.line == "library songs --sort artist")
        #expect(d.sent.last!.channel == .control)
        let byArtist = d.sent.last!.id
        d.key(.character("o"))
        #expect(d.sent.last!.line == "library songs --sort title")
        #expect(d.screen()[1].contains("Your music · Songs · by title"))
        // An answer for the order left behind does not land on the page.
        d.reply(byArtist, .songs([Self.local(9, "Old Order")]))
        #expect(d.model.page.rows.isEmpty)
        d.reply(d.sent.last!.id, .songs([Self.local(2, "Loft"), Self.local(1, "Cellar Door")]))
        #expect(d.model.page.rows == [.song(Self.local(2, "Loft")), .song(Self.local(1, "Cellar Door"))])
        #expect(d.screen().contains { $0.contains("Cellar Door") && $0.contains("Home Band") })
        for expected in ["album", "year", "added", "length", "artist"] {
            d.key(.character("o"))
            #expect(d.sent.last!.line == "library songs --sort \(expected)")
        }
        #expect(d.screen()[1].contains("Songs · by artist"))
    }

    @Test func theNextPageOfSongsIsAskedForOnceAsTheCursorNearsTheEnd() throws {
        let full = (0..<LibraryQuery.pageSize).map { Self.local($0, "Song \($0)") }
        var d = Self.onSongs(full)
        let before = d.sent.count
        d.key(.pageDown)
        #expect(d.lines(since: before).isEmpty, "far from the end: nothing asked")
        d.key(.character("G"))
        d.key(.character("k"))
        #expect(d.lines(since: before) == ["library songs --sort artist --from 2000"], "asked once")
        d.reply(d.sent.last!.id, .songs([Self.local(5000, "The Last One")]))
        #expect(d.model.page.rows.count == LibraryQuery.pageSize + 1)
        d.key(.character("G"))
        #expect(d.screen().contains { $0.contains("The Last One") })
        #expect(d.lines(since: before).count == 1, "a short page is the last: nothing more asked")
    }

    @Test func enterPlaysYourSongsFromTheRowAndTheOtherKeysWork() throws {
        var d = Self.onSongs([Self.local(1, "One"), Self.local(2, "Two"), Self.local(3, "Three")])
        d.key(.character("j"))
        d.key(.enter)
        let paths = (1...3).map { "\"/music/Home Band/Attic Tapes/\($0).flac\"" }
        #expect(d.sent.last!.line == "replace 2 " + paths.joined(separator: " "))
        d.key(.character("a"))
        #expect(d.sent.last!.line == "add " + paths[1])
        d.key(.character("v"))
        d.key(.character("v"))
        d.key(.character("i"))
        #expect(d.sent.last!.line == "playnext " + paths[1] + " " + paths[2])
        d.key(.character("P"))
        guard case .command(let editor, _, _) = d.model.mode else {
            Issue.record("P did not open the command line")
            return
        }
        #expect(editor.string == "playlist add  " + paths[2])
        d.key(.escape)
        let before = d.sent.count
        d.key(.character("S"))
        #expect(d.lines(since: before).isEmpty, "a file of your own is not saved to the catalog library")
        #expect(d.model.message?.text == "Only catalog songs and albums can be saved.")
    }

    @Test func aQueuedFileThatIsGoneIsShownMissing() throws {
        var d = Driver()
        d.key(.character("4"))
        let entries = [
            WireEntry(id: 5, title: "Here", item: WireItem(location: "/music/here.flac", album: "Attic Tapes")),
            WireEntry(id: 6, title: "Gone Away", item: WireItem(location: "/music/gone.flac", album: "Attic Tapes")),
        ]
        d.reply(d.exactly("queue"), .queue(entries: entries, current: 5, version: 1))
        let sentence = "Cannot read /music/gone.flac: the file is missing (moved or deleted since it was added)."
        d.event(.entryFailed(entry: entries[1], reason: sentence))
        #expect(d.model.message?.text == "Could not play “Gone Away”: " + sentence)
        d.key(.character("j"))  // the message goes with the next key; the row still says it
        let screen = d.screen()
        #expect(try #require(screen.first { $0.contains("Gone Away") }).contains("missing · Attic"))
        #expect(!(try #require(screen.first { $0.contains("Here") })).contains("missing"))
    }

    // MARK: Albums, artists, folders

    @Test func aLocalAlbumOpensWithLibraryAlbumAndIsQueuedWhole() throws {
        var d = Driver()
        d.key(.character("2"))
        d.key(.character("j"))
        d.key(.enter)
        #expect(d.sent.last!.line == "library albums --sort artist")
        let attic = WireAlbum(id: "local:album:3", title: "Attic Tapes", artist: "Home Band", trackCount: 2)
        d.reply(d.sent.last!.id, .albums([attic, WireAlbum(id: "local:album:4", title: "Basement", artist: "Home Band")]))
        #expect(d.screen()[1].contains("Albums · by artist"))
        d.key(.character("a"))
        #expect(d.sent.last!.line == "library album local:album:3")
        d.reply(d.sent.last!.id, .songs([Self.local(1, "One"), Self.local(2, "Two")]))
        #expect(d.sent.last!.line == #"add "/music/Home Band/Attic Tapes/1.flac" "/music/Home Band/Attic Tapes/2.flac""#)

        d.key(.enter)
        #expect(d.sent.last!.line == "library album local:album:3")
        #expect(d.sent.last!.channel == .control, "your own music is not the catalog's")
        d.reply(d.sent.last!.id, .songs([Self.local(1, "One"), Self.local(2, "Two")]))
        #expect(d.model.page.title == "Album · Attic Tapes — Home Band")
        #expect(d.screen().contains { $0.contains("2. Two") })
        d.key(.enter)
        #expect(d.sent.last!.line.hasPrefix("replace 1 \"/music/Home Band/Attic Tapes/1.flac\""))
        d.key(.character("o"))
        #expect(d.model.message?.isError == true, "an album's songs are in track order")
    }

    @Test func aLocalArtistOpensWithLibraryArtist() throws {
        var d = Driver()
        d.key(.character("2"))
        d.key(.character("j"))
        d.key(.character("j"))
        d.key(.enter)
        #expect(d.sent.last!.line == "library artists")
        d.reply(d.sent.last!.id, .artists([WireArtist(id: "local:artist:7", name: "Home Band")]))
        d.key(.enter)
        #expect(d.sent.last!.line == "library artist local:artist:7")
        d.reply(d.sent.last!.id, .albums([WireAlbum(id: "local:album:3", title: "Attic Tapes", artist: "Home Band")]))
        #expect(d.model.page.title == "Artist · Home Band")
        #expect(
            d.model.page.rows == [.header("Albums"), .album(WireAlbum(id: "local:album:3", title: "Attic Tapes", artist: "Home Band"))])
    }

    @Test func aFolderOpensWithLibraryFolderAndQueuesItsSongs() throws {
        var d = Driver()
        d.key(.character("2"))
        d.key(.character("G"))
        d.key(.character("g"))
        for _ in 0..<3 { d.key(.character("j")) }
        d.key(.enter)
        #expect(d.sent.last!.line == "library folders")
        d.reply(d.sent.last!.id, .folders([LibraryFolder(path: "/music", songs: 1_234, lastScan: 1_700_000_000, skipped: 3)]))
        let row = try #require(d.screen().first { $0.contains("/music") })
        #expect(row.contains("1,234 songs") && row.contains("3 skipped"))
        d.key(.character("i"))
        #expect(d.sent.last!.line == "library folder /music")
        d.reply(d.sent.last!.id, .songs([Self.local(1, "One")]))
        #expect(d.sent.last!.line == #"playnext "/music/Home Band/Attic Tapes/1.flac""#)
        d.key(.enter)
        #expect(d.sent.last!.line == "library folder /music")
        d.reply(d.sent.last!.id, .songs([Self.local(1, "One"), Self.local(2, "Two")]))
        #expect(d.model.page.title == "Folder · /music")
        #expect(d.model.page.rows.count == 3, "Play all, then the songs")
    }

    @Test func theWorkoutPickerTakesYourSongsAndSaysHowToAddYourAlbums() throws {
        var d = WorkoutScreenTests.onWorkout(WorkoutScreenTests.status())
        d.key(.character("a"))
        #expect(d.model.tab == .library && d.model.workout.picking)
        d.key(.character("l"))  // Songs opens (Enter, in the picker, adds what is marked)
        #expect(d.sent.last!.line == "library songs --sort artist")
        d.reply(d.sent.last!.id, .songs([Self.local(1, "One")]))
        d.key(.character(" "))
        d.key(.enter)
        #expect(d.sent.last!.line == #"workout add "/music/Home Band/Attic Tapes/1.flac""#)

        d.key(.character("a"))
        d.key(.character("h"))
        d.key(.character("j"))
        d.key(.character("l"))
        d.reply(
            d.exactly("library albums --sort artist"), .albums([WireAlbum(id: "local:album:3", title: "Attic Tapes", artist: "Home Band")]))
        let before = d.sent.count
        d.key(.character(" "))
        d.key(.enter)
        #expect(d.lines(since: before).isEmpty)
        #expect(d.model.message?.text == "Open an album of your own (l) and mark its songs to add them to the workout.")
    }

    // MARK: Search

    @Test func searchAsksFindAtOnceAndShowsYourSongsMarkedBesideTheCatalogs() throws {
        var d = Driver()
        d.key(.character("/"))
        d.type("n")
        #expect(d.sent.last!.line == "find n", "the library is asked at the first keystroke")
        d.type("eo")
        #expect(d.sent.filter { $0.line.hasPrefix("find") }.count == 1, "one find at a time")
        d.reply(d.exactly("find n"), .songs([Self.local(1, "Nothing Older")]))
        #expect(d.sent.last!.line == "find neo", "the newest term goes next")
        #expect(!d.screen().contains { $0.contains("Nothing Older") }, "an answer for an older term is not shown")
        d.reply(d.exactly("find neo"), .songs([Self.local(1, "Neon Attic")]))
        d.wait(0.5)
        d.line(DaemonLines.songs(d.id("search songs")!, [DaemonLines.song(10, "Neon Catalog")]))
        d.line(DaemonLines.albums(d.id("search albums")!, []))
        d.line(DaemonLines.artists(d.id("search artists")!, []))
        let screen = d.screen()
        #expect(d.model.page.rows.contains(.header("In your library (1)")))
        let mine = try #require(screen.first { $0.contains("Neon Attic") })
        #expect(mine.contains("local · Attic Tapes"))
        let theirs = try #require(screen.first { $0.contains("Neon Catalog") })
        #expect(!theirs.contains("local"))
    }

    @Test func aDaemonWithoutFindLeavesTheSavedSongsFilteredHereAndNoError() throws {
        var d = Driver()
        d.line(DaemonLines.songs(d.id("saved songs")!, [DaemonLines.song(1, "Neon Lights", artist: "Saved Band")]))
        d.key(.character("/"))
        d.type("ne")
        let unknown = WireFailure(message: "Unknown command \"find\".")
        d.fail(d.exactly("find n"), unknown)
        d.fail(d.exactly("find ne"), unknown)
        #expect(d.model.message == nil)
        #expect(d.model.page.rows.contains(.header("In your library (1)")))
        #expect(d.screen().contains { $0.contains("Neon Lights") })
    }

    // MARK: The scanner

    @Test func scanProgressIsOnTheStatusLineAndGoesWhenTheScanEnds() throws {
        var d = Driver()
        d.line(DaemonLines.event(DaemonLines.snapshot(status: "stopped", length: 0)))
        d.event(.library(.scanning(ScanProgress(folder: "/music", done: 3_120, total: 10_000))))
        let bar = try #require(d.screen().first { $0.contains("Nothing in the queue") })
        #expect(bar.contains("scanning 3,120 of 10,000 · stopped"))
        d.event(.library(.scanning(ScanProgress(folder: "/music", done: 9_000, total: nil))))
        #expect(d.screen().contains { $0.contains("Nothing in the queue") && $0.contains("scanning 9,000 files so far · stopped") })
        d.event(.library(.scanned(ScanOutcome(folders: ["/music"], added: 10_000))))
        #expect(!d.screen().contains { $0.contains("scanning") })
    }

    @Test func aStatusSnapshotCarriesTheScanToo() throws {
        var d = Driver()
        let scanning = WireSnapshot(scan: ScanProgress(folder: "/music", done: 3_120, total: 10_000))
        d.reply(d.exactly("queue"), .status(scanning))
        #expect(d.screen().contains { $0.contains("Nothing in the queue") && $0.contains("scanning 3,120 of 10,000") })
        d.event(.status(WireSnapshot()))
        #expect(!d.screen().contains { $0.contains("scanning") }, "a snapshot without a scan: none runs")
    }

    @Test func theShownSectionIsReadAgainWhenAScanEndsNotAtEveryProgressReport() throws {
        var d = Self.onSongs([Self.local(1, "One")])
        var before = d.sent.count
        for done in [100, 200, 300] {
            d.event(.library(.scanning(ScanProgress(folder: "/music", done: done, total: 400))))
        }
        #expect(d.lines(since: before).isEmpty)
        d.event(.library(.scanned(ScanOutcome(folders: ["/music"], added: 400))))
        #expect(d.lines(since: before) == ["stats", "library songs --sort artist"])
        d.reply(d.sent.last!.id, .songs([Self.local(1, "One"), Self.local(2, "Two")]))
        #expect(d.model.page.rows.count == 2)

        // A change on disk while another view is shown: read when the Library view is shown again.
        d.key(.character("4"))
        before = d.sent.count
        d.event(.library(.changed))
        #expect(!d.lines(since: before).contains { $0.hasPrefix("library") })
        d.key(.character("2"))
        #expect(d.lines(since: before).contains("library songs --sort artist"))
    }
}

extension Driver {
    /// A reply to request `id` carrying `result`.
    mutating func reply(_ id: Int, _ result: WireResult) {
        take(model.handle(.reply(id: .number(Double(id)), result: .success(result), text: nil), now: now))
    }

    /// A failure answering request `id`.
    mutating func fail(_ id: Int, _ failure: WireFailure) {
        take(model.handle(.reply(id: .number(Double(id)), result: .failure(failure), text: nil), now: now))
    }

    /// The id of the request sent as exactly `line`.
    func exactly(_ line: String) -> Int { sent.first { $0.line == line }!.id }

    /// An event from the daemon.
    mutating func event(_ event: WireEvent) { take(model.handle(.event(event), now: now)) }
}
