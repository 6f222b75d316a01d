import MusicModel
import TestSupport
import Testing

/// The shared music tree (Tests/TestSupport/MusicTree.swift) holds what it says it holds, by
/// ffprobe's reading: other suites trust its expectations.
@Suite struct MusicTreeTests {
    @Test func everyFileIsThereWithTheTitleItWasMadeWith() throws {
        let tree = try MusicTree.made.get()
        #expect(tree.songs.count == 14)
        #expect(Set(tree.songs.map(\.tags.format)) == ["mp3", "m4a", "flac", "ogg", "opus", "wav", "aiff"])
        for song in tree.songs {
            let probe = Shell.run(
                "ffprobe",
                ["-v", "error", "-show_entries", "format_tags=title:stream_tags=title", "-of", "default=nw=1", song.path],
                timeout: 60)
            try #require(probe.exitCode == 0, "ffprobe cannot read \(song.relativePath): \(probe.stderr)")
            let titles = probe.stdoutText.split(separator: "\n").compactMap { line in
                line.hasPrefix("TAG:title=") ? String(line.dropFirst("TAG:title=".count)) : nil
            }
            #expect(titles.first == song.tags.title, "\(song.relativePath)")
        }
    }

    @Test func aCopyIsItsOwnFolderWithTheSameFiles() throws {
        let copy = try MusicTree.copy()
        let shared = MusicTree.shared
        #expect(copy.root != shared.root)
        for (mine, theirs) in zip(copy.songs, shared.songs) {
            #expect(mine.relativePath == theirs.relativePath)
            #expect(Shell.readFile(mine.path) == Shell.readFile(theirs.path))
        }
        _ = Shell.run("rm", ["-rf", copy.root], timeout: 60)
    }
}
