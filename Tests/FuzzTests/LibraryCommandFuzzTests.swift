import Session
import TestSupport
import Testing

/// The library's command lines (`folder`, `rescan`, `stats`, `find`, `library`), as typed in
/// `segue ctl`, the UI's `:` line and the protocol's `command`: options in any order, repeated,
/// with `=`, huge and negative offsets, sort keys in any case, local ids near their limits,
/// paths with spaces and quotes. Every line parses to a command or a sentence; a command's
/// `text` reads back as the same command, also after its folder is made absolute as
/// `segue ctl` does.
@Suite struct LibraryCommandFuzzTests {
    static let starts = [
        "folder", "folder add", "folder remove", "folder list", "FOLDER Add", "rescan", "update", "stats", "find", "FIND",
        "library", "lib", "library songs", "library albums", "library artists", "library folders", "library album",
        "library artist", "library folder", "LIB SONGS",
    ]

    static let pieces = [
        "--sort", "--from", "--SORT", "--from=", "--sort=", "--sort=year", "--from=0", "--from=2000", "--page", "-", "--",
        "title", "artist", "album", "year", "added", "length", "YEAR", "bpm", "0", "1", "2000", "999999999", "1000000000",
        "-1", "1.5", "99999999999999999999", "local:album:1", "local:artist:7", "LOCAL:ALBUM:007", "local:album:0",
        "local:album:9223372036854775807", "local:album:9223372036854775808", "local:album:", "local::1", "local:song:1",
        "1440857781", "/music", "~/Music", "\"/music/My Albums\"", "'/a b'", "/m/夜に駆ける", "\"\"", "\\", "\"", "'",
        "daft", "punk", "夜", "🎧", "a*", "\"x", "NEAR(", "OR", "-x", ":", "^", "\u{301}", "\u{0}",
    ]

    static let options = ["--sort", "--from", "--SORT", "--From", "--page"]
    static let values = [
        "title", "artist", "album", "year", "added", "length", "Year", "0", "1", "2", "2000", "999999999", "1000000000", "-1", "",
    ]

    static func line(_ rng: inout SplitMix64) -> String {
        var words = [FuzzMutator.pick(starts, &rng)]
        for _ in 0..<rng.int(6) {
            switch rng.int(8) {
            case 0: words.append(FuzzMutator.number(&rng))
            case 1: words.append(FuzzMutator.word(&rng))
            case 2, 3, 4:
                // An option and its value, apart or joined by `=`.
                let option = FuzzMutator.pick(options, &rng)
                let value = rng.bool() ? FuzzMutator.pick(values, &rng) : FuzzMutator.number(&rng)
                words += rng.int(3) == 0 ? [option + "=" + value] : [option, value]
            default: words.append(FuzzMutator.pick(pieces, &rng))
            }
        }
        return FuzzMutator.commandLine(words, &rng)
    }

    @Test func parseAndPrintBack() {
        fuzz("library-command-syntax", test: "FuzzTests.LibraryCommandFuzzTests/parseAndPrintBack", cases: 5000) { rng in
            let line = Self.line(&rng)
            FuzzRunner.input(line)
            let command: Command
            do {
                command = try Command.parse(line)
            } catch let error as CommandError {
                try require(!error.description.isEmpty, "an empty sentence for \(excerpt(line))")
                return
            }
            for text in [command.text, command.rewritingFiles(item: { $0 }, path: { "/home/ana/" + $0 }).text] {
                do {
                    let again = try Command.parse(text)
                    try require(again.text == text, "\(excerpt(text)) prints back as \(excerpt(again.text))")
                    if text == command.text {
                        try require(again == command, "\(excerpt(line)) → \(excerpt(text)) reads back as \(again), not \(command)")
                    }
                } catch let error as CommandError {
                    throw FuzzRunner.Failure("\(excerpt(line)) → \(excerpt(text)) does not read back: \(error)")
                }
            }
            if case .library(.songs(_, let offset)) = command {
                try require((0...999_999_999).contains(offset), "\(excerpt(line)) read an offset of \(offset)")
            }
        }
    }
}
