import Library
import MusicModel
import Player
import SQLiteStore
import Session
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A scanner that only records what it is asked (the real one is the Scanner module's): the
/// session's side of the seam, without threads or tag reading.
final class RecordingScanner: LibraryScanning {
    private let state = Mutex<(requests: [[String]?], progress: ScanProgress?, started: Int, stopped: Int)>(([], nil, 0, 0))
    private let reporter = Mutex<(@Sendable (LibraryActivity) -> Void)?>(nil)

    func start(report: @escaping @Sendable (LibraryActivity) -> Void) {
        reporter.withLock { $0 = report }
        state.withLock { $0.started += 1 }
    }

    func scan(_ folders: [String]?) { state.withLock { $0.requests.append(folders) } }

    var progress: ScanProgress? { state.withLock { $0.progress } }

    func shutdown() { state.withLock { $0.stopped += 1 } }

    /// The scan requests so far, in order.
    var requests: [[String]?] { state.withLock { $0.requests } }
    var stopped: Int { state.withLock { $0.stopped } }

    /// Sets the progress `status` and `stats` read, and reports it as the scanner's thread would.
    func report(_ progress: ScanProgress?) {
        state.withLock { $0.progress = progress }
        if let progress { reporter.withLock { $0 }?(.scanning(progress)) }
    }
}

/// The commands of the user's own music through the session: folders, rescans, stats, search and
/// the library's lists, on a real SQLite library and a recording scanner.
@Suite struct LibraryCommandTests {
    private struct Rig {
        let session: Session
        let library: MusicLibrary
        let scanner: RecordingScanner
        /// A folder of music on disk, with an `inner` folder in it.
        let music: String

        func run(_ command: Command) throws -> CommandResult { try session.perform(command).get() }
        func text(_ command: Command) throws -> String {
            guard case .text(let text) = try run(command) else { throw CommandError.failed("\(command.text) gave no text") }
            return text
        }
        func failure(_ command: Command) -> String? {
            if case .failure(let error) = session.perform(command) { return error.description }
            return nil
        }
    }

    private func rig() throws -> Rig {
        let home = Fixtures.temporaryDirectory()
        let library = try MusicLibrary.open(path: home + "/library.sqlite")
        let scanner = RecordingScanner()
        let session = Session(player: MusicPlayer.silent(), catalog: nil, library: library, scanner: scanner)
        let music = home + "/Music"
        #expect(mkdir(music, 0o755) == 0 && mkdir(music + "/inner", 0o755) == 0)
        return Rig(session: session, library: library, scanner: scanner, music: music)
    }

    /// A song of `folder` as the scanner would store it.
    static func track(
        _ path: String, in folder: String, title: String, artist: String = "Ada", album: String = "Firsts", bpm: Double? = nil
    )
        -> LocalTrack
    {
        LocalTrack(
            path: path, folder: folder, stamp: FileStamp(size: 1000, modified: 1),
            tags: TrackTags(format: "flac", title: title, artist: artist, album: album, trackNumber: 1, bpm: bpm, duration: 61.5))
    }

    @Test func aFolderIsAddedAndScannedOnlyWhenItIsAnAbsoluteFolder() throws {
        let rig = try rig()
        defer { rig.session.shutdown() }
        #expect(rig.failure(.folder(.add("Music"))) == "Music is not an absolute path; give it from / (or from ~).")
        #expect(rig.failure(.folder(.add(rig.music + "/nope"))) == "There is no folder \(rig.music)/nope.")
        let file = rig.music + "/song.flac"
        Shell.writeFile(file, Array("fLaC".utf8))
        #expect(rig.failure(.folder(.add(file))) == "\(file) is not a folder.")
        #expect(rig.scanner.requests.isEmpty, "nothing was scanned for a refused folder")

        #expect(try rig.text(.folder(.add(rig.music + "/"))) == "Added \(rig.music) to the library; scanning it.")
        #expect(rig.scanner.requests == [[rig.music]])
        guard case .folders(let folders) = try rig.run(.folder(.list)) else { throw CommandError.failed("folder list listed no folders") }
        #expect(folders.map(\.path) == [rig.music])
        #expect(rig.failure(.folder(.add(rig.music))) == "\(rig.music) is already a library folder.")
        #expect(
            rig.failure(.folder(.add(rig.music + "/inner")))
                == "\(rig.music)/inner is inside the library folder \(rig.music), so its songs are already in the library.")
        #expect(rig.scanner.requests.count == 1)
    }

    @Test func aFolderHoldingLibraryFoldersTakesTheirPlace() throws {
        let rig = try rig()
        defer { rig.session.shutdown() }
        let inner = rig.music + "/inner"
        _ = try rig.run(.folder(.add(inner)))
        try rig.library.store(ScanBatch(folder: inner, tracks: [Self.track(inner + "/a.flac", in: inner, title: "Alpha")]))
        let parent = String(rig.music[..<rig.music.lastIndex(of: "/")!])
        #expect(
            try rig.text(.folder(.add(parent))) == "Added \(parent) to the library; scanning it. It takes the place of \(rig.music)/inner.")
        #expect(try rig.library.libraryFolders().map(\.path) == [parent])
        #expect(try rig.library.libraryFolders().first?.songs == 1, "the inner folder's songs stay, now under the new folder")
        #expect(rig.scanner.requests.last == [parent])
    }

    @Test func removingAFolderTakesItsSongsAndStopsItsWatch() throws {
        let rig = try rig()
        defer { rig.session.shutdown() }
        #expect(rig.failure(.folder(.remove(rig.music))) == "\(rig.music) is not a library folder; folder list shows them.")
        _ = try rig.run(.folder(.add(rig.music)))
        try rig.library.store(
            ScanBatch(folder: rig.music, tracks: [Self.track(rig.music + "/a.flac", in: rig.music, title: "Alpha")]))
        #expect(
            try rig.text(.folder(.remove(rig.music)))
                == "Removed \(rig.music) and its 1 song from the library; the files stay on disk.")
        #expect(try rig.library.libraryFolders().isEmpty)
        #expect(try rig.library.libraryStats().songs == 0)
        #expect(rig.scanner.requests.last == [], "the scanner is told, so it stops watching the folder")
    }

    @Test func rescanAsksForTheFolderHoldingThePath() throws {
        let rig = try rig()
        defer { rig.session.shutdown() }
        #expect(rig.failure(.rescan(nil)) == "The library has no folders yet; add one with folder add DIR.")
        _ = try rig.run(.folder(.add(rig.music)))
        #expect(try rig.text(.rescan(nil)) == "Scanning \(rig.music); only files changed since the last scan are read.")
        #expect(try rig.text(.rescan(rig.music + "/inner/")) == "Scanning \(rig.music); only files changed since the last scan are read.")
        #expect(rig.failure(.rescan("/elsewhere")) == "/elsewhere is not in a library folder; folder list shows them.")
        #expect(rig.scanner.requests == [[rig.music], nil, [rig.music]])
    }

    @Test func statsAndStatusShowTheScanUnderWay() throws {
        let rig = try rig()
        defer { rig.session.shutdown() }
        let heard = EventLog<LibraryActivity>()
        let observation = rig.session.observe { if case .library(let activity) = $0 { heard.record(activity) } }
        defer { observation.cancel() }
        _ = try rig.run(.folder(.add(rig.music)))
        try rig.library.store(
            ScanBatch(
                folder: rig.music,
                tracks: [
                    Self.track(rig.music + "/a.flac", in: rig.music, title: "Alpha"),
                    Self.track(rig.music + "/b.flac", in: rig.music, title: "Beta"),
                ], skipped: [SkippedFile(path: rig.music + "/fifo", reason: "a FIFO: never opened")]))
        let progress = ScanProgress(folder: rig.music, done: 3120, total: 10000)
        rig.scanner.report(progress)
        #expect(heard.all == [.scanning(progress)], "the scanner's reports reach observers")
        #expect(rig.session.snapshot.scan == progress)
        guard case .stats(let stats) = try rig.run(.stats) else { throw CommandError.failed("stats gave no stats") }
        #expect(stats.songs == 2 && stats.albums == 1 && stats.artists == 1 && stats.folders == 1)
        #expect(stats.totalSeconds == 123)
        #expect(stats.skipped == 1)
        #expect(stats.scan == progress)
        rig.scanner.report(nil)
        #expect(rig.session.snapshot.scan == nil)
    }

    @Test func findAndTheLibraryListsAnswerFromTheLibrary() throws {
        let rig = try rig()
        defer { rig.session.shutdown() }
        #expect(rig.failure(.find("  ")) == "find needs something to look for, as in find blue train.")
        _ = try rig.run(.folder(.add(rig.music)))
        try rig.library.store(
            ScanBatch(
                folder: rig.music,
                tracks: [
                    Self.track(rig.music + "/a.flac", in: rig.music, title: "Blue Train", artist: "John Coltrane", album: "Blue Train"),
                    Self.track(
                        rig.music + "/inner/b.flac", in: rig.music, title: "Giant Steps", artist: "John Coltrane", album: "Giant Steps"),
                ]))
        guard case .songs(let found) = try rig.run(.find("blu tra")) else { throw CommandError.failed("find gave no songs") }
        #expect(found.map(\.id) == [rig.music + "/a.flac"])
        guard case .albums(let albums) = try rig.run(.library(.albums(.title))) else { throw CommandError.failed("no albums") }
        #expect(albums.map(\.title) == ["Blue Train", "Giant Steps"])
        let giant = try #require(albums.last)
        guard case .songs(let tracks) = try rig.run(.library(.album(giant.id))) else { throw CommandError.failed("no album tracks") }
        #expect(tracks.map(\.title) == ["Giant Steps"])
        guard case .songs(let under) = try rig.run(.library(.folder(rig.music + "/inner"))) else { throw CommandError.failed("no songs") }
        #expect(under.map(\.title) == ["Giant Steps"])
        #expect(rig.failure(.library(.album("1440857781"))) == "1440857781 is not a library album; they are written local:album:N.")
        #expect(rig.failure(.library(.album("local:album:999"))) == "There is no album local:album:999 in the library.")
        #expect(rig.failure(.library(.artist("local:artist:999"))) == "There is no artist local:artist:999 in the library.")
        #expect(rig.failure(.library(.folder("/elsewhere"))) == "/elsewhere is not in a library folder; folder list shows them.")
        #expect(rig.failure(.library(.songs(.title, offset: -1))) == "library songs counts from 0; -1 is no place to start.")
    }

    @Test func localFilesAreQueuedListedAndRememberedWithTheirTags() throws {
        let rig = try rig()
        defer { rig.session.shutdown() }
        _ = try rig.run(.folder(.add(rig.music)))
        let path = rig.music + "/a.flac"
        try rig.library.store(
            ScanBatch(folder: rig.music, tracks: [Self.track(path, in: rig.music, title: "Blue Train", artist: "John Coltrane")]))
        _ = try rig.run(.playlist(.create("Mine")))
        _ = try rig.run(.playlist(.add("Mine", items: [path, rig.music + "/unknown.flac"])))
        guard case .items(let items) = try rig.run(.playlist(.show("Mine"))) else { throw CommandError.failed("no items") }
        #expect(items.map(\.title) == ["Blue Train", nil])
        #expect(items.first?.artist == "John Coltrane" && items.first?.album == "Firsts" && items.first?.duration == 61.5)
        // Queued, it carries them too, and so does the history once it is heard.
        _ = try rig.run(.add([path], position: .tail))
        let entry = try #require(rig.session.queue.entries.first)
        #expect(entry.item.title == "Blue Train" && entry.item.artist == "John Coltrane")
        rig.session.handle(.entryPlayed(entry))
        guard case .history(let history) = try rig.run(.history(.list)) else { throw CommandError.failed("no history") }
        #expect(history.first?.item.location == path && history.first?.item.title == "Blue Train")
    }

    @Test func shutdownStopsTheScanner() throws {
        let rig = try rig()
        rig.session.shutdown()
        #expect(rig.scanner.stopped == 1)
    }

    @Test func configuredFoldersAreAddedAndScannedAtStart() throws {
        let rig = try rig()
        defer { rig.session.shutdown() }
        _ = try rig.run(.folder(.add(rig.music + "/inner")))
        guard case .text(let problems) = try rig.session.perform(.openLibrary(configured: [rig.music, rig.music + "/inner"])).get() else {
            throw CommandError.failed("openLibrary gave no text")
        }
        #expect(problems == "library.folders: \(rig.music) takes the place of \(rig.music)/inner in the library.")
        #expect(try rig.library.libraryFolders().map(\.path) == [rig.music])
        #expect(rig.scanner.requests.last == [rig.music], "the new folder is scanned")
        guard case .text(let again) = try rig.session.perform(.openLibrary(configured: [rig.music])).get() else {
            throw CommandError.failed("openLibrary gave no text")
        }
        #expect(again.isEmpty && rig.scanner.requests.count == 2, "a folder already there is neither a problem nor scanned again")
    }
}
