import Audio
import Library
import MusicModel
import POSIXSupport
import SQLiteStore
import Synchronization
import TestSupport
import Testing

@testable import Scanner

#if canImport(Glibc)
    import Glibc
#endif

/// A library in a temporary SQLite file with one library folder, `music`, to fill with files; a
/// scanner over it with a fake tag reader that counts its reads (its title is the file's first
/// bytes, so a rewrite shows); and the scanner's reports and log, recorded.
final class ScannerTree: Sendable {
    let root: String
    /// The library folder.
    let music: String
    let library: MusicLibrary
    let reads = ReadLog()
    let activity = EventLog<LibraryActivity>()
    let log = EventLog<String>()

    init() throws {
        root = Fixtures.temporaryDirectory()
        music = root + "/music"
        #expect(mkdir(music, 0o755) == 0)
        library = try MusicLibrary.open(path: root + "/library.db")
        #expect(try library.addLibraryFolder(music))
    }

    deinit { _ = Shell.run("rm", ["-rf", root]) }

    /// A scanner over the library (not started).
    func scanner(
        batchSize: Int = 250, clock: @escaping @Sendable () -> Double = monotonicSeconds,
        openFolder: @escaping FolderOpener = LibraryScanner.folderOpener,
        watchLimit: Int? = nil, beforeRead: @escaping @Sendable (String) -> Void = { _ in }
    ) -> LibraryScanner {
        LibraryScanner(
            library: library, readTags: reads.reader(beforeRead: beforeRead), clock: clock, log: { [log] in log.record($0) },
            openFolder: openFolder, batchSize: batchSize, watchLimit: watchLimit)
    }

    /// Starts `scanner` and waits for its first scan (the one every start makes).
    @discardableResult
    func start(_ scanner: LibraryScanner) throws -> ScanOutcome {
        let before = Self.outcomes(activity.all).count
        scanner.start { [activity] in activity.record($0) }
        return try waitForScan(number: before + 1)
    }

    /// Waits for the `number`th `.scanned` report of the tree's scanners.
    func waitForScan(number: Int) throws -> ScanOutcome {
        let outcomes = activity.wait(until: { Self.outcomes($0).count >= number }, timeout: 60)
        return try #require(Self.outcomes(outcomes).dropFirst(number - 1).first, "scan \(number) never finished")
    }

    static func outcomes(_ activity: [LibraryActivity]) -> [ScanOutcome] {
        activity.compactMap { activity -> ScanOutcome? in if case .scanned(let outcome) = activity { outcome } else { nil } }
    }

    /// Writes `text` to `relative` under the library folder, making the folders on the way.
    func write(_ relative: String, _ text: String = "song") {
        let path = music + "/" + relative
        #expect(makeDirectories(parentDirectory(of: path), mode: 0o755))
        Shell.writeFile(path, Array(text.utf8))
    }

    /// The paths the library holds under the library folder, relative to it.
    func stored() throws -> Set<String> {
        Set(try library.fileStamps(under: music).keys.map { String($0.dropFirst(music.count + 1)) })
    }

    /// The titles the library holds, by path relative to the library folder.
    func titles() throws -> [String: String] {
        var result: [String: String] = [:]
        for song in try library.localSongs(under: music, limit: 100_000) {
            result[String(song.id.dropFirst(music.count + 1))] = song.title
        }
        return result
    }

    /// Whether some log line mentions `path` (relative) and `reason`.
    func logged(_ relative: String, _ reason: String) -> Bool {
        log.all.contains { $0.contains(music + "/" + relative) && $0.contains(reason) }
    }
}

/// Counts the fake tag reader's reads, by path.
final class ReadLog: Sendable {
    private let paths = Mutex<[String]>([])

    var all: [String] { paths.withLock { $0 } }
    var count: Int { all.count }

    /// A tag reader whose title is the file's first bytes and whose format is its extension;
    /// `beforeRead` runs first (a test's hook: block, remove a folder).
    func reader(beforeRead: @escaping @Sendable (String) -> Void) -> TagReading {
        { [self] file, path in
            self.paths.withLock { $0.append(path) }
            beforeRead(path)
            var bytes = [UInt8](repeating: 0, count: 64)
            let count = bytes.withUnsafeMutableBytes { read(file.descriptor, $0.baseAddress, $0.count) }
            let title = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
            let format = path.split(separator: ".").last.map(String.init) ?? "mp3"
            return TrackTags(format: format, title: title, artist: "Tester", album: "Tests")
        }
    }
}
