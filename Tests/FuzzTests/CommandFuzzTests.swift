import Checked
import Session
import TestSupport
import Testing
import WireProtocol

/// The command line syntax, as typed in `segue ctl`, the UI's `:` line and the protocol's
/// `command`: random verbs and words, quotes, huge numbers, ranges, ids and Unicode. Every line
/// parses to a command or a sentence; a command's `text` reads back as the same command; and a
/// session carries it out (or refuses with a sentence) without trapping, hanging or allocating
/// by an outside number.
@Suite struct CommandFuzzTests {
    static let verbs = CommandVerb.all.flatMap { [$0.name] + $0.aliases } + ["PLAY", "Vol", "frob", ""]

    static let pieces = [
        "1", "2", "3", "5", "0", "-1", "1-3", "2-2", "3-1", "1-999999999", "999999999", "1000000000", "1-", "-", "1--2", "#1", "#ids",
        "1:23", "1:02:03", "99999:59:59.999", "59.9999", "+10", "-10", "+1:00:00", "50%", "100%", "100.001%", "0.5", "30", "30.001",
        "p", "q", "\"p\"", "\"a b\"", "'x'", "\"\\\"\"", "\"unterminated", "\\", "list", "show", "create", "rename", "delete", "add",
        "remove", "move", "play", "import", "export", "songs", "albums", "artists", "on", "off", "one", "all", "none", "clear",
        "itunes:9000000101", "9000000101", "9000000001", "1441458049", "us", "gb", "zz", "/m/a b.mp3", "http://127.0.0.1:1/x.m4a",
        // workout and tempo
        "start", "pause", "resume", "end", "status", "cadence", "history", "running", "cycling", "walking", "hiit", "other", "RUNNING",
        "--cadence", "--minutes", "--cadence=170", "--minutes=30", "--MINUTES=", "--pace", "29", "170", "250", "251", "1440", "1441", "+5",
        "-100", "+101", "+0", "playlist:Run", "\"playlist:Long Run\"",
    ]

    /// Lines that start as a workout command more often than a random verb would.
    static let workoutStarts = ["workout", "workout start", "workout cadence", "workout start running", "tempo", "bpm"]

    static func line(_ rng: inout SplitMix64) -> String {
        var words = [rng.int(4) == 0 ? FuzzMutator.pick(workoutStarts, &rng) : FuzzMutator.pick(verbs, &rng)]
        for _ in 0..<rng.int(6) {
            switch rng.int(8) {
            case 0: words.append(FuzzMutator.number(&rng))
            case 1: words.append(FuzzMutator.word(&rng))
            case 2:
                words.append(
                    "\(1 + rng.int(9))-\(FuzzMutator.pick(["999999999", "2147483648", "9223372036854775807", "99999999999999999999"], &rng))"
                )
            default: words.append(FuzzMutator.pick(pieces, &rng))
            }
        }
        return FuzzMutator.commandLine(words, &rng)
    }

    @Test func parseAndPrintBack() {
        fuzz("command-syntax", test: "FuzzTests.CommandFuzzTests/parseAndPrintBack", cases: 5000) { rng in
            let line = Self.line(&rng)
            FuzzRunner.input(line)
            let command: Command
            do {
                command = try Command.parse(line)
            } catch let error as CommandError {
                try require(!error.description.isEmpty, "an empty sentence for \(excerpt(line))")
                return
            }
            let text = command.text
            do {
                let again = try Command.parse(text)
                try require(again == command, "\(excerpt(line)) → \(excerpt(text)) reads back as \(again), not \(command)")
                try require(again.text == text, "\(excerpt(text)) prints back as \(excerpt(again.text))")
            } catch let error as CommandError {
                throw FuzzRunner.Failure("\(excerpt(line)) → \(excerpt(text)) does not read back: \(error)")
            }
        }
    }

    @Test func sessionCarriesOutFuzzedLines() throws {
        // The session is made in the child only: the parent just watches.
        let rig = FuzzRunner.isChild ? try SessionRig() : nil
        fuzz("command-session", test: "FuzzTests.CommandFuzzTests/sessionCarriesOutFuzzedLines", cases: 1500) { rng in
            guard let rig else { throw FuzzRunner.Failure("no session") }
            rig.reset()
            for _ in 0..<(1 + rng.int(3)) {
                var line = Self.line(&rng)
                // The demo catalog's search can take seconds a term (it is fuzzed on its own):
                // catalog commands stay in one case in eight, and have their own time limit.
                let asksCatalog = (try? Command.parse(line))?.asksTheCatalog ?? CommandVerb.of(line: line)?.asksTheCatalog ?? false
                if asksCatalog, rng.int(8) != 0 { line = "status" }
                // Files only inside the case's folder: reading /dev/zero is the file reader's business.
                if line.lowercased().contains("import") || line.lowercased().contains("export") {
                    line =
                        "playlist \(rng.bool() ? "import" : "export") \(rng.bool() ? "p" : rig.folder + "/list.m3u") \(rig.folder)/out.m3u"
                }
                FuzzRunner.input(line)
                let started = FuzzRunner.seconds()
                let outcome = rig.session.perform(line: line)
                // The daemon answers every command at once; a slow one blocks every client.
                try require(
                    FuzzRunner.seconds() - started < FuzzRunner.slowCommandSeconds * (asksCatalog ? 5 : 1),
                    "\(excerpt(line)) took \(FuzzRunner.seconds() - started) s")
                switch outcome {
                case .success(let result):
                    _ = ResultText.render(result, width: 80)
                    _ = WireReply.success(id: .number(1), result: result)
                case .failure(let error):
                    try require(!error.description.isEmpty, "an empty sentence for \(excerpt(line))")
                }
                _ = WireEncoding.snapshot(rig.session.snapshot).rendered
                _ = rig.session.snapshot.text
            }
        }
    }
}
