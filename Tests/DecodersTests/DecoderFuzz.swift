import Audio
import Checked
import Decoders
import POSIXSupport
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Seeded, bounded fuzzing of the audio parsers and decoders: each case builds damaged input
/// from a real file, opens it, decodes a bounded number of chunks (with one seek) and must end
/// in audio or an `AudioError` that is a sentence — never a trap, a hang or a chunk larger
/// than `maxChunkSamples`. `DecoderFuzzTests` runs these loops in a child process (through
/// `FuzzRunner.runTestBinary`) whose address space is capped at its size when it starts plus
/// `headroom`, so an oversized allocation fails that child (and so the test) instead of the machine.
enum DecoderFuzz {
    /// Bytes a child may allocate beyond what it holds when it starts.
    static let headroom = 256 << 20

    /// The most a child may run, in seconds: its deadline, after which `timeout` kills it.
    /// Fifteen minutes plus 50 ms a case, far beyond the 2–8 ms a case takes on a loaded machine.
    static var deadlineSeconds: Int { 900 + cases / 20 }

    /// The environment variable with the number of cases per parser; `make fuzz` raises it.
    static let casesVariable = "SEGUE_FUZZ_CASES"
    static let defaultCases = 2000

    /// Cases per parser: `SEGUE_FUZZ_CASES` when it is a whole number from 1 up, else the default.
    static var cases: Int {
        guard let text = getenv(casesVariable).map({ String(cString: $0) }) else { return defaultCases }
        return Checked.int(text, in: 1...100_000_000) ?? defaultCases
    }

    /// Chunks decoded per case at most; a seek happens after half of them.
    static let chunksPerCase = 12

    /// The largest chunk any decoder returns: one AAC frame doubled by SBR (2048 frames) in 8
    /// channels, or mpg123's 32 KiB output buffer (8192 stereo frames): 16,384 samples, 32 KiB.
    static let maxChunkSamples = 16_384

    /// The parsers, by the name the parent passes its child (`FuzzRunner.childWork`).
    static let parsers = ["m4a", "mp3", "adts", "sndfile"]

    /// What a run found.
    struct Report: Sendable {
        var parser: String
        var cases = 0
        /// Opened inputs that gave at least one chunk of audio.
        var audio = 0
        /// Inputs refused with an `AudioError`, at open or while decoding.
        var refused = 0
        /// The most samples in one chunk.
        var largestChunk = 0
        var seconds = 0.0
        var failures: [String] = []

        /// One line for the child's standard output, read back by `init(line:)`.
        var line: String {
            "fuzz-report \(parser) cases=\(cases) audio=\(audio) refused=\(refused) largest=\(largestChunk) seconds=\(Int(seconds.rounded()))"
        }

        init(parser: String) { self.parser = parser }

