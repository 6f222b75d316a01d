import MPDProtocol
import Session
import TestSupport
import Testing

/// The small values every MPD reply and request is made of, fed what a hostile client or a
/// hostile file name would hold: reply lines that a value must never break, ACK lines, URIs that
/// climb out of the music folders or hide a NUL, argument readers given extreme numbers, and the
/// time formats given any number at all.
@Suite struct MPDValueFuzzTests {
    /// Text a tag, a file name or a client may carry: strange words, random scalars, line breaks
    /// of every kind, and now and then a long run.
    static func text(_ rng: inout SplitMix64) -> String {
        switch rng.int(8) {
        case 0: return FuzzMutator.pick(["\n", "\r", "\r\n", "\n\r", "a\r\nb", "x\n\u{301}", "\u{2028}", "\u{85}", "\u{0}"], &rng)
        case 1: return String(repeating: FuzzMutator.word(&rng, maxLength: 3), count: rng.int(rng.int(20) == 0 ? 20_000 : 200))
        case 2: return FuzzMutator.damage(FuzzMutator.word(&rng) + "\r\n" + FuzzMutator.word(&rng), &rng)
        case 3: return FuzzMutator.number(&rng)
        default:
            return (0..<rng.int(5)).map { _ in FuzzMutator.word(&rng) }.joined(separator: FuzzMutator.pick(["", " ", "\n", "\r\n"], &rng))
        }
    }

    @Test func aReplyValueNeverBreaksItsLine() {
        fuzz("mpd-response", test: "FuzzTests.MPDValueFuzzTests/aReplyValueNeverBreaksItsLine", cases: 1500) { rng in
            let keys = ["file", "Title", "Artist", "playlist", "changed", "volume"]
            var response = MPDResponse()
            var written: [String] = []
            for _ in 0..<(1 + rng.int(6)) {
                let key = FuzzMutator.pick(keys, &rng)
                let value = Self.text(&rng)
                FuzzRunner.input(value)
                response.add(key, value)
                written.append(key)
            }
            // A client splits on "\n" only; a "\r" left in a value would end the line for some.
            let lines = response.bytes.split(separator: 10, omittingEmptySubsequences: false).dropLast()
            try require(response.bytes.last == 10, "the reply does not end its last line")
            try require(lines.count == written.count, "\(written.count) pairs became \(lines.count) lines: \(excerpt(response.text))")
            for (line, key) in zip(lines, written) {
                try require(
                    line.starts(with: Array((key + ": ").utf8)), "a line starts \(excerpt(String(decoding: line, as: UTF8.self), 60))")
                try require(!line.contains(13), "a carriage return in \(excerpt(String(decoding: line, as: UTF8.self), 80))")
            }
        }
    }

    @Test func anAckIsAlwaysOneLine() {
        fuzz("mpd-ack", test: "FuzzTests.MPDValueFuzzTests/anAckIsAlwaysOneLine", cases: 1500) { rng in
            let codes: [MPDAckCode] = [.argument, .password, .permission, .unknown, .noExist, .system, .playerSync, .exist]
            let message = Self.text(&rng)
            FuzzRunner.input(message)
            var ack = MPDAck(FuzzMutator.pick(codes, &rng), message)
            ack.command = rng.int(4) == 0 ? Self.text(&rng) : FuzzMutator.pick(["play", "", "deleteid"], &rng)
            ack.index = rng.int(3) == 0 ? Int(Int64(bitPattern: rng.next())) : rng.int(10)
            let line = Array(ack.line.utf8)
            try require(!line.contains(10) && !line.contains(13), "a line break in \(excerpt(ack.line))")
            // Bytes: a combining mark in the command would join the "{" into another Character.
            try require(line.starts(with: "ACK [\(ack.code.rawValue)@\(ack.index)] {".utf8), "\(excerpt(ack.line, 80))")
        }
    }

