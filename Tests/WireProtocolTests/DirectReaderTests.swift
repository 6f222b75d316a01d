import TestSupport
import Testing
import WireProtocol

/// `DaemonMessage.parse` reads the list types (queue entries, songs, albums, artists, playlists,
/// items, history, queue changes) straight from the parse tree; Codable over the same tree
/// (`parseWithCodable`) and Foundation's JSONDecoder read them through `Decoder`. On every field
/// of every list type, written right, left out, null, of the wrong type, an outside number, with
/// escapes, twice, or as a whole element of the wrong kind, the three must read the same values
/// or fail with the same sentence naming the same field.
@Suite struct DirectReaderTests {
    /// One element of each list kind, every field with a value of its own (a field read from the
    /// wrong key, or not read, shows in the result).
    static let item =
        #"{"location":"/m/a.mp3","title":"T","artist":"Ar","album":"Al","duration":12.5,"artworkUrl":"https://a.example/i/100x100bb.jpg"}"#
    static let entry = #"{"id":7,"title":"Et","subtitle":"Es","item":\#(item)}"#
    static let song =
        #"{"id":"s1","title":"St","artist":"Sa","artistId":"a1","album":"Sb","albumId":"b1","duration":201.5,"genre":"Jazz","releaseDate":"2019-11-29T12:00:00Z","explicit":"cleaned","disc":2,"track":9,"playable":false}"#
    static let album =
        #"{"id":"b1","title":"Bt","artist":"Ba","artistId":"a1","trackCount":11,"genre":"Pop","releaseDate":"2001-01-01T00:00:00Z","single":true,"ep":false}"#
    static let artist = #"{"id":"a1","name":"An","genre":"Rock"}"#
    static let playlist = #"{"name":"Pn","itemCount":4}"#
    static let history = #"{"item":\#(item),"lastPlayed":1700000000.5,"playCount":3}"#

    /// A line carrying `elements` as a list of `kind`.
    static func lines(_ elements: [String]) -> [String] {
        let list = "[" + elements.joined(separator: ",") + "]"
        return [
            #"{"id":1,"ok":true,"result":{"kind":"queue","entries":\#(list),"current":7,"version":3},"text":"q"}"#,
            #"{"id":"x","ok":true,"result":{"kind":"songs","items":\#(list)}}"#,
            #"{"ok":true,"result":{"kind":"albums","items":\#(list)},"notice":"Demo."}"#,
            #"{"ok":true,"result":{"kind":"artists","items":\#(list)}}"#,
            #"{"ok":true,"result":{"kind":"playlists","items":\#(list)}}"#,
            #"{"ok":true,"result":{"kind":"items","items":\#(list)}}"#,
            #"{"ok":true,"result":{"kind":"history","items":\#(list)}}"#,
            #"{"ok":true,"result":{"kind":"queueChanges","since":1,"version":2,"changes":[{"op":"insert","position":1,"entries":\#(list)},{"op":"remove","ids":[1,2]}],"current":null,"count":1}}"#,
        ]
    }

    /// What a field may hold instead of its right value.
    static let replacements = [
        "null", "7", "-1", "1.5", "1e300", "1e-400", "-0", "9223372036854775808", "true", #""s""#, #""\u00e9\ud83c\udfb5""#, #""\x""#,
        "[]", "{}", "[1]", #"{"a":1}"#,
    ]