        /// The report in `output`'s `fuzz-report` line, without its failures.
        init?(output: String) {
            guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("fuzz-report ") }) else { return nil }
            let words = line.split(separator: " ")
            guard words.count == 7 else { return nil }
            parser = String(words[1])
            var values: [String: Int] = [:]
            for word in words.dropFirst(2) {
                let pair = word.split(separator: "=")
                guard pair.count == 2, let value = Int(pair[1]) else { return nil }
                values[String(pair[0])] = value
            }
            guard let cases = values["cases"], let audio = values["audio"], let refused = values["refused"],
                let largest = values["largest"], let seconds = values["seconds"]
            else { return nil }
            (self.cases, self.audio, self.refused, self.largestChunk, self.seconds) = (cases, audio, refused, largest, Double(seconds))
        }
    }

    /// Runs `cases` cases of `parser` ("m4a", "mp3" or "adts") from a fixed seed.
    static func run(_ parser: String, cases: Int) -> Report {
        let started = now()
        var report = Report(parser: parser)
        switch parser {
        case "m4a":
            let inputs = M4AInputs()
            loop(&report, cases: cases, seed: 0x4D34_4100, make: inputs.make) { try M4ADecoder(source: $0) }
        case "mp3":
            let inputs = MP3Inputs()
            loop(&report, cases: cases, seed: 0x4D50_3300, make: inputs.make) { try MP3Decoder(source: $0) }
        case "adts":
            let inputs = ADTSInputs()
            loop(&report, cases: cases, seed: 0x4144_5400, make: inputs.make) { try ADTSDecoder(source: $0) }
        case "sndfile":
            let inputs = SndfileInputs()
            loop(&report, cases: cases, seed: 0x534E_4400, make: inputs.make) { try SndfileDecoder(source: $0) }
        default:
            report.failures.append("no fuzzer named \(parser)")
        }
        report.seconds = now() - started
        return report
    }

    private static func now() -> Double { monotonicSeconds() }

    /// Each input goes through its own decoder and through the factory (which sniffs first).
    private static func loop(
        _ report: inout Report, cases: Int, seed: UInt64, make: (inout SplitMix64) -> [UInt8],
        open: (any ByteSource) throws -> any AudioDecoder
    ) {
        for number in 0..<cases {
            var rng = SplitMix64(seed: seed &+ UInt64(number))
            let bytes = make(&rng)
            report.cases += 1
            _ = FormatSniffer.detect(bytes)
            var gaveAudio = false
            var refused = false
            for viaFactory in [false, true] {
                let source = StreamBuffer(name: "fuzz", completeBytes: bytes)
                do {
                    let decoder = viaFactory ? try StandardDecoderFactory().makeDecoder(for: source) : try open(source)
                    if try decode(decoder, &rng, &report, case: number) { gaveAudio = true }
                } catch let error as AudioError {
                    refused = true
                    let text = error.description
                    if text.first?.isUppercase != true || text.last != "." {
                        report.failures.append("case \(number): not a sentence: \(text)")
                    }
                } catch {
                    report.failures.append("case \(number): not an AudioError: \(error)")
                }
            }
            if gaveAudio { report.audio += 1 }
            if refused { report.refused += 1 }
        }
    }

    /// Decodes up to `chunksPerCase` chunks, seeking once; true when any audio came out.
    private static func decode(_ decoder: any AudioDecoder, _ rng: inout SplitMix64, _ report: inout Report, case number: Int) throws
        -> Bool
    {
        check(decoder.format, &report, case: number, what: "the opening format")
        if let total = decoder.totalFrames,
            total < 0 || Checked.seconds(Double(total) / Double(max(1, decoder.format.sampleRate))) == nil
        {
            report.failures.append("case \(number): a length of \(total) frames at \(decoder.format.sampleRate) Hz")
        }
        var gaveAudio = false
        for index in 0..<chunksPerCase {
            if index == chunksPerCase / 2 {
                let targets = [-1, 0, 1, 1023, 100_000, Int.max, Int.random(in: 0...1_000_000, using: &rng)]
                let target = targets.randomElement(using: &rng)!
                let reached = try decoder.seek(toFrame: target)
                if reached < 0 { report.failures.append("case \(number): seeking to \(target) reached \(reached)") }
            }
            guard let chunk = try decoder.decode() else { break }
            gaveAudio = gaveAudio || !chunk.samples.isEmpty
            report.largestChunk = max(report.largestChunk, chunk.samples.count)
            check(chunk.format, &report, case: number, what: "a chunk")
            if chunk.samples.count > maxChunkSamples || chunk.samples.count % max(1, chunk.format.channels) != 0 {
                report.failures.append("case \(number): a chunk of \(chunk.samples.count) samples in \(chunk.format.channels) channels")
            }
        }
        return gaveAudio
    }

    private static func check(_ format: PCMFormat, _ report: inout Report, case number: Int, what: String) {
        if !Limits.sampleRates.contains(format.sampleRate) || !(1...Limits.maxChannels).contains(format.channels) {
            report.failures.append("case \(number): \(what) is \(format.sampleRate) Hz in \(format.channels) channels")
        }
    }
}

// MARK: - Mutation helpers

/// Values at the edges of what a 32-bit field holds, and the sizes that broke parsers before.
private let extremes: [UInt32] = [0, 1, 2, 7, 8, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 1 << 27, 1 << 16, 0xFFFF]

private func extreme(_ rng: inout SplitMix64, near original: UInt32) -> UInt32 {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return UInt32.random(in: 0...UInt32.max, using: &rng)
    case 1: return original &+ UInt32(bitPattern: Int32.random(in: -8...8, using: &rng))
    default: return extremes.randomElement(using: &rng)!
    }
}

// Earlier mutations may have cut the input short: every read and write here checks its offset.

private func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    guard at >= 0, at + 4 <= bytes.count else { return 0 }
    return UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
}

private func setByte(_ bytes: inout [UInt8], _ at: Int, _ value: UInt8) {
    guard at >= 0, at < bytes.count else { return }
    bytes[at] = value
}

private func byte(_ bytes: [UInt8], _ at: Int) -> UInt8 {
    at >= 0 && at < bytes.count ? bytes[at] : 0
}