    /// Folder names as people have them: spaces, accents written both ways, a prepended Arabic
    /// sign (which joins the `/` after it into one Character), emoji.
    static let folderNames = ["Music", "Music", "my music", "Mu\u{301}sica", "Música", "x\u{600}", "🎵", "a:b", "itunes", "http:"]

    static func namespace(_ rng: inout SplitMix64) -> MPDNamespace {
        let folders = (0..<(1 + rng.int(3))).map { _ in
            "/" + (0..<(1 + rng.int(3))).map { _ in FuzzMutator.pick(folderNames + ["home", "srv", "mnt"], &rng) }.joined(separator: "/")
        }
        return MPDNamespace(folders: folders)
    }

    /// A URI a client might send: pieces of the real tree, `..`, `.`, empty parts, NUL, a
    /// leading slash, long parts, URL and catalog forms.
    static func uri(_ namespace: MPDNamespace, _ rng: inout SplitMix64) -> String {
        let names = namespace.roots.map(\.name)
        let parts = [
            "..", ".", "", "\u{0}", "a\u{0}b", "song.mp3", "..\u{0}", "%2e%2e", "...", " ..", "~", "/", "\\..", "..\\..", "\u{301}x",
            "\u{301}", "x\u{600}",
        ]
        var pieces: [String] = []
        if rng.int(4) != 0 { pieces.append(FuzzMutator.pick(names, &rng)) }
        for _ in 0..<rng.int(5) {
            switch rng.int(6) {
            case 0: pieces.append(FuzzMutator.word(&rng))
            case 1: pieces.append(String(repeating: "a", count: rng.int(rng.int(20) == 0 ? 100_000 : 300)))
            default: pieces.append(FuzzMutator.pick(parts + names, &rng))
            }
        }
        var uri = pieces.joined(separator: "/")
        switch rng.int(10) {
        case 0: uri = "/" + uri
        case 1: uri += "/"
        case 2: uri = FuzzMutator.pick(["itunes:", "http://", "https://", "file://", "demo:"], &rng) + uri
        case 3: uri = FuzzMutator.damage(uri, &rng)
        default: break
        }
        return uri
    }

    /// Whether `path` lies inside one of the namespace's folders, as the library decides it.
    static func inside(_ path: String, _ namespace: MPDNamespace) -> Bool {
        namespace.roots.contains { path.utf8.starts(with: ($0.path + "/").utf8) || path == $0.path }
    }

    @Test func aURINeverLeavesTheMusicFolders() {
        fuzz("mpd-namespace", test: "FuzzTests.MPDValueFuzzTests/aURINeverLeavesTheMusicFolders", cases: 1500) { rng in
            let namespace = Self.namespace(&rng)
            let uri = Self.uri(namespace, &rng)
            FuzzRunner.input(uri)
            if let path = namespace.path(for: uri) {
                try require(Self.inside(path, namespace), "\(excerpt(uri)) → \(excerpt(path)), outside \(namespace.roots.map(\.path))")
                // Bytes, as the kernel reads the path: "/\u{301}" is one Character but still a "/".
                let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
                try require(!parts.contains { $0.elementsEqual("..".utf8) }, "\(excerpt(uri)) → \(excerpt(path)) climbs with ..")
                // A NUL ends the path for the C library: "Music/a\0../x" would open "Music/a".
                try require(!path.utf8.contains(0), "\(excerpt(uri)) → \(excerpt(path)) holds a NUL")
            }
            if let location = namespace.location(for: uri), namespace.path(for: uri) == nil {
                try require(!location.hasPrefix("/"), "\(excerpt(uri)) queues the file \(excerpt(location)) outside the folders")
                try require(!location.utf8.contains(0), "\(excerpt(uri)) queues \(excerpt(location)) with a NUL")
            }
        }
    }

