import MusicModel

#if canImport(Glibc)
    import Glibc
#endif

/// A small tree of real, tagged music files in every format Segue lists, made by `ffmpeg` into a
/// temporary folder once per test process (`MusicTree.shared`), with what each file's tags and
/// length should read. Unicode titles, artists and folder names; a two-disc album; a compilation
/// (one song of it without an album artist); files with no tags and files with only a title.
///
/// The tree is shared and must not be changed: a test that renames, removes or rewrites files
/// works on `copy()`. Missing tools fail the test that asks (`RequiredTools` rules): under CI
/// they must be there.
public struct MusicTree: Sendable {
    /// One file of the tree and what reading it should give.
    public struct Song: Sendable {
        /// The path below the tree's root, with `/` between folders (`Summer Hits/03 Zoë.opus`).
        public var relativePath: String
        /// The absolute path.
        public var path: String
        /// What its tags and length say: `duration` is the exact length it was made with (its
        /// sample count over its rate; for `old cbr.mp3`, without an Xing header, an estimate
        /// within `durationTolerance`).
        public var tags: TrackTags
        /// How far a reader's length may be from `tags.duration`, in seconds: a millisecond,
        /// except for formats whose length is estimated from the file's size.
        public var durationTolerance: Double
        /// The sample rate it was made at.
        public var sampleRate: Int
        /// The folder it is in (absolute, no trailing `/`).
        public var folder: String { String(path[..<path.lastIndex(of: "/")!]) }
    }

    /// The tree's folder (absolute, no trailing `/`).
    public var root: String
    /// Every file, in a fixed order (by relative path).
    public var songs: [Song]

    /// The song at `relativePath`; a test that names a file the tree does not have stops there.
    public func song(_ relativePath: String) -> Song {
        guard let song = songs.first(where: { $0.relativePath == relativePath }) else {
            fatalError("MusicTree has no \(relativePath); it has \(songs.map(\.relativePath))")
        }
        return song
    }

    /// The songs whose container is `format` (`mp3`, `m4a`, `flac`, `ogg`, `opus`, `wav`, `aiff`).
    public func songs(format: String) -> [Song] { songs.filter { $0.tags.format == format } }

    /// Distinct album titles in the tree (for counting what a library should list).
    public var albums: Set<String> { Set(songs.compactMap(\.tags.album)) }

    /// The tree made once for this test process, or why it could not be made.
    public static let made: Result<MusicTree, MusicTreeError> = Result { () throws(MusicTreeError) -> MusicTree in
        try make(into: Fixtures.temporaryDirectory())
    }

    /// The shared tree; the calling test stops with the reason when it could not be made.
    public static var shared: MusicTree {
        switch made {
        case .success(let tree): return tree
        case .failure(let error): fatalError("MusicTree: \(error.description)")
        }
    }

    /// A fresh copy of the shared tree in its own temporary folder, for tests that change files.
    public static func copy() throws(MusicTreeError) -> MusicTree {
        let tree = try made.get()
        let destination = Fixtures.temporaryDirectory()
        let result = Shell.run("cp", ["-R", tree.root + "/.", destination], timeout: 60)
        guard result.exitCode == 0 else { throw MusicTreeError("cp -R \(tree.root) failed: \(result.stderr)") }
        return tree.rebased(to: destination)
    }

    /// This tree with its root at `destination` (the files must be there already).
    public func rebased(to destination: String) -> MusicTree {
        MusicTree(
            root: destination,
            songs: songs.map { song in
                var moved = song
                moved.path = destination + "/" + song.relativePath
                return moved
            })
    }

    /// Makes the tree into `root` (an existing empty folder): one `ffmpeg` per file, run side by side.
    public static func make(into root: String) throws(MusicTreeError) -> MusicTree {
        let cover = root + "/.cover.jpg"
        let made = Shell.run(
            "ffmpeg", ["-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", cover],
            timeout: 60)
        guard made.exitCode == 0 else { throw MusicTreeError("ffmpeg could not make a cover picture: \(made.stderr)") }
        defer { unlink(cover) }

        var songs: [Song] = []
        var running: [(Shell.Running, String)] = []
        for recipe in recipes {
            let path = root + "/" + recipe.relativePath
            let folder = String(path[..<path.lastIndex(of: "/")!])
            let mkdir = Shell.run("mkdir", ["-p", folder], timeout: 20)
            guard mkdir.exitCode == 0 else { throw MusicTreeError("cannot make \(folder): \(mkdir.stderr)") }
            var arguments = [
                "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=\(recipe.rate):duration=\(recipe.seconds)",
            ]
            if recipe.cover {
                arguments += ["-i", cover, "-map", "0:a", "-map", "1:v", "-c:v", "copy", "-disposition:v", "attached_pic"]
            }
            arguments += ["-map_metadata", "-1", "-fflags", "+bitexact"] + recipe.encoder
            for (key, value) in recipe.metadata { arguments += ["-metadata", "\(key)=\(value)"] }
            arguments.append(path)
            guard let started = Shell.start("ffmpeg", arguments) else { throw MusicTreeError("cannot run ffmpeg (is it installed?)") }
            running.append((started, recipe.relativePath))
            let exact = Double(Int((recipe.seconds * Double(recipe.rate)).rounded())) / Double(recipe.rate)
            var tags = recipe.expected
            tags.duration = exact
            songs.append(
                Song(
                    relativePath: recipe.relativePath, path: path, tags: tags, durationTolerance: recipe.tolerance,
                    sampleRate: recipe.rate))
        }
        var problems: [String] = []
        for (process, name) in running {
            let result = process.finish(timeout: 120)
            if result.exitCode != 0 { problems.append("ffmpeg failed making \(name): \(result.stderr)") }
        }
        guard problems.isEmpty else { throw MusicTreeError(problems.joined(separator: "\n")) }
        return MusicTree(root: root, songs: songs.sorted { $0.relativePath < $1.relativePath })
    }
}