private func setU32(_ bytes: inout [UInt8], _ at: Int, _ value: UInt32) {
    guard at >= 0, at + 4 <= bytes.count else { return }
    for i in 0..<4 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(i))) }
}

private func setU16(_ bytes: inout [UInt8], _ at: Int, _ value: UInt16) {
    guard at >= 0, at + 2 <= bytes.count else { return }
    bytes[at] = UInt8(truncatingIfNeeded: value >> 8)
    bytes[at + 1] = UInt8(truncatingIfNeeded: value)
}

/// Random bytes over `count` bytes from `at` (clipped to the input).
private func damage(_ bytes: inout [UInt8], at: Int, count: Int, _ rng: inout SplitMix64) {
    guard at >= 0, at < bytes.count else { return }
    for i in at..<min(bytes.count, at + count) { bytes[i] = UInt8.random(in: 0...255, using: &rng) }
}

/// The damage every format gets: cuts, insertions, flipped bytes.
private func genericDamage(_ bytes: inout [UInt8], _ rng: inout SplitMix64) {
    guard !bytes.isEmpty else { return }
    let at = Int.random(in: 0..<bytes.count, using: &rng)
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: bytes.removeSubrange(at...)
    case 1:
        let junk = (0..<Int.random(in: 1...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        bytes.insert(contentsOf: junk, at: at)
    case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...64, using: &rng)))
    default: bytes[at] ^= UInt8.random(in: 1...255, using: &rng)
    }
}

// MARK: - M4A

/// M4A files built from real AAC access units, mutated field by field in the boxes the
/// demuxer reads (`mdhd stts stsc stsz stco co64 elst esds mp4a`), with size lies, cuts and
/// damaged access units — and huge `stts` deltas together with damaged units.
private struct M4AInputs {
    let bases: [(bytes: [UInt8], boxes: [MP4Builder.FoundBox])]

    init() {
        let units = Array(MP4Builder.accessUnits(fromADTS: Fixtures.bytes("tone.aac")).prefix(24))
        var builders: [MP4Builder] = []
        builders.append(MP4Builder(accessUnits: units))
        var last = MP4Builder(accessUnits: units)
        last.moovFirst = false
        last.samplesPerChunk = [10, 10, 4]
        last.chunkGap = 5
        builders.append(last)
        var wide = MP4Builder(accessUnits: units)
        wide.version1 = true
        wide.useCo64 = true
        wide.emptyEditFirst = true
        builders.append(wide)
        var gapless = MP4Builder(accessUnits: units)
        gapless.smpb = (priming: 2112, padding: 300, valid: 20_000)
        gapless.editMediaTime = nil
        gapless.timeRuns = [(23, 1024), (1, 512)]
        builders.append(gapless)
        bases = builders.map { builder in
            let bytes = builder.build()
            return (bytes, MP4Builder.boxes(in: bytes))
        }
    }

    private static let targets = ["mdhd", "stts", "stsc", "stsz", "stco", "co64", "elst", "esds", "mp4a"]

