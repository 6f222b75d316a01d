import Audio
import MusicModel
import Testing

/// The small readers every tag format shares: text, years, number pairs, ID3 genres, ID3v1,
/// Vorbis comment keys.
@Suite struct TagTextTests {
    @Test func textIsTrimmedAndEmptyIsNothing() {
        #expect(TagText.clean(Array("  Title \u{0}\u{0}".utf8)) == "Title")
        #expect(TagText.clean(Array("\u{FEFF}BOM".utf8)) == "BOM")
        #expect(TagText.clean(Array(" \u{0} ".utf8)) == nil)
        #expect(TagText.clean([0x41, 0xFF, 0x42]) == "A\u{FFFD}B")
    }

    @Test func yearsComeFromTheStartOfADate() {
        #expect(TagText.year("2019") == 2019)
        #expect(TagText.year("2019-06-01T12:00:00") == 2019)
        #expect(TagText.year("0000") == nil)
        #expect(TagText.year("19") == nil)
        #expect(TagText.year("12345") == nil)
        #expect(TagText.year("June 2019") == nil)
    }

    @Test func numberPairs() {
        #expect(TagText.numberPair("3/12") == (3, 12))
        #expect(TagText.numberPair(" 03 / 12 ") == (3, 12))
        #expect(TagText.numberPair("7") == (7, nil))
        #expect(TagText.numberPair("0/0") == (nil, nil))
        #expect(TagText.numberPair("99999999999999999999999/2") == (nil, 2))
        #expect(TagText.numberPair("A/B") == (nil, nil))
    }

    @Test func id3GenreNumbersAreNamed() {
        #expect(ID3Genre.names.count == 192)
        #expect(ID3Genre.resolve("(8)") == "Jazz")
        #expect(ID3Genre.resolve("17") == "Rock")
        #expect(ID3Genre.resolve("(8)Bebop") == "Bebop")
        #expect(ID3Genre.resolve("(RX)") == "Remix")
        #expect(ID3Genre.resolve("((Brackets)") == "(Brackets)")
        #expect(ID3Genre.resolve("(999)") == "(999)")
        #expect(ID3Genre.resolve("Synthwave") == "Synthwave")
        #expect(ID3Genre.resolve("191") == "Psybient")
    }

    @Test func id3v1AtTheEnd() {
        func field(_ text: String, _ width: Int) -> [UInt8] {
            Array(Array(text.utf8).prefix(width)) + Array(repeating: 0, count: max(0, width - text.utf8.count))
        }
        var tail = Array("TAG".utf8) + field("Old Song", 30) + field("Old Band", 30) + field("Old Album", 30) + field("1987", 4)
        tail += field("comment", 28) + [0, 5] + [17]
        let tags = ID3v1.parse(tail)
        #expect(tags?.title == "Old Song")
        #expect(tags?.artist == "Old Band")
        #expect(tags?.album == "Old Album")
        #expect(tags?.year == 1987)
        #expect(tags?.trackNumber == 5)
        #expect(tags?.genre == "Rock")
        #expect(ID3v1.parse(Array(repeating: 0x20, count: 128)) == nil)
    }

    @Test func vorbisCommentKeysIgnoreCaseAndTotalsHaveTheirOwnFields() {
        var tags = TrackTags(format: "flac")
        for (key, value) in [
            ("title", "First"), ("TITLE", "Second"), ("TrackNumber", "4"), ("TRACKTOTAL", "9"), ("DISCNUMBER", "2"),
            ("TOTALDISCS", "3"), ("Album Artist", "VA"), ("COMPILATION", "1"), ("BPM", "121.5"),
        ] {
            tags.takeComment(key: key, value: value)
        }
        #expect(tags.title == "First")
        #expect(tags.trackNumber == 4 && tags.trackCount == 9)
        #expect(tags.discNumber == 2 && tags.discCount == 3)
        #expect(tags.albumArtist == "VA")
        #expect(tags.isCompilation)
        #expect(tags.bpm == 121.5)
    }
}
