import Library
import MusicModel
import POSIXSupport
import SQLiteStore

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 13's library store alone, in-process: COUNT generated songs written in scan-sized
/// batches into a fresh SQLite library (no files, no scanner, no daemon), then what the scanner,
/// `stats`, the list views and search-as-you-type ask of it. `find` runs once per keystroke of
/// each phrase given (after one untimed pass), as the terminal UI's picker sends it.
enum StoreBench {
    static let batchSize = 500
    static let folder = "/bench/library"
    /// What the session's `find` asks for (`LibraryCommands.findLimit`).
    static let findLimit = 50

    static func run(count: Int, phrases: [String]) {
        var template = "/tmp/segue-store-bench-XXXXXX".utf8CString
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            Console.error("segue-bench: no temporary folder")
            exit(1)
        }
        let directory = String(cString: made)
        defer { remove(directory) }
        let path = directory + "/library.sqlite"
        do throws(LibraryError) {
            let library = try MusicLibrary.open(path: path)
            _ = try library.addLibraryFolder(folder)
            var generator = SongGenerator(seed: 13)
            let start = monotonicSeconds()
            var written = 0
            while written < count {
                let size = min(batchSize, count - written)
                let tracks = (0..<size).map { generator.track(number: written + $0, folder: folder) }
                try library.store(ScanBatch(folder: folder, tracks: tracks))
                written += size
            }
            let insert = monotonicSeconds() - start
            let stored = try library.libraryStats().songs
            guard stored == count else {
                Console.error("segue-bench: the store holds \(stored) of the \(count) songs written; no figures")
                exit(1)
            }
            print("store-insert-rate \(Double(count) / insert) songs/s")
            print("store-db-size \(Double(fileSize(path) + fileSize(path + "-wal")) / 1_048_576) MB")

            var stamps = 0
            print("store-file-stamps \(milliseconds { stamps = (try? library.fileStamps(under: folder))?.count ?? 0 }) ms")
            if stamps != count { Console.error("segue-bench: fileStamps gave \(stamps) of \(count) songs") }
            print("store-stats \(milliseconds { _ = try? library.libraryStats() }) ms")
            print("store-albums-by-artist \(milliseconds { _ = try? library.localAlbums(sortedBy: .artist) }) ms")
            print(
                "store-songs-page-by-title \(milliseconds { _ = try? library.localSongs(sortedBy: .title, offset: count / 2, limit: 2_000) }) ms"
            )

            let keystrokes = phrases.flatMap { phrase in
                phrase.indices.compactMap { end in phrase[end] == " " ? nil : String(phrase[...end]) }
            }
            var empty = 0
            for term in keystrokes { empty += ((try? library.find(term, limit: findLimit))?.isEmpty ?? true) ? 1 : 0 }
            var timed: [(term: String, ms: Double)] = []
            for term in keystrokes { timed.append((term, milliseconds { _ = try? library.find(term, limit: findLimit) })) }
            let slowest = timed.sorted { $0.ms > $1.ms }.prefix(5).map { "\($0.term) \(($0.ms * 10).rounded() / 10) ms" }
            Console.error("segue-bench: slowest find keystrokes: " + slowest.joined(separator: ", "))
            let times = timed.map(\.ms).sorted()
            print("store-find-p50 \(times[times.count / 2]) ms")
            print("store-find-p95 \(times[min(times.count - 1, (times.count * 95 + 99) / 100 - 1)]) ms")
            print("store-find-max \(times[times.count - 1]) ms")
            print("store-find-no-results \(empty) keystrokes")
        } catch {
            Console.error("segue-bench: the library store failed: \(error)")
            exit(1)
        }
    }

    private static func milliseconds(_ body: () -> Void) -> Double {
        let start = monotonicSeconds()
        body()
        return (monotonicSeconds() - start) * 1000
    }

    private static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }

    private static func remove(_ directory: String) {
        for name in ["library.sqlite", "library.sqlite-wal", "library.sqlite-shm"] { unlink(directory + "/" + name) }
        rmdir(directory)
    }
}
