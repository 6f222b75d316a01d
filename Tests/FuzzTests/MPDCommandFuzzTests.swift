import MPDProtocol
import Session
import TestSupport
import Testing

/// Every command of `MPDCommandTable` run on a real session with arguments an attacker would
/// send: numbers at every extreme in every position (`play 9223372036854775808`, `seek 0 1e309`,
/// `delete 0:4294967296`, `addid x +99999999999`), URIs that climb out, hold a NUL or run to
/// hundreds of kilobytes, filters nested a hundred thousand deep, binary offsets past the end.
/// Each call ends in a reply or one ACK line, quickly, without trapping or allocating by an
/// outside number; and the session answers `status` afterwards.
@Suite struct MPDCommandFuzzTests {
    /// Arguments for any command: extreme numbers, positions, ranges, relative positions, times,
    /// booleans and modes, tags and filters, URIs.
    static func argument(_ rng: inout SplitMix64, folder: String) -> String {
        let small = [
            "0", "1", "2", "4", "-1", "+0", "+1", "-0", "+9999999999", "-9999999999", "0:", "1:3", "3:1", "0:2147483648",
            "2147483647:", "4294967295:4294967296", ":", "1:2:3", "0.5", "1.5", "-1.5", "+1e309", "-1e309", "on", "off", "oneshot",
            "Artist", "AlbumArtist", "Album", "Title", "any", "file", "base", "modified-since", "group", "window", "sort", "position",
            "(Artist == \"Band\")", "(Album contains \"Night\")", "(!(any =~ \"x\"))", "((Artist == 'a') AND (Title != \"b\"))",
            "(Artist == \"unterminated)", "(", ")", "\\", "\"", "p", "q", "Night", "Band", "itunes:1", "itunes:99999999999999999999",
            "http://127.0.0.1:1/a.mp3", "https://", "music", "music/", "music/a.mp3", "music/../..", "music/../\u{301}x", "music/a\u{0}b",
            "/etc/passwd", folder, folder + "/../../etc/passwd", "..", ".", "", " ", "\u{0}",
        ]
        switch rng.int(12) {
        case 0: return FuzzMutator.number(&rng)
        case 1: return FuzzMutator.word(&rng)
        case 2: return FuzzMutator.pick(["", "+", "-"], &rng) + FuzzMutator.number(&rng)
        case 3: return FuzzMutator.number(&rng) + ":" + FuzzMutator.number(&rng)
        case 4:
            // Deep nesting: a filter parser that recurses per parenthesis runs out of stack.
            let depth = rng.int(100_000)
            return String(repeating: FuzzMutator.pick(["(", "(!", "(Artist == \"x\" AND "], &rng), count: depth)
                + String(repeating: ")", count: rng.int(depth + 1))
        case 5: return String(repeating: FuzzMutator.pick(["a", "é", "/", "../", "\\\"", "%"], &rng), count: rng.int(300_000))
        default: return FuzzMutator.pick(small, &rng)
        }
    }

    @Test func everyCommandSurvivesHostileArguments() throws {
        // The session is made in the child only: the parent just watches.
        let rig = FuzzRunner.isChild ? try SessionRig() : nil
        fuzz("mpd-commands", test: "FuzzTests.MPDCommandFuzzTests/everyCommandSurvivesHostileArguments", cases: 1500) { rng in
            guard let rig else { throw FuzzRunner.Failure("no session") }
            let names = MPDCommandTable.names
            try require(!names.isEmpty, "the command table is empty")
            rig.reset()
            let session = rig.session
            let environment = MPDEnvironment(
                namespace: { MPDNamespace(folders: [rig.folder + "/music"]) }, now: { 1_700_000_100 }, startedAt: 1_700_000_000,
                isLocal: rng.bool())
            var client = MPDClientState(passwordRequired: false)
            for _ in 0..<(1 + rng.int(3)) {
                let name = FuzzMutator.pick(names, &rng)
                let arguments = (0..<rng.int(5)).map { _ in Self.argument(&rng, folder: rig.folder) }
                let shown = ([name] + arguments).map { excerpt($0, 80) }.joined(separator: " ")
                FuzzRunner.input(([name] + arguments).joined(separator: " "))
                guard let spec = MPDCommandTable.byName[name] else { throw FuzzRunner.Failure("\(name) is listed but not in the table") }
                var call = MPDCall(
                    name: name, arguments: arguments, client: client, environment: environment, perform: { session.perform($0) })
                let started = FuzzRunner.seconds()
                let ran: Result<Void, MPDAck>
                do throws(MPDAck) {
                    try spec.run(&call)
                    ran = .success(())
                } catch {
                    ran = .failure(error)
                }
                switch ran {
                case .success:
                    client = call.client
                    // The largest reply a command may build at once: the 8 MiB a client may have
                    // waiting, a binary chunk aside (a listallinfo of the whole library is paged).
                    try require(call.response.count <= 8 << 20, "\(shown) built a reply of \(call.response.count) bytes")
                    try require(
                        call.response.count == 0 || call.response.bytes.last == 10,
                        "\(shown) left its last line open: \(excerpt(call.response.text))")
                case .failure(var ack):
                    ack.command = name
                    try require(!ack.message.isEmpty, "\(shown) failed without a sentence")
                    try require(!ack.line.utf8.contains(10), "\(shown) answered a broken ACK: \(excerpt(ack.line))")
                }
                try require(
                    FuzzRunner.seconds() - started < FuzzRunner.slowCommandSeconds, "\(shown) took \(FuzzRunner.seconds() - started) s")
                try require(client.binaryLimit >= 64 && client.binaryLimit <= 1 << 20, "\(shown) set binarylimit \(client.binaryLimit)")
            }
            // Whatever came before, the session still answers.
            guard case .success(.done) = session.perform(.status) else {
                throw FuzzRunner.Failure("the session no longer answers status")
            }
        }
    }
}