    func make(_ rng: inout SplitMix64) -> [UInt8] {
        let base = bases.randomElement(using: &rng)!
        var bytes = base.bytes
        let boxes = base.boxes
        let targets = boxes.filter { Self.targets.contains($0.type) }
        let mdat = boxes.first { $0.type == "mdat" }
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            switch Int.random(in: 0..<12, using: &rng) {
            case 0...5:
                guard let box = targets.randomElement(using: &rng) else { break }
                mutateField(of: box, in: &bytes, &rng)
            case 6:
                // A box that lies about its size.
                guard let box = boxes.randomElement(using: &rng) else { break }
                setU32(&bytes, box.start, extreme(&rng, near: UInt32(box.end - box.start)))
            case 7, 8:
                // Damaged access units: random bytes somewhere in mdat.
                guard let mdat else { break }
                let at = Int.random(in: mdat.bodyStart..<mdat.end, using: &rng)
                damage(&bytes, at: at, count: Int.random(in: 1...400, using: &rng), &rng)
            case 9:
                // The reproducer's shape: every delta huge, and some units damaged.
                if let stts = boxes.first(where: { $0.type == "stts" }) {
                    let delta: UInt32 = [1 << 27, 0xFFFF_FFFF, 1 << 22, 0x7FFF_FFFF].randomElement(using: &rng)!
                    var at = stts.bodyStart + 12
                    while at + 4 <= stts.end {
                        setU32(&bytes, at, delta)
                        at += 8
                    }
                }
                if let mdat {
                    damage(&bytes, at: Int.random(in: mdat.bodyStart..<mdat.end, using: &rng), count: 600, &rng)
                }
            case 10:
                // A timescale of 1 (or another extreme) with everything else intact.
                if let mdhd = boxes.first(where: { $0.type == "mdhd" }) {
                    let timescale = mdhd.bodyStart + (byte(bytes, mdhd.bodyStart) == 1 ? 20 : 12)
                    setU32(&bytes, timescale, extreme(&rng, near: 1))
                }
            default:
                genericDamage(&bytes, &rng)
            }
        }
        return bytes
    }

    /// One field of a table box set to an extreme: an aligned word after version and flags for
    /// the tables, a 16- or 32-bit field of the sound description, a byte of the descriptors.
    private func mutateField(of box: MP4Builder.FoundBox, in bytes: inout [UInt8], _ rng: inout SplitMix64) {
        switch box.type {
        case "mp4a":
            let field = [8, 16, 18, 20, 22, 24].randomElement(using: &rng)!
            if field == 24 {
                setU32(&bytes, box.bodyStart + field, extreme(&rng, near: u32(bytes, box.bodyStart + field)))
            } else {
                setU16(
                    &bytes, box.bodyStart + field,
                    [0, 1, 2, 3, 0x7FFF, 0xFFFF, UInt16.random(in: 0...0xFFFF, using: &rng)].randomElement(using: &rng)!)
            }
        case "esds":
            let at = Int.random(in: box.bodyStart..<box.end, using: &rng)
            setByte(&bytes, at, [0, 1, 0x7F, 0x80, 0xFF, UInt8.random(in: 0...255, using: &rng)].randomElement(using: &rng)!)
        default:
            if Int.random(in: 0..<10, using: &rng) == 0 {
                setByte(&bytes, box.bodyStart, [0, 1, 2, 0xFF].randomElement(using: &rng)!)  // the version
                return
            }
            let words = (box.end - box.bodyStart - 4) / 4
            guard words > 0 else { return }
            let at = box.bodyStart + 4 + 4 * Int.random(in: 0..<words, using: &rng)
            setU32(&bytes, at, extreme(&rng, near: u32(bytes, at)))
        }
    }
}

// MARK: - MP3 and ID3

/// The start of a real MP3 (an ID3v2 tag, the LAME header, about 45 frames), with the tag's
/// sizes and flags, frame headers and audio damaged.
private struct MP3Inputs {
    let base: [UInt8]
    let frameStarts: [Int]

    init() {
        base = Array(Fixtures.bytes("tone.mp3").prefix(30_000))
        var starts: [Int] = []
        var at = 10 + (Int(base[6]) << 21 | Int(base[7]) << 14 | Int(base[8]) << 7 | Int(base[9]))
        while at + 4 <= base.count, base[at] == 0xFF, base[at + 1] & 0xE0 == 0xE0 {
            starts.append(at)
            // 192 kbit/s at 44.1 kHz, padded or not: 626 or 627 bytes.
            at += 144 * 192_000 / 44_100 + Int(base[at + 2] >> 1 & 1)
        }
        frameStarts = starts
    }

    func make(_ rng: inout SplitMix64) -> [UInt8] {
        var bytes = base
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1:
                // The tag's syncsafe size: zero, the largest, not syncsafe at all, or a little off.
                let sizes: [[UInt8]] = [
                    [0, 0, 0, 0], [0x7F, 0x7F, 0x7F, 0x7F], [0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0x7F, 0x7F, 0x70],
                    [0, 0, 0x01, UInt8.random(in: 0...0x7F, using: &rng)], (0..<4).map { _ in UInt8.random(in: 0...0x7F, using: &rng) },
                ]
                let size = sizes.randomElement(using: &rng)!
                for i in 0..<4 { setByte(&bytes, 6 + i, size[i]) }
            case 2:
                // Version and flags (unsynchronisation, extended header, footer).
                setByte(&bytes, Int.random(in: 3...5, using: &rng), [0, 2, 3, 4, 0x10, 0x40, 0x80, 0xFF].randomElement(using: &rng)!)
            case 3:
                // A frame's size inside the tag (the first frame is at 10).
                setU32(&bytes, 14, extreme(&rng, near: u32(bytes, 14)))
            case 4, 5:
                // An MPEG frame header.
                guard let start = frameStarts.randomElement(using: &rng) else { break }
                setByte(&bytes, start + Int.random(in: 1...3, using: &rng), UInt8.random(in: 0...255, using: &rng))
            case 6:
                guard let start = frameStarts.randomElement(using: &rng) else { break }
                damage(&bytes, at: start + 4, count: Int.random(in: 1...700, using: &rng), &rng)
            case 7:
                // A second tag in front claiming up to 256 MB.
                let size = (0..<4).map { _ in UInt8.random(in: 0...0x7F, using: &rng) | (Bool.random(using: &rng) ? 0x7F : 0) }
                bytes.insert(contentsOf: Array("ID3".utf8) + [4, 0, 0] + size, at: 0)
            default:
                genericDamage(&bytes, &rng)
            }
        }
        return bytes
    }
}

