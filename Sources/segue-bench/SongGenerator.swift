import Library
import MusicModel

/// Songs with made-up tags (albums of 12 by one artist, some words common and most rare), the
/// same for every run: a deterministic SplitMix64.
struct SongGenerator {
    private var state: UInt64
    private var album = ""
    private var artist = ""
    private var genre = ""
    private var year = 2000

    static let words = """
        love night river blue dream fire heart city light rain shadow summer winter golden silver electric midnight \
        morning ocean desert storm wild young lost home road echo crystal velvet stone glass paper neon broken sweet \
        bitter hollow distant quiet thunder falling rising dancing running burning waiting secret silent endless \
        northern garden island mountain valley forest highway station harbor window mirror letter picture memory \
        journey wonder fever honey sugar cherry violet scarlet starlight moonlight twilight horizon radio signal \
        machine pulse rhythm groove soul blues jazz funk disco house techno ambient drift wave tide spark flame ember \
        dreamer runner dancer singer stranger lover café señor naïve déjà niño ночь звезда 東京 夜 海 sigur björn berg
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    static let genres = ["Rock", "Pop", "Jazz", "Blues", "Electronic", "Techno", "House", "Ambient", "Folk", "Soul", "R&B"]

    init(seed: UInt64) { state = seed }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A word, the first ones far more often (roughly Zipf).
    private mutating func word() -> String {
        let r = next() % 1_000
        let index = UInt64(Self.words.count) * r * r * r / 1_000_000_000
        return Self.words[Int(index)]
    }

    private mutating func words(_ count: Int) -> String {
        (0..<count).map { _ in word().capitalized }.joined(separator: " ")
    }

    mutating func track(number: Int, folder: String) -> LocalTrack {
        let position = number % 12
        if position == 0 {
            artist = Int(next() % 3) == 0 ? words(2) : "The " + words(1) + "s"
            album = words(1 + Int(next() % 3))
            genre = Self.genres[Int(next() % UInt64(Self.genres.count))]
            year = 1960 + Int(next() % 66)
        }
        let title = words(1 + Int(next() % 4))
        var tags = TrackTags(
            format: "mp3", title: title, artist: artist, album: album, albumArtist: artist, genre: genre, year: year,
            trackNumber: position + 1, trackCount: 12, discNumber: 1, discCount: 1, duration: 180 + Double(next() % 120))
        if next() % 10 < 6 { tags.bpm = Double(70 + next() % 110) }
        let path = "\(folder)/\(artist)/\(album) \(number / 12)/\(position + 1) \(title).mp3"
        return LocalTrack(path: path, folder: folder, stamp: FileStamp(size: 4_000, modified: 1_700_000_000_000_000_000), tags: tags)
    }
}

extension String {
    fileprivate var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
