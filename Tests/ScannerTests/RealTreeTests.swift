import Library
import MusicModel
import POSIXSupport
import SQLiteStore
import Scanner
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The scanner with the real tag reader over the shared music tree (every format, unicode
/// names, a two-disc album, a compilation, untagged files): what the library lists is what the
/// files say, and a rescan reads none of them again.
@Suite struct RealTreeTests {
    @Test func everyFormatIsListedWithItsTagsAndARescanReadsNothing() throws {
        let tree = try MusicTree.copy()
        defer { _ = Shell.run("rm", ["-rf", tree.root]) }
        let libraryFolder = Fixtures.temporaryDirectory()
        defer { _ = Shell.run("rm", ["-rf", libraryFolder]) }
        let library = try MusicLibrary.open(path: libraryFolder + "/library.db")
        #expect(try library.addLibraryFolder(tree.root))
        let reads = Mutex(0)
        let log = EventLog<String>()
        let activity = EventLog<LibraryActivity>()
        let scanner = LibraryScanner(
            library: library,
            readTags: { file, path in
                reads.withLock { $0 += 1 }
                return try LibraryScanner.tagReader(file, path)
            }, log: { log.record($0) })
        defer { scanner.shutdown() }

        scanner.start { activity.record($0) }
        let first = try #require(activity.wait(for: { if case .scanned = $0 { true } else { false } }, timeout: 60))

        #expect(first == .scanned(ScanOutcome(folders: [tree.root], added: tree.songs.count, seconds: outcomeSeconds(first))))
        #expect(log.all.isEmpty, "\(log.all)")
        let songs = Dictionary(uniqueKeysWithValues: try library.localSongs(under: tree.root, limit: 1000).map { ($0.id, $0) })
        #expect(Set(songs.keys) == Set(tree.songs.map(\.path)))
        for expected in tree.songs {
            let song = try #require(songs[expected.path])
            if let title = expected.tags.title { #expect(song.title == title, "\(expected.relativePath)") }
            if let album = expected.tags.album { #expect(song.albumTitle == album, "\(expected.relativePath)") }
            let duration = try #require(song.duration, "\(expected.relativePath) has no length")
            #expect(abs(duration - (expected.tags.duration ?? 0)) <= expected.durationTolerance, "\(expected.relativePath)")
        }
        #expect(reads.withLock { $0 } == tree.songs.count)

        scanner.scan(nil)
        let second = activity.wait(until: { $0.filter { if case .scanned = $0 { true } else { false } }.count >= 2 }, timeout: 60)
        let rescan = try #require(second.last)
        #expect(rescan == .scanned(ScanOutcome(folders: [tree.root], unchanged: tree.songs.count, seconds: outcomeSeconds(rescan))))
        #expect(reads.withLock { $0 } == tree.songs.count)
    }

    private func outcomeSeconds(_ activity: LibraryActivity) -> Double {
        if case .scanned(let outcome) = activity { outcome.seconds } else { -1 }
    }
}
