import Catalog
import Checked
import MusicModel
import TestSupport
import Testing

/// Seeded, bounded, structure-aware fuzzing of the numbers in catalog answers (issue 10): every
/// numeric field of songs and albums drawn from the extremes and from other JSON types. Each
/// object decodes to values in their ranges (or none), and the items built from them hold only those.
@Suite struct OutsideNumbersFuzzCatalogTests {
    static let extremes = [
        "0", "-0", "1", "-1", "0.5", "-0.5", "1e300", "-1e300", "1e400", "-1e400", "1e-400", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "18446744073709551616", "99999999999999999999", "4294967295",
        "1.7976931348623157e308", "864000000", "864000001", "9007199254740993", "null", "true", "[]", "{}", "\"12\"",
        "\"nan\"", "\"inf\"", "\"-inf\"", "\"1e300\"", "\"-5\"", "\"\"", "\"0x10\"",
    ]
    static let numericKeys = [
        "trackTimeMillis", "trackId", "artistId", "collectionId", "collectionArtistId", "trackNumber", "discNumber", "trackCount",
        "discCount", "trackPrice", "collectionPrice",
    ]

    @Test func catalogObjectsWithExtremeNumbersDecodeToRangedValues() throws {
        var rng = SplitMix64(seed: 0xCA7A_1060)
        for round in 0..<3000 {
            var extra = ""
            for key in Self.numericKeys where rng.int(3) > 0 { extra += ", \"\(key)\":\(Self.extremes[rng.int(Self.extremes.count)])" }
            let wrapper = rng.bool() ? "" : #", "wrapperType":"collection", "collectionType":"Album""#
            let body = CatalogTestKit.envelope([CatalogTestKit.songJSON(id: 5, name: "S", extra: wrapper + extra)])
            let results = try ITunesEnvelope.results(body)
            let r = try #require(results.first, "round \(round)")
            if let millis = r.trackTimeMillis { #expect(Checked.seconds(milliseconds: millis) != nil, "round \(round): \(extra)") }
            for id in [r.trackId, r.artistId, r.collectionId, r.collectionArtistId].compactMap({ $0 }) {
                #expect(!id.isEmpty && id.utf8.count <= 20 && id.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }, "round \(round): \(id)")
            }
            for count in [r.trackNumber, r.discNumber, r.trackCount, r.discCount].compactMap({ $0 }) {
                #expect(ITunesResult.countRange.contains(count), "round \(round): \(count)")
            }
            for price in [r.trackPrice, r.collectionPrice].compactMap({ $0 }) {
                #expect(ITunesResult.priceRange.contains(price), "round \(round): \(price)")
            }
            switch CatalogItem(r) {
            case .song(let song)?:
                if let d = song.duration { #expect(d >= 0 && d <= Limits.maxDurationSeconds, "round \(round)") }
            case .album(let album)?:
                if let n = album.trackCount { #expect(ITunesResult.countRange.contains(n), "round \(round)") }
            default: break
            }
        }
    }
}