    @Test func aSongsURIBringsBackItsPath() {
        fuzz("mpd-namespace-round-trip", test: "FuzzTests.MPDValueFuzzTests/aSongsURIBringsBackItsPath", cases: 1500) { rng in
            let namespace = Self.namespace(&rng)
            let root = FuzzMutator.pick(namespace.roots.map(\.path), &rng)
            // A file somewhere under a folder, named with anything a file name may hold.
            let names = (1...(1 + rng.int(3))).map { _ -> String in
                var name = FuzzMutator.word(&rng).filter { $0 != "/" && $0 != "\u{0}" }
                if name.isEmpty || name == "." || name == ".." { name = "f" }
                return rng.int(5) == 0 ? "\u{301}" + name : name
            }
            let path = root + "/" + names.joined(separator: "/")
            FuzzRunner.input(path)
            let uri = namespace.uri(for: path)
            // Another folder's path may hold this one (`/srv/Music` and `/srv/Music/Music`): the
            // URI must still lead back to the same file.
            try require(
                namespace.path(for: uri) == path,
                "\(excerpt(path)) → \(excerpt(uri)) → \(namespace.path(for: uri).map { excerpt($0) } ?? "nil")")
        }
    }

    @Test func argumentReadersGiveCheckedValuesOrAnArgumentAck() {
        fuzz("mpd-arguments", test: "FuzzTests.MPDValueFuzzTests/argumentReadersGiveCheckedValuesOrAnArgumentAck", cases: 5000) { rng in
            let pieces = [
                "0", "1", "-1", "+0", "+5", "-5", "1:", ":", ":5", "5:", "3:1", "0:0", "0:4294967296", "2147483647:", "2147483648", "1:2:3",
                "4294967295:4294967296", "1.5", "1e3", "0x10", "-0", "", " 1", "1 ", "oneshot", "nan", "inf", "1e309", "-1e309", "٣",
            ]
            let arguments = (0..<rng.int(4)).map { _ in
                rng.bool() ? FuzzMutator.pick(pieces, &rng) : rng.bool() ? FuzzMutator.number(&rng) : FuzzMutator.word(&rng)
            }
            FuzzRunner.input(arguments.joined(separator: " | "))
            let call = MPDCall(
                name: "fuzz", arguments: arguments, client: MPDClientState(passwordRequired: false),
                environment: MPDEnvironment(namespace: { MPDNamespace(folders: []) }, now: { 0 }, startedAt: 0),
                perform: { _ in .failure(.failed("Nothing is performed here.")) })
            let index = rng.int(5)
            func expectArgumentAck(_ error: MPDAck, _ reader: String) throws {
                try require(error.code == .argument, "\(reader)(\(index)) of \(arguments) threw code \(error.code)")
                try require(!error.message.isEmpty, "\(reader)(\(index)) of \(arguments) threw no sentence")
            }
            let bound = rng.bool() ? Int(Int32.max) : rng.int(1000)
            switch outcome({ () throws(MPDAck) in try call.unsigned(index, max: bound) }) {
            case .success(let value):
                try require((0...bound).contains(value), "unsigned(\(index), max: \(bound)) of \(arguments) = \(value)")
            case .failure(let error): try expectArgumentAck(error, "unsigned")
            }
            let range = rng.bool() ? Int(Int32.min)...Int(Int32.max) : -100...100
            switch outcome({ () throws(MPDAck) in try call.integer(index, in: range) }) {
            case .success(let value): try require(range.contains(value), "integer(\(index)) of \(arguments) = \(value) outside \(range)")
            case .failure(let error): try expectArgumentAck(error, "integer")
            }
            let signed = rng.bool()
            switch outcome({ () throws(MPDAck) in try call.seconds(index, signed: signed) }) {
            case .success(let value):
                try require(value.isFinite && (signed || value >= 0), "seconds(\(index), signed: \(signed)) of \(arguments) = \(value)")
            case .failure(let error): try expectArgumentAck(error, "seconds")
            }
            switch outcome({ () throws(MPDAck) in try call.range(index) }) {
            case .success(let value):
                try require(
                    (0...Int(Int32.max)).contains(value.lowerBound), "range(\(index)) of \(arguments) starts at \(value.lowerBound)")
                if let upper = value.upperBound {
                    try require(upper >= value.lowerBound && upper <= Int(Int32.max) + 1, "range(\(index)) of \(arguments) = \(value)")
                }
            case .failure(let error): try expectArgumentAck(error, "range")
            }
            if case .failure(let error) = outcome({ () throws(MPDAck) in try call.boolean(index) }) {
                try expectArgumentAck(error, "boolean")
            }
            if case .failure(let error) = outcome({ () throws(MPDAck) in try call.expectArguments(0...rng.int(4)) }) {
                try expectArgumentAck(error, "expectArguments")
            }
        }
    }

