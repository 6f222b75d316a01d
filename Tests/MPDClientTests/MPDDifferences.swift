/// Where Segue's MPD answers may differ from Debian's `mpd` 0.23.12 on the same music, and why.
/// The differential tests accept exactly these and nothing else; docs/mpd.md ("Differences from
/// MPD") lists the same entries for users. Each entry is a promise about what clients can rely
/// on, so keep the list short and every reason true.
enum MPDDifferences {
    /// Keys that one server may send and the other not.
    static let keysMayBeMissing: [String: String] = [
        "partition": "Segue has one player, no partitions.",
        "mixrampdb": "Segue has no MixRamp.",
        "mixrampdelay": "Segue has no MixRamp.",
        "Format": "Segue reports the format only where it knows it without decoding.",
        "Last-Modified": "Segue reports a file's modification time where its library has it.",
        "bitrate": "Segue does not report the bit rate of the frame being heard.",
        "audio": "Segue does not report the output format.",
        "Composer": "Segue reads fewer tags than MPD (MPDTag lists the ones it sends).",
        "Performer": "as Composer",
        "Comment": "as Composer",
        "Label": "as Composer",
        "OriginalDate": "as Composer",
        "ArtistSort": "as Composer",
        "AlbumArtistSort": "as Composer",
        "AlbumSort": "as Composer",
        "TitleSort": "as Composer",
        "Grouping": "as Composer",
        "Work": "as Composer",
        "Conductor": "as Composer",
        "Movement": "as Composer",
        "MovementNumber": "as Composer",
        "Location": "as Composer",
        "Ensemble": "as Composer",
        "MUSICBRAINZ_ARTISTID": "as Composer",
        "MUSICBRAINZ_ALBUMID": "as Composer",
        "MUSICBRAINZ_ALBUMARTISTID": "as Composer",
        "MUSICBRAINZ_TRACKID": "as Composer",
        "MUSICBRAINZ_RELEASETRACKID": "as Composer",
        "MUSICBRAINZ_WORKID": "as Composer",
        "attribute": "Segue's output has no plugin attributes.",
    ]

    /// Keys Segue may send where mpd sends none (but when both send one, they must agree).
    static let segueMayAdd: [String: String] = [
        "Title": "Segue always sends a title (the file's name without its extension when it has no title tag), as its own views show it."
    ]

    /// Keys where Segue's value may be the start of mpd's: Segue's library keeps the year of a
    /// date (`2020` for `2020-06-01`).
    static let prefixes: [String: String] = ["Date": "Segue's library keeps a date's year."]

    /// Commands answering with queue entries or stored playlist entries, whose song blocks
    /// carry Artist, Album and Title but may lack the library's other tags (docs/mpd.md, The
    /// queue).
    static let queueVerbs: Set<String> = [
        "playlistinfo", "playlistid", "plchanges", "currentsong", "listplaylistinfo", "playlistfind", "playlistsearch",
    ]
    static let queueTagsMayBeMissing: Set<String> = ["AlbumArtist", "Genre", "Date", "Track", "Disc", "Name"]

    /// Keys both send whose values may differ.
    static let valuesMayDiffer: [String: String] = [
        "elapsed": "Playback position: the two players started at different moments.",
        "time": "As elapsed (and total length rounded from each decoder's length).",
        "playlist": "The queue version: each server counts its own changes; clients only compare it with itself.",
        "uptime": "Seconds since each daemon started.",
        "playtime": "Seconds each daemon has played.",
        "db_update": "When each server last scanned.",
        "outputname": "Segue names its output after the configured device.",
        "plugin": "Segue's output and decoder plugins are its own.",
        "updating_db": "Each server numbers its own update jobs.",
        "artists": "Segue's stats count artists and album artists together (docs/mpd.md, the library part).",
    ]

    /// Keys whose numeric values may differ by up to the tolerance (decoders disagree on
    /// lengths by a frame or so: MPD counts an MP3's encoder padding, Segue drops it).
    static let approximate: [String: Double] = [
        "duration": 0.1,
        "Time": 1,
        "db_playtime": 2,
    ]

