import Audio
import Checked
import Decoders
import MusicModel
import TestSupport
import Testing

/// The tag parsers (`TagReader`: mpg123's ID3 for MP3, our MP4 walker and `ilst` items, FLAC
/// blocks, Ogg pages and Vorbis comments, RIFF/AIFF chunks) on damaged copies of the music
/// tree's files: random edits, and extreme numbers written over the size and count fields
/// near the start. Every case ends in tags or an `AudioError` sentence; tags hold only checked
/// values (lengths within `Limits.maxDurationSeconds`, years, track and disc numbers in their
/// ranges, text within `Limits.maxTagTextBytes`), and the child's memory cap catches any
/// allocation sized by a field.
@Suite struct TagFuzzTests {
    /// Sizes and counts that have broken parsers: zero, one, the sign bit, all ones.
    static let extremes: [[UInt8]] = [
        [0, 0, 0, 0], [0, 0, 0, 1], [0x7F, 0xFF, 0xFF, 0xFF], [0xFF, 0xFF, 0xFF, 0xFF], [0x80, 0, 0, 0], [0x7F, 0x7F, 0x7F, 0x7F],
        [0xFF, 0xFF, 0xFF, 0x7F],
    ]

    static func damaged(_ seed: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        switch rng.int(3) {
        case 0:
            bytes = FuzzMutator.damage(bytes, &rng)
        case 1:
            // Extreme numbers over the headers, where sizes and counts live.
            for _ in 0..<(1 + rng.int(3)) where bytes.count > 8 {
                let at = rng.int(min(bytes.count - 4, 4096))
                bytes.replaceSubrange(at..<at + 4, with: FuzzMutator.pick(extremes, &rng))
            }
        default:
            bytes = FuzzMutator.damage(bytes, &rng)
            let at = rng.int(max(1, min(bytes.count - 4, 4096)))
            if at + 4 <= bytes.count { bytes.replaceSubrange(at..<at + 4, with: FuzzMutator.pick(extremes, &rng)) }
        }
        return bytes
    }

    static func check(_ tags: TrackTags, format: String) throws {
        if let duration = tags.duration {
            try require(duration.isFinite && duration >= 0 && duration <= Limits.maxDurationSeconds, "a length of \(duration)")
        }
        for text in [tags.title, tags.artist, tags.album, tags.albumArtist, tags.genre].compactMap({ $0 }) {
            try require(!text.isEmpty && text.utf8.count <= Limits.maxTagTextBytes, "a text of \(text.utf8.count) bytes")
        }
        if let year = tags.year { try require(Limits.years.contains(year), "year \(year)") }
        for number in [tags.trackNumber, tags.trackCount, tags.discNumber, tags.discCount].compactMap({ $0 }) {
            try require(Limits.trackNumbers.contains(number), "number \(number)")
        }
        if let bpm = tags.bpm { try require(TrackMetadata.tagTempoRange.contains(bpm), "tempo \(bpm)") }
    }

    static func run(_ format: String, _ rng: inout SplitMix64) throws {
        let seeds = MusicTree.shared.songs.filter {
            format == "riff" ? ["wav", "aiff"].contains($0.tags.format) : $0.tags.format == format
        }
        let song = FuzzMutator.pick(seeds, &rng)
        let bytes = damaged(Shell.readFile(song.path) ?? [], &rng)
        FuzzRunner.input("\(song.relativePath), \(bytes.count) bytes, first: \(bytes.prefix(64))")
        do {
            try check(try TagReader.read(TagSource(bytes: bytes, name: song.relativePath)), format: format)
        } catch let error as AudioError {
            try require(!error.description.isEmpty, "an empty sentence")
        }
    }

    @Test func mp3() { fuzz("tags-mp3", test: "FuzzTests.TagFuzzTests/mp3", cases: 1500) { rng in try Self.run("mp3", &rng) } }
    @Test func m4a() { fuzz("tags-m4a", test: "FuzzTests.TagFuzzTests/m4a", cases: 1500) { rng in try Self.run("m4a", &rng) } }
    @Test func flac() { fuzz("tags-flac", test: "FuzzTests.TagFuzzTests/flac", cases: 1500) { rng in try Self.run("flac", &rng) } }
    @Test func ogg() {
        fuzz("tags-ogg", test: "FuzzTests.TagFuzzTests/ogg", cases: 1500) { rng in try Self.run(rng.bool() ? "ogg" : "opus", &rng) }
    }
    @Test func riff() { fuzz("tags-riff", test: "FuzzTests.TagFuzzTests/riff", cases: 1500) { rng in try Self.run("riff", &rng) } }
}
