import Checked

/// One object of an iTunes Search API `results` array, as sent.
///
/// Every field is optional and read leniently: the service omits keys freely, sends numbers as
/// integers or decimals (`-1.00`), and a field of an unexpected type becomes nil instead of
/// failing the whole answer, so one odd object never hides the others. Every number is checked
/// against its range here, at the edge: a length, count, price or id outside it (`1e300`,
/// negative, fractional where a whole number belongs) is nil, so nothing later can trap on it.
public struct ITunesResult: Decodable, Sendable, Equatable {
    /// "track", "collection" or "artist" (others exist outside music).
    public var wrapperType: String?
    /// For tracks: "song", "music-video", …
    public var kind: String?
    /// For collections: "Album" (also singles and EPs).
    public var collectionType: String?
    /// For artists: "Artist".
    public var artistType: String?
    /// The artist's id; every id is a decimal string, whether the service sent a number or a string.
    public var artistId: String?
    /// The collection's id.
    public var collectionId: String?
    /// The track's id.
    public var trackId: String?
    /// On compilation tracks: the album artist's id.
    public var collectionArtistId: String?
    /// The performer (or album artist) as credited.
    public var artistName: String?
    /// The collection's name.
    public var collectionName: String?
    /// The track's name (the one to display).
    public var trackName: String?
    /// The censored track name, which can be longer than `trackName`; never displayed.
    public var trackCensoredName: String?
    /// On compilation tracks: the album artist's name.
    public var collectionArtistName: String?
    /// The artist's page on Apple Music; absent for Various Artists.
    public var artistViewUrl: String?
    /// The collection's page.
    public var collectionViewUrl: String?
    /// The track's page.
    public var trackViewUrl: String?
    /// An artist object's page.
    public var artistLinkUrl: String?
    /// The preview (audio for songs, video for music videos).
    public var previewUrl: String?
    /// Artwork at 30 px.
    public var artworkUrl30: String?
    /// Artwork at 60 px.
    public var artworkUrl60: String?
    /// Artwork at 100 px.
    public var artworkUrl100: String?
    /// -1 means not sold as a whole; nil outside `ITunesResult.priceRange`.
    public var collectionPrice: Double?
    /// The track's price.
    public var trackPrice: Double?
    /// ISO 8601 UTC.
    public var releaseDate: String?
    /// "explicit", "cleaned", "notExplicit".
    public var collectionExplicitness: String?
    /// The track's explicitness.
    public var trackExplicitness: String?
    /// The number of discs; this and the other counts are nil outside `ITunesResult.countRange`.
    public var discCount: Int?
    /// The disc this track is on.
    public var discNumber: Int?
    /// Per disc on songs; the album total on collections and music videos.
    public var trackCount: Int?
    /// Track number on its disc.
    public var trackNumber: Int?
    /// The full track's length in milliseconds: finite, from 0 to `Limits.maxDurationSeconds`, or nil.
    public var trackTimeMillis: Double?
    /// Alpha-3 ("USA", "GBR").
    public var country: String?
    /// The primary genre's name.
    public var primaryGenreName: String?
    /// True, false or absent.
    public var isStreamable: Bool?

    private enum Key: String, CodingKey {
        case wrapperType, kind, collectionType, artistType, artistId, collectionId, trackId, collectionArtistId
        case artistName, collectionName, trackName, trackCensoredName, collectionArtistName
        case artistViewUrl, collectionViewUrl, trackViewUrl, artistLinkUrl, previewUrl, artworkUrl30, artworkUrl60, artworkUrl100
        case collectionPrice, trackPrice, releaseDate, collectionExplicitness, trackExplicitness
        case discCount, discNumber, trackCount, trackNumber, trackTimeMillis, country, primaryGenreName, isStreamable
    }

    /// The prices accepted: -1 (not sold alone) up to a million in any currency.
    public static let priceRange: ClosedRange<Double> = -1...1_000_000

    /// The counts and numbers accepted (discs, tracks): no album has more.
    public static let countRange: ClosedRange<Int> = 0...100_000

    /// The numeric ids accepted: whole numbers a `Double` holds exactly (below 2^53). The
    /// service's ids are about 10 digits.
    public static let idRange: ClosedRange<Int> = 0...(1 << 53)

    /// An empty result (every field nil), for building test data.
    public init() {}

    /// Reads an object leniently; fails only when the value is not a JSON object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        func text(_ key: Key) -> String? { try? c.decodeIfPresent(String.self, forKey: key) }
        func number(_ key: Key) -> Double? {
            if let value = try? c.decodeIfPresent(Double.self, forKey: key) { return value.isFinite ? value : nil }
            if let value = try? c.decodeIfPresent(String.self, forKey: key) { return Double(value).flatMap { $0.isFinite ? $0 : nil } }
            return nil
        }
        /// A whole number in `range`; a fraction, or anything outside, is nil.
        func integer(_ key: Key, in range: ClosedRange<Int> = Self.countRange) -> Int? {
            guard let value = number(key), value.rounded(.towardZero) == value else { return nil }
            return Checked.int(value, in: range)
        }
        func identifier(_ key: Key) -> String? {
            // Ids reach ~1.7e9 as JSON numbers; the chart feed and some clients send strings.
            if let value = try? c.decodeIfPresent(String.self, forKey: key) {
                return (1...20).contains(value.utf8.count) && value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } ? value : nil
            }
            return integer(key, in: Self.idRange).map { String($0) }
        }
        func price(_ key: Key) -> Double? {
            number(key).flatMap { Self.priceRange.contains($0) ? $0 : nil }
        }
        wrapperType = text(.wrapperType)
        kind = text(.kind)
        collectionType = text(.collectionType)
        artistType = text(.artistType)
        artistId = identifier(.artistId)
        collectionId = identifier(.collectionId)
        trackId = identifier(.trackId)
        collectionArtistId = identifier(.collectionArtistId)
        artistName = text(.artistName)
        collectionName = text(.collectionName)
        trackName = text(.trackName)
        trackCensoredName = text(.trackCensoredName)
        collectionArtistName = text(.collectionArtistName)
        artistViewUrl = text(.artistViewUrl)
        collectionViewUrl = text(.collectionViewUrl)
        trackViewUrl = text(.trackViewUrl)
        artistLinkUrl = text(.artistLinkUrl)
        previewUrl = text(.previewUrl)
        artworkUrl30 = text(.artworkUrl30)
        artworkUrl60 = text(.artworkUrl60)
        artworkUrl100 = text(.artworkUrl100)
        collectionPrice = price(.collectionPrice)
        trackPrice = price(.trackPrice)
        releaseDate = text(.releaseDate)
        collectionExplicitness = text(.collectionExplicitness)
        trackExplicitness = text(.trackExplicitness)
        discCount = integer(.discCount)
        discNumber = integer(.discNumber)
        trackCount = integer(.trackCount)
        trackNumber = integer(.trackNumber)
        trackTimeMillis = number(.trackTimeMillis).flatMap { Checked.seconds(milliseconds: $0) == nil ? nil : $0 }
        country = text(.country)
        primaryGenreName = text(.primaryGenreName)
        isStreamable = try? c.decodeIfPresent(Bool.self, forKey: .isStreamable)
    }
}
