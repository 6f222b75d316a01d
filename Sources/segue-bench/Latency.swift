import ALSAOutput
import Audio
import Decoders
import HTTP
import MusicModel
import POSIXSupport
import Player
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The engine's latencies and idle cost, measured in-process with a paced null output that
/// notes when samples arrive. Medians of repeated runs; printed, never asserted.
enum Latency {
    static func run(first: String, second: String, url: String, alsaDevice: String?) {
        let probe = ProbeOutput(inner: alsaDevice.map { ALSAOutput(device: $0) } ?? NullOutput())
        let player = MusicPlayer(
            decoders: StandardDecoderFactory(),
            converter: { try Resampler(from: $0, to: $1, channels: $2) },
            makeOutput: { probe },
            openSource: { item -> any ByteSource in
                if case .url(let url)? = item.parsedLocation { return HTTPDownload.start(url: url).buffer }
                return try FileByteSource(path: item.location)
            },
            onEvent: { _ in })
        defer { player.shutdown() }

        // play() on a prepared queue → first samples handed to the output.
        var prepared: [Double] = []
        for _ in 0..<20 {
            player.setQueue([PlayableItem(location: first), PlayableItem(location: second)])
            _ = try? player.prepareToPlay()
            let start = probe.mark()
            try? player.play()
            if let t = probe.waitForWrite(after: start) { prepared.append(t) }
        }
        report("play-prepared-to-first-samples", prepared, "ms")

        // skip to a prepared next entry → its first samples.
        var skips: [Double] = []
        for _ in 0..<20 {
            player.setQueue([PlayableItem(location: first), PlayableItem(location: second)])
            try? player.play()
            sleepSeconds(0.3)  // the next entry is prepared (its source open) by now
            let start = probe.mark()
            try? player.skipToNextEntry()
            if let t = probe.waitForWrite(after: start, afterDiscard: true) { skips.append(t) }
        }
        report("skip-to-first-samples", skips, "ms")

        // play() of an unprepared preview on a loopback server → first samples.
        var streams: [Double] = []
        for _ in 0..<10 {
            player.setQueue([PlayableItem(location: url)])
            let start = probe.mark()
            try? player.play()
            if let t = probe.waitForWrite(after: start) { streams.append(t) }
        }
        report("play-unprepared-preview-to-first-samples", streams, "ms")

        // Paused: CPU and wake-ups over 5 s.
        player.setQueue([PlayableItem(location: first)])
        try? player.play()
        sleepSeconds(0.5)
        player.pause()
        sleepSeconds(0.5)
        let cpu0 = cpuSeconds()
        let switches0 = contextSwitches()
        sleepSeconds(5)
        let cpu1 = cpuSeconds()
        let switches1 = contextSwitches()
        print("paused-cpu-per-second \((cpu1 - cpu0) / 5 * 1000) ms")
        // The measuring thread itself wakes once, after its 5 s sleep.
        print("paused-wakeups-per-second \(Double(switches(from: switches0, to: switches1)) / 5) /s")
    }

    static func report(_ name: String, _ values: [Double], _ unit: String) {
        guard !values.isEmpty else {
            print("\(name) nan \(unit)")
            return
        }
        let sorted = values.sorted()
        print("\(name) \(sorted[sorted.count / 2]) \(unit)")
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Voluntary and involuntary context switches of each thread in this process, by thread id.
    static func contextSwitches() -> [String: Int] {
        var total: [String: Int] = [:]
        guard let dir = opendir("/proc/self/task") else { return [:] }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.first?.isNumber == true, let file = fopen("/proc/self/task/\(name)/status", "r") else { continue }
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, 256, file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if text.contains("ctxt_switches:"), let value = Int(text.split(separator: ":")[1].trimmingCharacters()) {
                    total[name, default: 0] += value
                }
            }
            fclose(file)
        }
        return total
    }

    /// Switches between two readings, over the threads present in both.
    static func switches(from a: [String: Int], to b: [String: Int]) -> Int {
        b.reduce(0) { sum, entry in sum + (a[entry.key].map { entry.value - $0 } ?? 0) }
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String { String(filter { !$0.isWhitespace }) }
}