/// Why the music tree could not be made (a sentence).
public struct MusicTreeError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var description: String
    init(_ description: String) { self.description = description }
}

/// How one file of the tree is made, and what its tags should read.
private struct Recipe {
    var relativePath: String
    var seconds: Double
    var rate: Int
    var cover = false
    var encoder: [String]
    var metadata: [(String, String)]
    var expected: TrackTags
    var tolerance = 0.001
}

private let mp3v24 = ["-c:a", "libmp3lame", "-b:a", "128k", "-id3v2_version", "4"]
private let mp3v23VBR = ["-c:a", "libmp3lame", "-q:a", "4", "-id3v2_version", "3"]

private let recipes: [Recipe] = [
    // An album in MP3: ID3v2.4 with a picture and a tempo, ID3v2.3 with an ID3v1 genre number,
    // and a file with no tag at all.
    Recipe(
        relativePath: "Ångström Ensemble/Café Songs/01 Café Intro.mp3", seconds: 1.3, rate: 44100, cover: true, encoder: mp3v24,
        metadata: [
            ("title", "Café Intro"), ("artist", "Ångström Ensemble"), ("album", "Café Songs"), ("album_artist", "Ångström Ensemble"),
            ("genre", "Jazz"), ("date", "2019"), ("track", "1/3"), ("TBPM", "120"),
        ],
        expected: TrackTags(
            format: "mp3", title: "Café Intro", artist: "Ångström Ensemble", album: "Café Songs", albumArtist: "Ångström Ensemble",
            genre: "Jazz", year: 2019, trackNumber: 1, trackCount: 3, bpm: 120, hasCover: true)),
    Recipe(
        relativePath: "Ångström Ensemble/Café Songs/02 Naïve Song.mp3", seconds: 1.5, rate: 44100, encoder: mp3v23VBR,
        metadata: [
            ("title", "Naïve Song"), ("artist", "Ångström Ensemble"), ("album", "Café Songs"), ("genre", "(8)"), ("date", "2019"),
            ("track", "2/3"),
        ],
        expected: TrackTags(
            format: "mp3", title: "Naïve Song", artist: "Ångström Ensemble", album: "Café Songs", genre: "Jazz", year: 2019,
            trackNumber: 2, trackCount: 3)),
    Recipe(
        relativePath: "Ångström Ensemble/Café Songs/03 untagged.mp3", seconds: 1.0, rate: 44100,
        encoder: ["-c:a", "libmp3lame", "-b:a", "128k", "-id3v2_version", "0", "-write_id3v1", "0"], metadata: [],
        expected: TrackTags(format: "mp3")),
    // A two-disc album in M4A: album artist, disc and track numbers, a tempo, a cover; one file
    // with its movie header first, the others with it after the audio (ffmpeg's default).
    Recipe(
        relativePath: "東京フィル/交響曲/1-01 序曲.m4a", seconds: 1.1, rate: 44100, cover: true, encoder: ["-c:a", "aac", "-b:a", "96k"],
        metadata: [
            ("title", "序曲"), ("artist", "東京フィル"), ("album", "交響曲"), ("album_artist", "東京フィル"), ("genre", "Classical"),
            ("date", "2001"), ("track", "1/2"), ("disc", "1/2"), ("tmpo", "96"),
        ],
        expected: TrackTags(
            format: "m4a", title: "序曲", artist: "東京フィル", album: "交響曲", albumArtist: "東京フィル", genre: "Classical", year: 2001,
            trackNumber: 1, trackCount: 2, discNumber: 1, discCount: 2, bpm: 96, hasCover: true)),
    Recipe(
        relativePath: "東京フィル/交響曲/1-02 間奏.m4a", seconds: 0.8, rate: 44100,
        encoder: ["-c:a", "aac", "-b:a", "96k", "-movflags", "+faststart"],
        metadata: [
            ("title", "間奏"), ("artist", "東京フィル"), ("album", "交響曲"), ("album_artist", "東京フィル"), ("genre", "Classical"),
            ("date", "2001"), ("track", "2/2"), ("disc", "1/2"),
        ],
        expected: TrackTags(
            format: "m4a", title: "間奏", artist: "東京フィル", album: "交響曲", albumArtist: "東京フィル", genre: "Classical", year: 2001,
            trackNumber: 2, trackCount: 2, discNumber: 1, discCount: 2)),
    Recipe(
        relativePath: "東京フィル/交響曲/2-01 フィナーレ.m4a", seconds: 1.2, rate: 44100, encoder: ["-c:a", "aac", "-b:a", "96k"],
        metadata: [
            ("title", "フィナーレ"), ("artist", "東京フィル"), ("album", "交響曲"), ("album_artist", "東京フィル"), ("genre", "Classical"),
            ("date", "2001"), ("track", "1/1"), ("disc", "2/2"),
        ],
        expected: TrackTags(
            format: "m4a", title: "フィナーレ", artist: "東京フィル", album: "交響曲", albumArtist: "東京フィル", genre: "Classical", year: 2001,
            trackNumber: 1, trackCount: 1, discNumber: 2, discCount: 2)),
    // A compilation across FLAC, Ogg Vorbis and Opus; the Opus song has no album artist.
    Recipe(
        relativePath: "Summer Hits/01 Sunny.flac", seconds: 0.9, rate: 44100, cover: true, encoder: ["-c:a", "flac"],
        metadata: [
            ("title", "Sunny"), ("artist", "Band X"), ("album", "Summer Hits"), ("album_artist", "Various Artists"), ("genre", "Pop"),
            ("date", "2020-06-01"), ("track", "1/3"), ("disc", "1/1"), ("compilation", "1"), ("BPM", "128"),
        ],
        expected: TrackTags(
            format: "flac", title: "Sunny", artist: "Band X", album: "Summer Hits", albumArtist: "Various Artists", genre: "Pop",
            year: 2020, trackNumber: 1, trackCount: 3, discNumber: 1, discCount: 1, bpm: 128, hasCover: true, isCompilation: true)),
    Recipe(
        relativePath: "Summer Hits/02 Rainy.ogg", seconds: 0.7, rate: 44100, encoder: ["-c:a", "libvorbis", "-q:a", "2"],
        metadata: [
            ("title", "Rainy"), ("artist", "Band Y"), ("album", "Summer Hits"), ("album_artist", "Various Artists"), ("genre", "Pop"),
            ("date", "2020"), ("track", "2/3"), ("compilation", "1"),
        ],
        expected: TrackTags(
            format: "ogg", title: "Rainy", artist: "Band Y", album: "Summer Hits", albumArtist: "Various Artists", genre: "Pop",
            year: 2020, trackNumber: 2, trackCount: 3, isCompilation: true)),
    Recipe(
        relativePath: "Summer Hits/03 Zoë.opus", seconds: 0.6, rate: 48000, encoder: ["-c:a", "libopus", "-b:a", "64k"],
        metadata: [("title", "Zoë"), ("artist", "Zoë"), ("album", "Summer Hits"), ("track", "3/3"), ("compilation", "1")],
        expected: TrackTags(
            format: "opus", title: "Zoë", artist: "Zoë", album: "Summer Hits", trackNumber: 3, trackCount: 3, isCompilation: true)),
    // Loose files: WAV with a RIFF INFO list, AIFF with NAME and AUTH chunks (and an ID3 chunk), FLAC with no tags, Opus
    // with only a title, an old-style MP3 without an Xing header (its length is an estimate).
    Recipe(
        relativePath: "Loose/tone.wav", seconds: 0.5, rate: 44100, encoder: ["-c:a", "pcm_s16le"],
        metadata: [("title", "Wave Tone"), ("artist", "Sine Wave")],
        expected: TrackTags(format: "wav", title: "Wave Tone", artist: "Sine Wave")),
    Recipe(
        relativePath: "Loose/tone.aiff", seconds: 0.4, rate: 44100, encoder: ["-c:a", "pcm_s16be", "-write_id3v2", "1"],
        metadata: [("title", "AIFF Tone"), ("artist", "Sine Wave"), ("author", "Sine Wave")],
        expected: TrackTags(format: "aiff", title: "AIFF Tone", artist: "Sine Wave")),
    Recipe(
        relativePath: "Loose/bare.flac", seconds: 0.3, rate: 44100, encoder: ["-c:a", "flac"], metadata: [],
        expected: TrackTags(format: "flac")),
    Recipe(
        relativePath: "Loose/only title.opus", seconds: 0.5, rate: 48000, encoder: ["-c:a", "libopus", "-b:a", "64k"],
        metadata: [("title", "Only A Title")], expected: TrackTags(format: "opus", title: "Only A Title")),
    Recipe(
        relativePath: "Loose/old cbr.mp3", seconds: 1.0, rate: 44100,
        encoder: ["-c:a", "libmp3lame", "-b:a", "128k", "-id3v2_version", "3", "-write_xing", "0"],
        metadata: [("title", "Old CBR")], expected: TrackTags(format: "mp3", title: "Old CBR"), tolerance: 0.06),
]
