import Audio
import TestSupport
import Testing

/// What the demuxer made of some bytes; anything but a track or an AudioError is a bug.
private enum Outcome {
    case track, error
    case foreignError(String)
}

private func outcome(of bytes: [UInt8]) -> Outcome {
    do {
        let track = try MP4Demuxer.readTrack(from: StreamBuffer(name: "fuzz.m4a", completeBytes: bytes))
        // Exercise the lookups too: they must not trap on whatever table was accepted.
        let last = track.sampleCount - 1
        for i in [0, last / 2, last, last + 5, -3] {
            _ = track.sampleOffset(i) + track.sampleSize(i) + track.sampleTime(i) + track.sampleDuration(i)
        }
        _ = track.sampleIndex(containingTime: track.mediaDuration / 2) + track.sampleIndex(containingTime: Int.max)
        guard track.sampleCount > 0, track.validFrames >= 0, track.primingFrames >= 0,
            track.sampleOffset(last) + track.sampleSize(last) <= track.byteLengthNeeded
        else { return .foreignError("inconsistent track") }
        return .track
    } catch let error as AudioError {
        let text = error.description
        guard text.last == ".", text.first?.isUppercase == true else { return .foreignError("not a sentence: \(text)") }
        return .error
    } catch {
        return .foreignError("\(error)")
    }
}

/// Offsets in `bytes` where something that looks like a box header (printable type) starts.
private func boxStarts(in bytes: ArraySlice<UInt8>) -> [Int] {
    var starts: [Int] = []
    var i = bytes.startIndex
    while i + 8 <= bytes.endIndex {
        if bytes[(i + 4)..<(i + 8)].allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0xA9 || $0 == 0x2D }) { starts.append(i) }
        i += 1
    }
    return starts
}

@Suite struct MP4FuzzTests {
    @Test func mutatedMovieBoxes() {
        let original = Fixtures.bytes("tone-fs.m4a")
        let region = 2048
        let headers = boxStarts(in: original[..<region])
        #expect(headers.count > 20)
        let sizes = [0, 1, 7, 8, 9, 16, 0x7FFF_FFFF, -1, 0x8000_0000, 100, 1000, 5000]
        var counts = (tracks: 0, errors: 0)
        for number in 0..<3000 {
            var rng = SplitMix64(seed: UInt64(number))
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                guard !bytes.isEmpty else { break }
                let at = Int.random(in: 0..<min(region, bytes.count), using: &rng)
                switch Int.random(in: 0..<10, using: &rng) {
                case 0, 1: bytes[at] ^= UInt8.random(in: 1...255, using: &rng)
                case 2: bytes[at] = UInt8.random(in: 0...255, using: &rng)
                case 3:
                    bytes.insert(
                        contentsOf: (0..<Int.random(in: 1...16, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }, at: at)
                case 4: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &rng)))
                case 5: bytes.removeSubrange(min(bytes.count, at)...)
                case 6, 7:
                    // A box size or the count word after a full box header.
                    let header = headers.randomElement(using: &rng)! + (Bool.random(using: &rng) ? 0 : 12)
                    let value = Bool.random(using: &rng) ? sizes.randomElement(using: &rng)! : Int.random(in: 0...0xFFFF_FFFF, using: &rng)
                    if header + 4 <= bytes.count { bytes.replaceSubrange(header..<header + 4, with: MP4Builder.u32(value)) }
                default:
                    // Small nudges to a size or count: off by a few bytes.
                    let header = headers.randomElement(using: &rng)! + 3
                    if header < bytes.count { bytes[header] = bytes[header] &+ UInt8.random(in: 0...8, using: &rng) &- 4 }
                }
            }
            switch outcome(of: bytes) {
            case .track: counts.tracks += 1
            case .error: counts.errors += 1
            case .foreignError(let text): Issue.record("mutant \(number): \(text)")
            }
        }
        #expect(counts.tracks + counts.errors == 3000)
        // Both paths are exercised: damage that tags or slack absorb, and damage that is refused.
        #expect(counts.tracks > 100)
        #expect(counts.errors > 100)
    }

    @Test func randomBytes() {
        var rng = SplitMix64(seed: 0x5E6E)
        let ftyp = MP4Builder.box("ftyp", MP4Builder.fourCC("M4A ") + MP4Builder.u32(0))
        for number in 0..<1500 {
            let length = Int.random(in: 0...4096, using: &rng)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            // Half of them get a plausible start so that the walk reaches moov's contents.
            if number % 2 == 1 {
                bytes = ftyp + MP4Builder.u32(8 + bytes.count) + MP4Builder.fourCC("moov") + bytes
            }
            if case .foreignError(let text) = outcome(of: bytes) { Issue.record("random \(number): \(text)") }
        }
    }

    /// Random trees of real box types, so the parser gets past the box walk into every table.
    @Test func randomBoxTrees() {
        var rng = SplitMix64(seed: 42)
        let containers = ["trak", "mdia", "minf", "stbl", "udta", "ilst", "edts", "----", "\u{A9}nam", "trkn", "wave"]
        let leaves = [
            "mdhd", "hdlr", "stsd", "stts", "stsc", "stsz", "stz2", "stco", "co64", "elst", "esds", "data", "name", "mean", "meta",
        ]
        func tree(_ depth: Int, _ rng: inout SplitMix64) -> [UInt8] {
            var out: [UInt8] = []
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                if depth < 6 && Bool.random(using: &rng) {
                    out += MP4Builder.box(containers.randomElement(using: &rng)!, tree(depth + 1, &rng))
                } else {
                    let body = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                        UInt8.random(in: 0...255, using: &rng) & (Bool.random(using: &rng) ? 0x03 : 0xFF)
                    }
                    out += MP4Builder.box(leaves.randomElement(using: &rng)!, body)
                }
            }
            return out
        }
        for number in 0..<1500 {
            let moov = MP4Builder.box("moov", MP4Builder.box("trak", tree(0, &rng)) + tree(0, &rng))
            let bytes = MP4Builder.box("ftyp", MP4Builder.fourCC("M4A ")) + moov
            if case .foreignError(let text) = outcome(of: bytes) { Issue.record("tree \(number): \(text)") }
        }
    }
}
