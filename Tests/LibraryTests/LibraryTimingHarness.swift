import FoundationEssentials
import Glibc
import Library
import MusicModel
import SQLiteStore
import TestSupport
import Testing

/// Not a test: figures for the store at 100,000 songs, run by hand with
/// `SEGUE_STORE_TIMING=1 swift test --skip-build --filter LibraryTimingHarness` (it prints
/// insert rate, database size and `find` latency per keystroke; nothing here passes or fails on
/// time). `SEGUE_STORE_TIMING_SONGS` changes the count.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["SEGUE_STORE_TIMING"] != nil, "timing harness, run by hand"))
struct LibraryTimingHarness {
    /// TestSupport's seeded generator, so every run measures the same library.
    typealias Generator = SplitMix64

    static let syllables = [
        "ka", "lo", "ve", "mi", "ra", "to", "sun", "day", "night", "the", "an", "or", "el", "ri", "mo", "na", "se", "ta", "lu",
        "bri", "gho", "st", "ar", "en", "di", "ko", "pa", "ne", "ly", "qu", "zo", "ha", "be", "fi", "gu", "ja", "wo", "xe", "yu",
    ]

    static func word(_ g: inout Generator) -> String {
        (0..<(2 + g.int(3))).map { _ in syllables[g.int(syllables.count)] }.joined()
    }

    static func phrase(_ g: inout Generator, words: ClosedRange<Int>) -> String {
        (0..<(words.lowerBound + g.int(words.count))).map { _ in
            let w = word(&g)
            return w.prefix(1).uppercased() + w.dropFirst()
        }.joined(separator: " ")
    }