    /// Keys holding queue ids: each server numbers entries its own way, so the values may
    /// differ, but one server's id must always stand for the same entry as the other's.
    static let idKeys: Set<String> = ["Id", "songid", "nextsongid"]

    /// Commands whose replies are not compared (only that both succeed or both fail), and why.
    static let repliesNotCompared: [String: String] = [
        "commands": "Segue implements a subset: its list is checked by the client tests instead.",
        "notcommands": "As commands.",
        "decoders": "Segue decodes through its own decoders; the formats it plays are listed.",
        "tagtypes": "Segue sends fewer tags (MPDTag).",
        "urlhandlers": "Segue handles http://, https:// and itunes:.",
        "outputs": "One output, named after the configured device.",
    ]

    /// Commands whose records may come in another order (compared as sets): mpd lists a
    /// folder's songs, and the matches of a search, in its database's order, which is the order
    /// the filesystem returned them in; Segue sorts by path.
    static let unordered: Set<String> = ["lsinfo", "listall", "listallinfo", "find", "search"]

    /// ACKs must agree on the error code, the list index and the command; the sentence after
    /// them may differ (clients read the code).
    static let ackMessagesMayDiffer = "Clients parse the code; the sentences are Segue's own."
}

/// Compares the replies of two servers to the same transcript under `MPDDifferences`.
struct MPDComparison {
    /// What differs beyond the accepted differences, one sentence each.
    private(set) var problems: [String] = []
    /// Ids of the first server's queue entries → the second's.
    private var ids: [String: String] = [:]
    private var reverseIDs: [String: String] = [:]

    init(reference: [MPDTranscript.Exchange], candidate: [MPDTranscript.Exchange]) {
        guard reference.count == candidate.count else {
            problems.append("mpd answered \(reference.count) commands, segue \(candidate.count)")
            return
        }
        for (expected, got) in zip(reference, candidate) { compare(expected, got) }
    }

    private mutating func compare(_ expected: MPDTranscript.Exchange, _ got: MPDTranscript.Exchange) {
        let command = expected.command
        let verb = command.split(separator: " ").first.map(String.init) ?? ""
        if let expectedAck = expected.reply.ack {
            guard let gotAck = got.reply.ack else {
                problems.append("`\(command)`: mpd failed with \(expectedAck), segue succeeded with:\n\(got.reply)")
                return
            }
            if Self.ackHead(expectedAck) != Self.ackHead(gotAck) {
                problems.append("`\(command)`: mpd said \(expectedAck), segue said \(gotAck)")
            }
            return
        }
        if let gotAck = got.reply.ack {
            problems.append("`\(command)`: mpd succeeded, segue failed with \(gotAck)")
            return
        }
        if MPDDifferences.repliesNotCompared[verb] != nil { return }
        if got.reply.binary != expected.reply.binary {
            problems.append("`\(command)`: binary data differs (\(expected.reply.binary.count) vs \(got.reply.binary.count) bytes)")
        }
        let expectedRecords = Self.records(expected.reply, verb: verb)
        let gotRecords = Self.records(got.reply, verb: verb)
        guard expectedRecords.count == gotRecords.count else {
            problems.append(
                "`\(command)`: mpd answered \(expectedRecords.count) records, segue \(gotRecords.count):\n"
                    + "mpd:\n\(expected.reply)\nsegue:\n\(got.reply)")
            return
        }
        let ordered = !MPDDifferences.unordered.contains(verb)
        let expectedSorted = ordered ? expectedRecords : Self.sorted(expectedRecords)
        let gotSorted = ordered ? gotRecords : Self.sorted(gotRecords)
        for (index, (mine, theirs)) in zip(expectedSorted, gotSorted).enumerated() {
            compare(record: mine, with: theirs, what: "`\(command)` record \(index + 1)", queue: Self.answersWithQueue(command))
        }
    }

    /// Records in the order of their first line (`file: …`, `directory: …`).
    private static func sorted(_ records: [[(key: String, value: String)]]) -> [[(key: String, value: String)]] {
        records.sorted { a, b in
            let x = a.first.map { "\($0.key): \($0.value)" } ?? ""
            let y = b.first.map { "\($0.key): \($0.value)" } ?? ""
            return x.utf8.lexicographicallyPrecedes(y.utf8)
        }
    }

