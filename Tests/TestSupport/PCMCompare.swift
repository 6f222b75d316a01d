import Audio

/// Reading reference PCM and comparing it with what Segue produced.
public enum PCMCompare {
    /// Interleaved s16le samples from raw bytes.
    public static func samples(fromRaw bytes: [UInt8]) -> [Int16] {
        var out = [Int16](repeating: 0, count: bytes.count / 2)
        for i in 0..<out.count { out[i] = Int16(bitPattern: UInt16(bytes[2 * i]) | UInt16(bytes[2 * i + 1]) << 8) }
        return out
    }

    /// A parsed canonical WAV file: its format and samples; nil when the header is not valid PCM WAV.
    public static func readWAV(_ path: String) -> (format: PCMFormat, samples: [Int16], dataSizeInHeader: Int)? {
        guard let b = Shell.readFile(path), b.count >= 44,
            Array(b[0..<4]) == Array("RIFF".utf8), Array(b[8..<12]) == Array("WAVE".utf8)
        else { return nil }
        func u32(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 | Int(b[o + 2]) << 16 | Int(b[o + 3]) << 24 }
        func u16(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
        var offset = 12
        var format: PCMFormat?
        while offset + 8 <= b.count {
            let id = String(decoding: b[offset..<offset + 4], as: UTF8.self)
            let size = u32(offset + 4)
            if id == "fmt " {
                guard u16(offset + 8) == 1, u16(offset + 22) == 16 else { return nil }
                format = PCMFormat(sampleRate: u32(offset + 12), channels: u16(offset + 10))
            } else if id == "data", let format {
                let end = min(b.count, offset + 8 + size)
                return (format, samples(fromRaw: Array(b[(offset + 8)..<end])), size)
            }
            offset += 8 + size + (size & 1)
        }
        return nil
    }

    /// A reference decode by the ffmpeg command-line tool (the oracle), as s16le at `format`.
    public static func ffmpegDecode(_ path: String, format: PCMFormat? = nil) -> [Int16] {
        var args = ["-nostdin", "-loglevel", "error", "-i", path]
        if let format { args += ["-ar", String(format.sampleRate), "-ac", String(format.channels)] }
        args += ["-f", "s16le", "-"]
        let r = Shell.run("ffmpeg", args)
        precondition(r.exitCode == 0, "ffmpeg failed: \(r.stderr)")
        return samples(fromRaw: r.stdout)
    }

    /// Where two sample runs first differ, in words; nil when they are identical. Use this in
    /// expectations instead of `==` on big arrays: a failed `#expect(a == b)` makes Swift
    /// Testing diff the arrays, which takes minutes for a few seconds of audio.
    public static func mismatch(_ a: some Collection<Int16>, _ b: some Collection<Int16>) -> String? {
        if let i = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return "sample \(i) differs: \(Array(a)[i]) vs \(Array(b)[i]) (lengths \(a.count) and \(b.count))"
        }
        return a.count == b.count ? nil : "lengths differ: \(a.count) vs \(b.count)"
    }

    /// Root-mean-square difference between two equally long runs (over the shorter length).
    public static func rmsDifference(_ a: ArraySlice<Int16>, _ b: ArraySlice<Int16>) -> Double {
        let n = min(a.count, b.count)
        guard n > 0 else { return 0 }
        var sum = 0.0
        for i in 0..<n {
            let d = Double(a[a.startIndex + i]) - Double(b[b.startIndex + i])
            sum += d * d
        }
        return (sum / Double(n)).squareRoot()
    }

    /// Root-mean-square level of a run of samples.
    public static func rms(_ a: ArraySlice<Int16>) -> Double {
        guard !a.isEmpty else { return 0 }
        var sum = 0.0
        for s in a { sum += Double(s) * Double(s) }
        return (sum / Double(a.count)).squareRoot()
    }

    /// Largest absolute sample difference over the shorter length.
    public static func maxDifference(_ a: ArraySlice<Int16>, _ b: ArraySlice<Int16>) -> Int {
        var m = 0
        for i in 0..<min(a.count, b.count) { m = max(m, abs(Int(a[a.startIndex + i]) - Int(b[b.startIndex + i]))) }
        return m
    }
}
