import MusicModel

/// The 128-byte ID3v1 tag at the end of old MP3 files: `TAG`, title, artist, album (30 bytes
/// each), year (4), comment (30; ID3v1.1 puts a track number in its last byte after a zero),
/// genre (1 byte, a number). Its text is Latin-1.
public enum ID3v1 {
    /// The tag in `tail` (a file's last 128 bytes), nil when there is none.
    public static func parse(_ tail: [UInt8]) -> TrackTags? {
        guard tail.count == 128, tail[0] == 0x54, tail[1] == 0x41, tail[2] == 0x47 else { return nil }
        func text(_ range: Range<Int>) -> String? {
            let bytes = tail[range].prefix { $0 != 0 }
            return TagText.clean(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })))
        }
        var tags = TrackTags(format: "mp3")
        tags.title = text(3..<33)
        tags.artist = text(33..<63)
        tags.album = text(63..<93)
        tags.year = text(93..<97).flatMap(TagText.year)
        if tail[125] == 0, tail[126] != 0 { tags.trackNumber = Int(tail[126]) }
        tags.genre = ID3Genre.name(Int(tail[127]))
        return tags
    }
}
