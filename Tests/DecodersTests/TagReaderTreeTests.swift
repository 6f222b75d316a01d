import Audio
import Decoders
import MusicModel
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `TagReader` on the shared music tree: every format's tags as they were written, and lengths
/// equal to what ffprobe (or, where ffprobe counts encoder delay and padding, what ffmpeg
/// decodes) says.
@Suite struct TagReaderTreeTests {
    static func read(_ path: String) throws -> TrackTags {
        let opened = try RegularFile.open(path).get()
        defer { close(opened.descriptor) }
        return try TagReader.read(opened, name: path)
    }

    @Test func everyFileReadsAsItWasTagged() throws {
        let tree = try MusicTree.made.get()
        for song in tree.songs {
            var tags = try Self.read(song.path)
            let length = try #require(tags.duration, "\(song.relativePath) has no length")
            #expect(abs(length - song.tags.duration!) <= song.durationTolerance, "\(song.relativePath): \(length) s")
            tags.duration = song.tags.duration
            #expect(tags == song.tags, "\(song.relativePath)")
        }
    }

    /// ffprobe's `format=duration` for the formats where it is the playing length; for MP3 and
    /// Opus ffprobe counts the encoder delay (and MP3's padding), so there the reference is the
    /// number of samples ffmpeg decodes.
    @Test func lengthsMatchFFmpeg() throws {
        let tree = try MusicTree.made.get()
        for song in tree.songs {
            let tags = try Self.read(song.path)
            let length = try #require(tags.duration)
            let reference: Double
            if song.tags.format == "mp3" || song.tags.format == "opus" {
                let decoded = Shell.run(
                    "ffmpeg", ["-nostdin", "-v", "error", "-i", song.path, "-map", "0:a", "-f", "s16le", "-ac", "1", "-"], timeout: 60)
                try #require(decoded.exitCode == 0, "\(decoded.stderr)")
                reference = Double(decoded.stdout.count / 2) / Double(song.sampleRate)
            } else {
                let probe = Shell.run(
                    "ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", song.path], timeout: 60)
                try #require(probe.exitCode == 0, "\(probe.stderr)")
                reference = try #require(Double(probe.stdoutText.filter { !$0.isWhitespace }))
            }
            let tolerance = max(song.durationTolerance, 1.0 / Double(song.sampleRate))
            #expect(abs(length - reference) <= tolerance, "\(song.relativePath): ours \(length), ffmpeg's \(reference)")
        }
    }
}
