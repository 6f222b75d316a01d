import Catalog
import TestSupport
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The demo catalog's workout section (30-s tracks of known tempo, so workout mode runs offline)
/// and the featured defaults in Resources/workout/featured.json that point at it.
@Suite struct DemoWorkoutSectionTests {
    static let folder = DemoCatalogFixture.folder
    static let featuredPath = Fixtures.packageRoot + "/Resources/workout/featured.json"
    static let genre = "Fitness & Workout"
    /// Each workout kind's default cadence (WorkoutKind.defaultCadence; CatalogTests does not
    /// depend on the Workout module).
    static let cadences = ["running": 170.0, "cycling": 90.0, "walking": 115.0, "hiit": 150.0, "other": 120.0]

    typealias Item = DemoCatalogEntry

    typealias Envelope = DemoCatalogEnvelope

    struct Chart: Decodable {
        struct Feed: Decodable { var results: [Entry] }
        struct Entry: Decodable { var id: String }
        var feed: Feed
    }

    let transport: DemoCatalogTransport

    init() throws { transport = try DemoCatalogTransport(folder: Self.folder) }

    func catalog() throws -> [Item] { try DemoCatalogFixture.entries() }

    /// The workout section's songs, in catalog order.
    func workoutSongs() throws -> [Item] {
        try catalog().filter { $0.wrapperType == "track" && $0.primaryGenreName == Self.genre }
    }

    func ids(_ url: String) throws -> [Int] {
        let response = try transport.get(url)
        #expect(response.status == 200, "\(url)")
        let answer = try JSONDecoder().decode(Envelope.self, from: Data(response.body))
        #expect(answer.resultCount == answer.results.count)
        return answer.results.map { $0.id ?? -1 }
    }

    /// Whether a song at `bpm` fits `cadence`: within 3 % of it, of half or of double it.
    static func fits(_ bpm: Double, _ cadence: Double) -> Bool {
        [cadence, cadence / 2, cadence * 2].contains { abs(bpm - $0) <= 0.03 * $0 }
    }

    // MARK: The section

    @Test func sectionSpansEightyToOneEightyInSeveralStylesAndFitsEveryDefaultCadence() throws {
        let songs = try workoutSongs()
        #expect((24...30).contains(songs.count), "\(songs.count) workout songs")
        let tempos = try songs.map { try #require($0.tempo, "\($0.trackName ?? "") states no tempo") }
        #expect(tempos.map(\.bpm).min() == 80)
        #expect(tempos.map(\.bpm).max() == 180)
        #expect(Set(tempos.map(\.style)) == ["Rock", "Four-on-the-Floor", "Half-Time", "Syncopated"])
        #expect(Set(songs.compactMap(\.artistName)).count >= 3)
        // Every kind's default cadence has fitting songs by more than one artist, so a workout
        // that avoids the same artist twice in a row still has music offline.
        for (kind, cadence) in Self.cadences {
            let fitting = zip(songs, tempos).filter { Self.fits(Double($0.1.bpm), cadence) }.map(\.0)
            #expect(fitting.count >= 3, "\(kind): \(fitting.count) fitting songs")
            #expect(Set(fitting.compactMap(\.artistName)).count >= 2, "\(kind): one artist only")
        }
        // Ids far from real ones: tracks 9000000301…, albums 9000000151….
        #expect(songs.allSatisfy { (9_000_000_301...9_000_000_399).contains($0.trackId ?? 0) })
        #expect(songs.allSatisfy { (9_000_000_151...9_000_000_199).contains($0.collectionId ?? 0) })
    }

    @Test func everyWorkoutPreviewIsAReadableFileOfAboutThirtySeconds() throws {
        let songs = try workoutSongs()
        try #require(!songs.isEmpty)
        var bytes = 0
        for song in songs {
            let preview = try #require(song.previewUrl)
            let path = try #require(DemoCatalogTransport.resolve(previewURL: preview, demoFolder: Self.folder))
            let file = try #require(Shell.readFile(path), "\(path) is not readable")
            // Mono at a low bitrate: 30 s is well over 50 KB and under 300 KB.
            #expect((50_000...300_000).contains(file.count), "\(path): \(file.count) bytes")
            bytes += file.count
            let millis = try #require(song.trackTimeMillis)
            #expect((29_500...30_500).contains(millis), "\(path): the catalog says \(millis) ms")
        }
        // The whole section stays small in the repository.
        #expect(bytes <= 5_000_000, "the workout section is \(bytes) bytes")
    }

    @Test func everyWorkoutTrackCarriesItsTempoAsATag() throws {
        for song in try workoutSongs() {
            let bpm = try #require(song.tempo?.bpm)
            let path = try #require(DemoCatalogTransport.resolve(previewURL: song.previewUrl ?? "", demoFolder: Self.folder))
            let file = try #require(Shell.readFile(path))
            // MP3: an ID3v2 TBPM frame whose text is the tempo; M4A: a `tmpo` atom, a 16-bit integer.
            if path.hasSuffix(".mp3") {
                #expect(Self.id3Text(file, frame: "TBPM") == String(bpm), "\(path)")
                // And LAME's gapless tag in the first frame, so a decoder plays no padding after
                // the song (a workout goes on into the next one without a gap).
                let audio = Self.id3End(file)
                let first = file[audio..<min(file.count, audio + 200)]
                #expect(Self.contains(first, "Xing") || Self.contains(first, "Info"), "\(path) has no gapless tag")
            } else {
                #expect(Self.mp4Tempo(file) == bpm, "\(path)")
            }
        }
    }

    // MARK: Search, lookup, albums, charts

    @Test func searchFindsTheSectionByWorkoutStyleAndArtist() throws {
        let songs = try workoutSongs()
        let search = "https://itunes.apple.com/search?entity=song&limit=200&term="
        #expect(try ids(search + "workout") == songs.compactMap(\.trackId))
        #expect(
            try ids("https://itunes.apple.com/search?entity=album&term=segue+workout") == [
                9_000_000_151, 9_000_000_152, 9_000_000_153, 9_000_000_154,
            ])
        // A style, in any spelling of its words.
        let rock = songs.filter { $0.tempo?.style == "Rock" }.compactMap(\.trackId)
        #expect(rock.count >= 5)
        #expect(try ids(search + "rock") == rock)
        #expect(try ids(search + "four+on+the+floor").count == songs.filter { $0.tempo?.style == "Four-on-the-Floor" }.count)
        #expect(try ids(search + "HALF-TIME").count == songs.filter { $0.tempo?.style == "Half-Time" }.count)
        // An artist, and a tempo.
        #expect(try ids("https://itunes.apple.com/search?entity=musicArtist&term=marisol+vega") == [9_000_000_013])
        #expect(try ids(search + "170+bpm") == songs.filter { $0.tempo?.bpm == 170 }.compactMap(\.trackId))
        // An accented title without its accent.
        #expect(try ids(search + "ultima+vuelta") == [9_000_000_327])
    }