    /// What a reader did: its value or its ACK.
    private func outcome<T>(_ body: () throws(MPDAck) -> T) -> Result<T, MPDAck> {
        do throws(MPDAck) {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }

    @Test func timesAreWrittenForAnyNumber() {
        fuzz("mpd-time", test: "FuzzTests.MPDValueFuzzTests/timesAreWrittenForAnyNumber", cases: 5000) { rng in
            let extremes: [Int64] = [.min, .max, .min + 1, -1, 0, 253_402_300_799, 253_402_300_800, -62_135_596_800, -62_135_596_801]
            let stamp = rng.bool() ? FuzzMutator.pick(extremes, &rng) : Int64(bitPattern: rng.next()) >> rng.int(64)
            FuzzRunner.input(String(stamp))
            let text = MPDTime.iso8601(stamp)
            // Year, month, day, time: what clients parse with strptime.
            let shape = text.utf8.count == 20 && text.hasSuffix("Z") && Array(text.utf8)[10] == UInt8(ascii: "T")
            try require(shape, "iso8601(\(stamp)) = \(excerpt(text))")
            let seconds = Double(FuzzMutator.number(&rng)) ?? Double(bitPattern: rng.next())
            let written = MPDTime.seconds(seconds)
            let parts = written.split(separator: ".", omittingEmptySubsequences: false)
            try require(
                parts.count == 2 && parts[1].count == 3
                    && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) },
                "seconds(\(seconds)) = \(excerpt(written))")
        }
    }
}

/// The cases the fuzzers above found, kept as plain examples.
@Suite struct MPDValueRegressionTests {
    @Test func aClimbHiddenBehindACombiningMarkOrANulIsRefused() {
        let namespace = MPDNamespace(folders: ["/srv/Music"])
        // "/\u{301}" is one Character: split by Characters, "../\u{301}x" was one harmless part.
        #expect(namespace.path(for: "Music/../\u{301}x") == nil)
        #expect(namespace.path(for: "Music/a\u{0}/../b") == nil)
        #expect(namespace.path(for: "Music/\u{301}x") == "/srv/Music/\u{301}x")
    }

    @Test func aFolderEndingInAPrependedMarkKeepsItsSlash() {
        let namespace = MPDNamespace(folders: ["/srv/x\u{600}/home", "/srv/x\u{600}"])
        #expect(namespace.roots.map(\.name) == ["home", "x\u{600}"])
        #expect(namespace.uri(for: "/srv/x\u{600}/a.mp3") == "x\u{600}/a.mp3")
        #expect(namespace.path(for: "x\u{600}/a.mp3") == "/srv/x\u{600}/a.mp3")
    }

    @Test func aCarriageReturnLineFeedInAnAckIsNoLineBreak() {
        #expect(MPDAck(.system, "a\r\nforged: 1").line == "ACK [52@0] {} a  forged: 1")
    }

    @Test func anyFileTimeIsWritten() {
        #expect(MPDTime.iso8601(.min) == "1970-01-01T00:00:00Z")
        #expect(MPDTime.iso8601(.max) == "9999-12-31T23:59:59Z")
    }
}