    @Test func measure() throws {
        let count = ProcessInfo.processInfo.environment["SEGUE_STORE_TIMING_SONGS"].flatMap { Int($0) } ?? 100_000
        let (library, path) = try TestDatabase.library()
        var g = Generator(seed: 42)
        let artists = (0..<(count / 20)).map { _ in Self.phrase(&g, words: 1...3) }
        let genres = (0..<40).map { _ in Self.phrase(&g, words: 1...2) }
        var titles: [String] = []
        var tracks: [LocalTrack] = []
        var albumIndex = 0
        while tracks.count < count {
            let artist = artists[g.int(artists.count)]
            let album = Self.phrase(&g, words: 1...4)
            let year = 1960 + g.int(65)
            let genre = genres[g.int(genres.count)]
            albumIndex += 1
            for number in 1...(8 + g.int(8)) where tracks.count < count {
                let title = Self.phrase(&g, words: 1...5)
                titles.append(title)
                tracks.append(
                    LocalTrackFixture.track(
                        "/bench/\(artist)/\(album) \(albumIndex)/\(number) \(title).mp3", folder: "/bench", title: title, artist: artist,
                        album: album, albumArtist: artist, genre: genre, year: year, disc: 1, track: number, bpm: Double(80 + g.int(100)),
                        duration: Double(120 + g.int(300)), size: Int64(3_000_000 + g.int(5_000_000)), modified: Int64(g.int(1 << 40))
                    ))
            }
        }
        _ = try library.addLibraryFolder("/bench")
        let clock = ContinuousClock()
        let batch = 500
        let insertCPU = Self.cpuSeconds()
        let insert = clock.measure {
            for start in stride(from: 0, to: tracks.count, by: batch) {
                try? library.store(ScanBatch(folder: "/bench", tracks: Array(tracks[start..<min(start + batch, tracks.count)])))
            }
        }
        let cpu = Self.cpuSeconds() - insertCPU
        let stats = try library.libraryStats()
        let seconds = Self.seconds(insert)
        print("store CPU: \(Self.ms(cpu)) ms (\(Int(Double(stats.songs) / cpu)) songs/s of CPU)")
        print(
            "store: \(stats.songs) songs, \(stats.albums) albums, \(stats.artists) artists in \(Self.ms(seconds)) ms (\(Int(Double(stats.songs) / seconds)) songs/s, batches of \(batch))"
        )
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        print("database: \(size / 1_000_000) MB (+ \(wal / 1_000_000) MB WAL)")

        let stamps = clock.measure { _ = try? library.fileStamps(under: "/bench") }
        print("fileStamps(under:) all \(count): \(Self.ms(Self.seconds(stamps))) ms")

        // Keystrokes: every prefix of some titles' first two words, and of artists' names, plus short common prefixes.
        var typed: [String] = []
        for index in stride(from: 0, to: titles.count, by: max(1, titles.count / 60)) {
            let words = titles[index].split(separator: " ").prefix(2).joined(separator: " ")
            for end in 1...words.count { typed.append(String(words.prefix(end))) }
        }
        for index in stride(from: 0, to: artists.count, by: max(1, artists.count / 20)) {
            for end in 1...artists[index].count { typed.append(String(artists[index].prefix(end))) }
        }
        typed += Self.syllables.map { String($0.prefix(2)) }
        // What the session's `find` asks for (LibraryCommands.findLimit), unless told otherwise.
        let findLimit = ProcessInfo.processInfo.environment["SEGUE_STORE_TIMING_LIMIT"].flatMap { Int($0) } ?? 50
        var latencies: [Double] = []
        var cpus: [Double] = []
        var empty = 0
        for text in typed {
            var results = 0
            let start = Self.cpuSeconds()
            let elapsed = clock.measure { results = (try? library.find(text, limit: findLimit).count) ?? 0 }
            cpus.append(Self.cpuSeconds() - start)
            latencies.append(Self.seconds(elapsed))
            if results == 0 { empty += 1 }
        }
        let slowest = zip(typed, cpus).sorted { $0.1 > $1.1 }.prefix(5).map { "\($0.0) \(Self.ms($0.1)) ms" }
        print("slowest keystrokes (CPU): \(slowest.joined(separator: ", "))")
        for (name, var values) in [("wall", latencies), ("CPU", cpus)] {
            values.sort()
            let p = { (q: Double) in values[min(values.count - 1, Int(Double(values.count) * q))] }
            print(
                "find (limit \(findLimit)), \(name): \(values.count) keystrokes, p50 \(Self.ms(p(0.5))) ms, p95 \(Self.ms(p(0.95))) ms, "
                    + "p99 \(Self.ms(p(0.99))) ms, max \(Self.ms(values.last ?? 0)) ms; \(empty) found nothing")
        }
        let first = clock.measure { _ = try? library.localSongs(sortedBy: .title, offset: 0, limit: 100) }
        let page = clock.measure { _ = try? library.localSongs(sortedBy: .title, offset: count / 2, limit: 100) }
        let next = clock.measure { _ = try? library.localSongs(sortedBy: .title, offset: count / 2 + 100, limit: 100) }
        print(
            "localSongs(title): first page \(Self.ms(Self.seconds(first))) ms, middle page \(Self.ms(Self.seconds(page))) ms, the next \(Self.ms(Self.seconds(next))) ms"
        )
        let albums = clock.measure { _ = try? library.localAlbums(sortedBy: .artist) }
        let stat = clock.measure { _ = try? library.libraryStats() }
        print(
            "localAlbums: \(Self.ms(Self.seconds(albums))) ms; "
                + "libraryStats: \(Self.ms(Self.seconds(stat))) ms")
        let tempo = clock.measure { _ = try? library.localSongs(tempo: 160...180, limit: 2_000) }
        print("localSongs(tempo: 160...180, limit: 2000): \(Self.ms(Self.seconds(tempo))) ms")
    }

    /// This thread's CPU time in seconds: on a shared, busy machine the wall clock also counts the
    /// time other processes ran, so both are printed.
    static func cpuSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func ms(_ seconds: Double) -> String {
        let tenths = (seconds * 10_000).rounded()
        return tenths.isFinite ? "\(tenths / 10)" : "?"
    }
}