    /// Every element written right, and with each field changed every way (and left out, and
    /// written twice, and under an escaped key), then as elements of the wrong kind.
    static func variants() -> [String] {
        var lines: [String] = []
        for element in [item, entry, song, album, artist, playlist, history] {
            lines += Self.lines([element, element])
            for (key, range) in fields(of: element) {
                let value = String(element[range])
                let quotedKey = "\"\(key)\":"
                for replacement in replacements {
                    var changed = element
                    changed.replaceSubrange(range, with: replacement)
                    lines += Self.lines([changed])
                }
                // Left out.
                let removed = element.replacing(quotedKey + value + ",", with: "")
                    .replacing("," + quotedKey + value, with: "")
                lines += Self.lines([removed])
                // Twice: the first one counts.
                lines += Self.lines([element.replacing(quotedKey, with: quotedKey + "null," + quotedKey)])
                // Its key written with an escape.
                let escapedKey = "\"\\u00\(String(key.utf8.first!, radix: 16))\(key.dropFirst())\":"
                lines += Self.lines([element.replacing(quotedKey, with: escapedKey)])
                lines += Self.lines([element.replacing(quotedKey, with: #""\q"# + key + "\":")])
            }
        }
        for wrong in ["null", "1", #""e""#, "[]", "[\(entry)]"] { lines += Self.lines([entry, wrong]) }
        for wrong in ["null", "1", #""e""#, "{}", #"{"0":\#(entry)}"#] {
            lines.append(#"{"ok":true,"result":{"kind":"queue","entries":\#(wrong)}}"#)
            lines.append(#"{"ok":true,"result":{"kind":"songs","items":\#(wrong)}}"#)
        }
        lines.append(#"{"event":"entryFailed","entry":\#(entry),"reason":"Gone."}"#)
        lines.append(#"{"event":"entryFailed","entry":{"id":1,"title":2,"item":{}},"reason":"Gone."}"#)
        lines.append(#"{"event":"entryFailed","entry":{"id":1,"title":"t","item":{"location":null}},"reason":"Gone."}"#)
        return lines
    }

    /// The top-level fields of a one-line object and where each value is (no nested scan needed:
    /// the values are scanned by bracket depth).
    static func fields(of object: String) -> [(String, Range<String.Index>)] {
        var out: [(String, Range<String.Index>)] = []
        var index = object.index(after: object.startIndex)
        while index < object.endIndex, object[index] == "\"" {
            let keyEnd = object[object.index(after: index)...].firstIndex(of: "\"")!
            let key = String(object[object.index(after: index)..<keyEnd])
            let valueStart = object.index(keyEnd, offsetBy: 2)
            var depth = 0
            var inString = false
            var end = valueStart
            while end < object.endIndex {
                let c = object[end]
                if inString {
                    if c == "\"" { inString = false }
                } else if c == "\"" {
                    inString = true
                } else if c == "{" || c == "[" {
                    depth += 1
                } else if c == "}" || c == "]" {
                    if depth == 0 { break }
                    depth -= 1
                } else if c == ",", depth == 0 {
                    break
                }
                end = object.index(after: end)
            }
            out.append((key, valueStart..<end))
            index = end < object.endIndex && object[end] == "," ? object.index(after: end) : object.endIndex
        }
        return out
    }

    /// The direct reader, Codable over the tree and JSONDecoder, on one line.
    private static func readers(_ line: String) -> (direct: String, codable: String, foundation: String) {
        (
            readAsText(line) { line throws(WireError) in try DaemonMessage.parseWithNotice(line) },
            readAsText(line) { line throws(WireError) in try DaemonMessage.parseWithCodable(line) },
            readAsText(line) { line throws(WireError) in try DaemonMessage.parseWithFoundationDecoder(line) }
        )
    }

    @Test func everyFieldOfEveryListReadsAsCodableReadsIt() {
        let lines = Self.variants()
        var refused = 0
        for line in lines {
            let (direct, codable, foundation) = Self.readers(line)
            #expect(direct == codable, "line: \(line)")
            #expect(direct == foundation, "line: \(line)")
            if direct.hasPrefix("error:") { refused += 1 }
        }
        // Both outcomes are compared: values read and sentences.
        #expect(lines.count > 1_000)
        #expect(refused > 100 && lines.count - refused > 100, "\(refused) of \(lines.count) refused")
    }

    /// Damaged and hostile versions of the same lines, as a broken daemon or an impostor sends them.
    @Test func damagedListsReadAsCodableReadsThem() {
        let lines = Self.variants()
        var rng = SplitMix64(seed: 1515)
        for round in 0..<3_000 {
            let line = String(decoding: FuzzMutator.damage(Array(FuzzMutator.pick(lines, &rng).utf8), &rng), as: UTF8.self)
            let (direct, codable, foundation) = Self.readers(line)
            #expect(direct == codable, "round \(round) line: \(line)")
            #expect(direct == foundation, "round \(round) line: \(line)")
        }
    }

    /// The sentences name the bad field inside the list, as the Codable reader's did.
    @Test func aBadFieldIsNamedWithItsPlaceInTheList() {
        let line = #"{"ok":true,"result":{"kind":"queue","entries":[\#(Self.entry),{"id":8,"title":"t","item":{"location":5}}]}}"#
        #expect(throws: WireError.unreadableReply(#""result.entries[1].item.location" has the wrong type"#)) {
            try DaemonMessage.parse(line)
        }
        let missing = #"{"ok":true,"result":{"kind":"songs","items":[\#(Self.song),{"id":"s2","title":"t","playable":true}]}}"#
        #expect(throws: WireError.unreadableReply(#""result.items[1].artist" is missing"#)) { try DaemonMessage.parse(missing) }
    }

    /// Every field of the well-written elements arrives (the comparisons above would agree on a
    /// field both readers dropped).
    @Test func theWrittenValuesArrive() throws {
        let queue = try DaemonMessage.parse(Self.lines([Self.entry])[0])
        let item = WireItem(
            location: "/m/a.mp3", title: "T", artist: "Ar", album: "Al", duration: 12.5, artworkUrl: "https://a.example/i/100x100bb.jpg")
        #expect(
            queue
                == .reply(
                    id: .number(1),
                    result: .success(.queue(entries: [WireEntry(id: 7, title: "Et", subtitle: "Es", item: item)], current: 7, version: 3)),
                    text: "q"))
        let songs = try DaemonMessage.parse(Self.lines([Self.song])[1])
        let song = WireSong(
            id: "s1", title: "St", artist: "Sa", artistId: "a1", album: "Sb", albumId: "b1", duration: 201.5, genre: "Jazz",
            releaseDate: "2019-11-29T12:00:00Z", explicit: "cleaned", disc: 2, track: 9, playable: false)
        #expect(songs == .reply(id: .string("x"), result: .success(.songs([song])), text: nil))
        let albums = try DaemonMessage.parse(Self.lines([Self.album])[2])
        let album = WireAlbum(
            id: "b1", title: "Bt", artist: "Ba", artistId: "a1", trackCount: 11, genre: "Pop", releaseDate: "2001-01-01T00:00:00Z",
            single: true, ep: false)
        #expect(albums == .reply(id: nil, result: .success(.albums([album])), text: nil))
        #expect(
            try DaemonMessage.parse(Self.lines([Self.artist])[3])
                == .reply(id: nil, result: .success(.artists([WireArtist(id: "a1", name: "An", genre: "Rock")])), text: nil))
        #expect(
            try DaemonMessage.parse(Self.lines([Self.playlist])[4])
                == .reply(id: nil, result: .success(.playlists([WirePlaylist(name: "Pn", itemCount: 4)])), text: nil))
        #expect(try DaemonMessage.parse(Self.lines([Self.item])[5]) == .reply(id: nil, result: .success(.items([item])), text: nil))
        guard case .reply(_, .success(.history(let history)), _) = try DaemonMessage.parse(Self.lines([Self.history])[6]) else {
            Issue.record("the history did not read as history")
            return
        }
        #expect(history.map(\.item) == [item])
        #expect(history.map(\.lastPlayed) == [1_700_000_000.5])
        #expect(history.map(\.playCount) == [3])
    }
}