// MARK: - libsndfile's formats

/// The starts of real FLAC, Ogg Vorbis, Opus, WAV and AIFF files, with header bytes and chunk
/// sizes set to extremes, and damaged audio.
private struct SndfileInputs {
    let bases: [[UInt8]]

    init() {
        bases = [("tone.flac", 30_000), ("tone.ogg", 22_000), ("tone.opus", 20_000), ("tone.wav", 20_000), ("tone.aiff", 20_000)].map {
            Array(Fixtures.bytes($0.0).prefix($0.1))
        }
    }

    func make(_ rng: inout SplitMix64) -> [UInt8] {
        var bytes = bases.randomElement(using: &rng)!
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1, 2:
                // A header byte: FLAC's STREAMINFO, the Ogg page and identification header, WAV's fmt, AIFF's COMM.
                setByte(&bytes, Int.random(in: 4..<96, using: &rng), UInt8.random(in: 0...255, using: &rng))
            case 3, 4:
                // A size or count field near the start.
                setU32(&bytes, Int.random(in: 4..<80, using: &rng), extreme(&rng, near: u32(bytes, 4)))
            case 5, 6:
                damage(
                    &bytes, at: Int.random(in: 96..<max(97, bytes.count), using: &rng), count: Int.random(in: 1...2000, using: &rng), &rng)
            default:
                genericDamage(&bytes, &rng)
            }
        }
        return bytes
    }
}

// MARK: - ADTS

/// The first 40 frames of a real ADTS stream, with header fields (frame length, rate index,
/// channels, CRC flag, block count, sync) set to extremes, and damaged audio.
private struct ADTSInputs {
    let base: [UInt8]
    let frameStarts: [Int]

    init() {
        let stream = Fixtures.bytes("tone.aac")
        var starts: [Int] = []
        var at = 0
        while starts.count < 40, let header = ADTSHeader.parse(stream[at...]) {
            starts.append(at)
            at += header.frameLength
        }
        base = Array(stream[..<at])
        frameStarts = starts
    }

    func make(_ rng: inout SplitMix64) -> [UInt8] {
        var bytes = base
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            guard let start = frameStarts.randomElement(using: &rng), start + 7 <= bytes.count else {
                genericDamage(&bytes, &rng)
                continue
            }
            switch Int.random(in: 0..<9, using: &rng) {
            case 0, 1:
                let length = [0, 1, 6, 7, 8, 9, 8191, Int.random(in: 0...8191, using: &rng)].randomElement(using: &rng)!
                bytes[start + 3] = bytes[start + 3] & 0xFC | UInt8(length >> 11 & 0x03)
                bytes[start + 4] = UInt8(length >> 3 & 0xFF)
                bytes[start + 5] = bytes[start + 5] & 0x1F | UInt8(length & 0x07) << 5
            case 2:
                // Sample-rate index (including the reserved 13-15) and channel configuration.
                bytes[start + 2] = bytes[start + 2] & 0xC3 | UInt8.random(in: 0...15, using: &rng) << 2
                bytes[start + 3] = bytes[start + 3] & 0x3F | UInt8.random(in: 0...3, using: &rng) << 6
            case 3:
                bytes[start + 1] ^= 0x01  // CRC present or absent: a 9- or 7-byte header
            case 4:
                bytes[start + 6] = bytes[start + 6] & 0xFC | UInt8.random(in: 0...3, using: &rng)
            case 5:
                bytes[start + Int.random(in: 0...1, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            case 6:
                bytes[start + 2] = UInt8.random(in: 0...255, using: &rng)  // profile, rate, channel bits
            case 7:
                damage(&bytes, at: start + 7, count: Int.random(in: 1...600, using: &rng), &rng)
            default:
                genericDamage(&bytes, &rng)
            }
        }
        return bytes
    }
}