    @Test func lookupOfMixedDemoAndUnknownIdsGivesTheDemoOnesInOrder() throws {
        // Real iTunes ids the demo does not have, between demo ids: skipped, the rest in order.
        #expect(
            try ids("https://itunes.apple.com/lookup?id=9000000337,255638432,9000000301,42,9000000152,9000000013,1441458052")
                == [9_000_000_337, 9_000_000_301, 9_000_000_152, 9_000_000_013])
        // The same through the catalog, as the featured list is fetched: one lookup, songs only.
        let catalog = try DemoCatalogFixture.catalog()
        let songs = try catalog.lookupSongs(ids: ["9000000317", "255638409", "9000000307", "1728639285", "9000000311"])
        #expect(songs.map(\.id) == ["9000000317", "9000000307", "9000000311"])
        #expect(songs.allSatisfy { $0.previewURL?.hasPrefix("demo:audio/") == true })
    }

    @Test func workoutAlbumPageListsItsTracksByNumber() throws {
        let catalog = try DemoCatalogFixture.catalog()
        let album = try catalog.albumTracks(albumID: "9000000151")
        #expect(album.title == "Segue Workout: Tempo Run")
        let expected = try workoutSongs().filter { $0.collectionId == 9_000_000_151 }.compactMap { $0.trackId.map(String.init) }
        #expect(expected.count >= 5)
        #expect(try #require(album.tracks).map(\.id) == expected)
        // The service's shape underneath: the collection, then its songs by number.
        #expect(
            try ids("https://itunes.apple.com/lookup?id=9000000151&entity=song&limit=200").map(String.init)
                == ["9000000151"] + expected)
    }

    @Test func chartsIncludeWorkoutTracks() throws {
        // The catalog's default chart (25 songs) is what an offline workout's charts source reads.
        let response = try transport.get("https://rss.applemarketingtools.com/api/v2/us/music/most-played/25/songs.json")
        let chart = try JSONDecoder().decode(Chart.self, from: Data(response.body))
        let songs = try workoutSongs()
        let albumOf = Dictionary(uniqueKeysWithValues: songs.compactMap { song in song.trackId.map { (String($0), song.collectionId) } })
        let inChart = chart.feed.results.compactMap { albumOf[$0.id] }
        #expect(inChart.count >= 8, "\(inChart.count) workout songs in the chart")
        // Songs of every workout album (every drum style), not one album's slowest few.
        #expect(Set(inChart) == Set(songs.map(\.collectionId)))
    }

    // MARK: Featured defaults

    @Test func featuredDefaultsParseAndEveryDemoIdIsAWorkoutTrackThatFits() throws {
        let bytes = try #require(Shell.readFile(Self.featuredPath), "\(Self.featuredPath) is missing")
        let featured = try JSONDecoder().decode([String: [String]].self, from: Data(bytes))
        #expect(Set(featured.keys) == Set(Self.cadences.keys))
        let songs = Dictionary(uniqueKeysWithValues: try workoutSongs().compactMap { song in song.trackId.map { (String($0), song) } })
        let catalog = try DemoCatalogFixture.catalog()
        for (kind, ids) in featured {
            let cadence = try #require(Self.cadences[kind])
            #expect((1...50).contains(ids.count), "\(kind): \(ids.count) ids")
            #expect(ids.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }, "\(kind)")
            // The demo's ids come first, and each names a workout song that fits the kind's cadence.
            let demo = ids.prefix { $0.hasPrefix("9000000") }
            #expect(demo.count >= 3, "\(kind): \(demo.count) demo ids")
            #expect(!ids.dropFirst(demo.count).contains { $0.hasPrefix("9000000") }, "\(kind): a demo id after a real one")
            for id in demo {
                let song = try #require(songs[id], "\(kind): \(id) is not in the demo's workout section")
                let bpm = try #require(song.tempo?.bpm)
                #expect(Self.fits(Double(bpm), cadence), "\(kind): \(id) is \(bpm) BPM")
            }
            // Offline, the whole list comes back as exactly its demo songs, in order.
            #expect(try catalog.lookupSongs(ids: ids).map(\.id) == Array(demo), "\(kind)")
        }
    }

    // MARK: Tag reading (just enough for the committed files)

    /// The text of the first ID3v2.3/2.4 text frame `frame` (ISO-8859-1 or UTF-16 with a BOM).
    static func id3Text(_ file: [UInt8], frame: String) -> String? {
        guard file.count > 10, file[0] == 0x49, file[1] == 0x44, file[2] == 0x33 else { return nil }
        let version = file[3]
        let size = (0..<4).reduce(0) { $0 << 7 | Int(file[6 + $1] & 0x7F) }
        var at = 10
        let end = min(file.count, 10 + size)
        while at + 10 <= end {
            let name = String(decoding: file[at..<(at + 4)], as: UTF8.self)
            let length = (0..<4).reduce(0) { $0 << (version == 4 ? 7 : 8) | Int(file[at + 4 + $1] & (version == 4 ? 0x7F : 0xFF)) }
            guard length > 0, at + 10 + length <= end else { return nil }
            let body = Array(file[(at + 10)..<(at + 10 + length)])
            if name == frame {
                let text = body.dropFirst()
                switch body.first {
                case 0, 3: return String(decoding: text.filter { $0 != 0 }, as: UTF8.self)
                case 1:
                    let units = stride(from: 2, to: text.count - 1, by: 2).map { index -> UInt16 in
                        let a = UInt16(text[text.startIndex + index])
                        let b = UInt16(text[text.startIndex + index + 1])
                        return text.first == 0xFF ? a | b << 8 : a << 8 | b
                    }
                    return String(decoding: units.filter { $0 != 0 }, as: UTF16.self)
                default: return nil
                }
            }
            at += 10 + length
        }
        return nil
    }

    /// Where the audio starts: after the ID3v2 tag, if there is one.
    static func id3End(_ file: [UInt8]) -> Int {
        guard file.count > 10, file[0] == 0x49, file[1] == 0x44, file[2] == 0x33 else { return 0 }
        return min(file.count, 10 + (0..<4).reduce(0) { $0 << 7 | Int(file[6 + $1] & 0x7F) })
    }

    static func contains(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (bytes.startIndex...(bytes.endIndex - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The value of the first `tmpo` item's `data` atom (a big-endian 16-bit integer).
    static func mp4Tempo(_ file: [UInt8]) -> Int? {
        let marker: [UInt8] = Array("tmpo".utf8) + [0, 0, 0]
        guard file.count > 30 else { return nil }
        for index in 0..<(file.count - 30) where file[index..<(index + 7)].elementsEqual(marker) {
            // tmpo, then a data atom: size (4), "data" (4), type (4), locale (4), value (2).
            let data = index + 4
            guard file[(data + 4)..<(data + 8)].elementsEqual(Array("data".utf8)) else { continue }
            return Int(file[data + 16]) << 8 | Int(file[data + 17])
        }
        return nil
    }
}

extension DemoCatalogEntry {
    /// The tempo and the drum style the title states: "Red Line (Rock Mix, 174 BPM)".
    var tempo: (style: String, bpm: Int)? {
        guard let title = trackName, title.hasSuffix(" BPM)"), let open = title.lastIndex(of: "(") else { return nil }
        let inside = title[title.index(after: open)...].dropLast(" BPM)".count)
        let parts = inside.split(separator: ",")
        guard parts.count == 2, parts[0].hasSuffix(" Mix"), let bpm = Int(parts[1].drop(while: { $0 == " " })) else { return nil }
        return (String(parts[0].dropLast(" Mix".count)), bpm)
    }
}
