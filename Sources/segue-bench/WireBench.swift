import Library
import MusicModel
import Session
import WireProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// The native protocol's large replies, in-process (no socket, no daemon): a 10,000-entry queue
/// reply written by the daemon's encoder and read back by `DaemonMessage.parse` (what the terminal
/// UI and `segue ctl` do with every reply; also through Codable over the same parse tree, and
/// through Foundation's JSONDecoder, the readers the wire used before, for the ratio), and a 100,000-song library listing (`library tracks`' reply
/// shape) written and read, with the peak memory each costs beyond what it starts from. CPU
/// milliseconds of this thread, medians of repeated runs; printed, never asserted.
enum WireBench {
    static func run(queueOnly: Bool = false) {
        if !queueOnly { library(songs: 100_000) }
        queue(entries: 10_000)
    }

    private static func queue(entries count: Int) {
        let entries = (1...count).map { n in
            QueueEntry(
                id: QueueEntryID(rawValue: UInt64(n)),
                item: PlayableItem(
                    location: "/music/Example Band/Night Drive/\(n) Song \(n).mp3", title: "Song \(n)", artist: "Example Band",
                    album: "Night Drive", duration: 201))
        }
        let result = CommandResult.queue(entries, current: entries[0].id, version: 1)
        var line = ""
        report("wire-queue-reply-\(count)-entries-render", times(5) { line = WireReply.success(id: .number(1), result: result) })
        print("wire-queue-reply-\(count)-entries-bytes \(line.utf8.count)")
        var read: DaemonMessage?
        report("wire-queue-reply-\(count)-entries-parse", times(20) { read = try? DaemonMessage.parse(line) })
        // The same rules through Codable over the same tree (the reader before the direct one).
        report("wire-queue-reply-\(count)-entries-parse-codable", times(20) { _ = try? DaemonMessage.parseWithCodable(line) })
        report(
            "wire-queue-reply-\(count)-entries-parse-jsondecoder",
            times(5) { _ = try? DaemonMessage.parseWithFoundationDecoder(line) })
        guard case .reply(_, .success(.queue(let back, _, _)), _)? = read, back.count == count else {
            Console.error("segue-bench: the queue reply did not read back as \(count) entries")
            return
        }
    }

    private static func library(songs count: Int) {
        var generator = SongGenerator(seed: 15)
        let tracks = (0..<count).map { generator.track(number: $0, folder: "/music") }
        let result = CommandResult.tracks(tracks)
        resetPeak()
        let start = peakMB()
        // As the daemon sends it: the bytes of the line, measured first and written once.
        var bytes: [UInt8] = []
        let render = times(1) { bytes = WireReply.successLine(id: .number(1), result: result) }
        let renderPeak = peakMB() - start
        report("wire-library-reply-\(count)-songs-render", render)
        print("wire-library-reply-\(count)-songs-bytes-mb \(Double(bytes.count) / 1_048_576)")
        let line = String(decoding: bytes.dropLast(), as: UTF8.self)
        bytes = []
        print("wire-library-reply-\(count)-songs-render-extra-peak-rss-mb \(renderPeak)")
        resetPeak()
        let before = peakMB()
        var text: String?
        let parse = times(1) {
            if case .reply(_, _, let read)? = try? DaemonMessage.parse(line) { text = read }
        }
        print("wire-library-reply-\(count)-songs-parse-extra-peak-rss-mb \(peakMB() - before)")
        report("wire-library-reply-\(count)-songs-parse", parse)
        if text == nil { Console.error("segue-bench: the library reply did not read back with its text") }
        resetPeak()
        let reference = peakMB()
        _ = try? DaemonMessage.parseWithFoundationDecoder(line)
        print("wire-library-reply-\(count)-songs-parse-jsondecoder-extra-peak-rss-mb \(peakMB() - reference)")
    }

    /// CPU milliseconds of this thread for each of `runs` runs of `body`.
    private static func times(_ runs: Int, _ body: () -> Void) -> [Double] {
        (0..<runs).map { _ in
            let start = threadCPUSeconds()
            body()
            return (threadCPUSeconds() - start) * 1000
        }
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Starts the process's peak resident size afresh from what it holds now (Linux: `clear_refs` 5).
    private static func resetPeak() {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return }
        fputs("5", file)
        fclose(file)
    }

    /// The process's peak resident size (VmHWM), in MB.
    private static func peakMB() -> Double {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard line.hasPrefix("VmHWM:") else { continue }
            let kilobytes = line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Double($0) } ?? 0
            return kilobytes / 1024
        }
        return 0
    }

    /// Prints the median (and the smallest, the least disturbed by other work), in milliseconds.
    private static func report(_ name: String, _ values: [Double]) {
        let sorted = values.sorted()
        print("\(name)-median \(sorted[sorted.count / 2]) ms")
        if sorted.count > 1 { print("\(name)-min \(sorted[0]) ms") }
    }
}