    /// `ACK [2@0] {play}` of an ACK line.
    private static func ackHead(_ line: String) -> String {
        guard let close = line.firstIndex(of: "}") else { return line }
        return String(line[...close])
    }

    /// A reply cut into records: a new one at each `list_OK` and at each key that starts an
    /// entity (a song, a folder, a stored playlist, an output, a position pair).
    private static func records(_ reply: MPDWire.Reply, verb: String) -> [[(key: String, value: String)]] {
        var starts: Set<String> = ["file", "directory", "outputid", "cpos"]
        if verb == "listplaylists" || verb == "lsinfo" { starts.insert("playlist") }
        var records: [[(key: String, value: String)]] = []
        var current: [(key: String, value: String)] = []
        for line in reply.lines {
            if line == "list_OK" {
                records.append(current + [("list_OK", "")])
                current = []
                continue
            }
            guard let range = line.firstRange(of: ": ") else { continue }
            let pair = (key: String(line[..<range.lowerBound]), value: String(line[range.upperBound...]))
            if starts.contains(pair.key), !current.isEmpty, current.contains(where: { starts.contains($0.key) }) {
                records.append(current)
                current = []
            }
            current.append(pair)
        }
        if !current.isEmpty { records.append(current) }
        return records
    }

    /// Whether `command` (or a command of a list) answers with queue or stored playlist entries.
    private static func answersWithQueue(_ command: String) -> Bool {
        command.split(separator: "|").contains { part in
            MPDDifferences.queueVerbs.contains(part.split(separator: " ").first.map(String.init) ?? "")
        }
    }

    private mutating func compare(
        record expected: [(key: String, value: String)], with got: [(key: String, value: String)], what: String, queue: Bool
    ) {
        let keys = (expected.map(\.key) + got.map(\.key)).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for key in keys {
            if MPDDifferences.keysMayBeMissing[key] != nil { continue }
            let mine = expected.filter { $0.key == key }.map(\.value)
            let theirs = got.filter { $0.key == key }.map(\.value)
            if mine.isEmpty, MPDDifferences.segueMayAdd[key] != nil { continue }
            if theirs.isEmpty, queue, MPDDifferences.queueTagsMayBeMissing.contains(key) { continue }
            if mine.isEmpty || theirs.isEmpty {
                let who = mine.isEmpty ? "segue sent" : "segue lacks"
                problems.append("\(what): \(who) `\(key): \((mine + theirs).joined(separator: ", "))`")
                continue
            }
            if MPDDifferences.valuesMayDiffer[key] != nil { continue }
            guard mine.count == theirs.count else {
                problems.append("\(what): `\(key)` mpd \(mine), segue \(theirs)")
                continue
            }
            for (a, b) in zip(mine, theirs) where a != b || MPDDifferences.idKeys.contains(key) {
                if MPDDifferences.prefixes[key] != nil, !b.isEmpty, a.hasPrefix(b) { continue }
                if let tolerance = MPDDifferences.approximate[key], let x = Double(a), let y = Double(b) {
                    if abs(x - y) > tolerance { problems.append("\(what): `\(key)` mpd \(a), segue \(b) (more than \(tolerance) apart)") }
                } else if MPDDifferences.idKeys.contains(key) {
                    matchID(a, b, what: what)
                } else {
                    problems.append("\(what): `\(key)` mpd “\(a)”, segue “\(b)”")
                }
            }
        }
    }

    /// Records that mpd's id `a` is segue's id `b`, or a problem when either already meant another.
    private mutating func matchID(_ a: String, _ b: String, what: String) {
        if let known = ids[a], known != b {
            problems.append("\(what): mpd's entry \(a) was segue's \(known) before, now \(b)")
        } else if let known = reverseIDs[b], known != a {
            problems.append("\(what): segue's entry \(b) was mpd's \(known) before, now \(a)")
        } else {
            ids[a] = b
            reverseIDs[b] = a
        }
    }
}
