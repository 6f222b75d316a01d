import Checked
import TUI
import Terminal
import TestSupport
import Testing

/// The UI's config file: `bind.KEY = action|:command|none`, `colors`, `seek-step`,
/// `volume-step`, comments, with key names, numbers and words at their extremes. Every text
/// gives a config within its ranges and a sentence per line it could not use; every key name
/// that reads prints back (in the help) as a name that reads as the same key; the UI starts with
/// the config and draws its help page.
@Suite struct ConfigFuzzTests {
    static let keyNames = [
        "j", "G", "?", "#", "=", " ", "space", "enter", "return", "esc", "tab", "shift-tab", "backtab", "backspace", "bs", "delete", "del",
        "insert", "up", "down", "pgup", "pgdn", "page-down", "home", "end", "f1", "f12", "f0", "f13", "f99999999999999999999", "f-1",
        "ctrl-d", "CTRL-D", "c-x", "^a", "ctrl-i", "ctrl-m", "ctrl-h", "ctrl-1", "ctrl-é", "ctrl-", "é", "日", "🎵", "e\u{301}", "\u{0}",
        "\u{1B}", "ctrl-dd",
    ]
    static let values = [
        "next", "down", "page-down", "view-search", "quit", "none", "NONE", ":seek +30", ":", ": ", ":playlist remove p 1-999999999",
        ":volume 1e300", "nonsense", "",
    ]

    static func configText(_ rng: inout SplitMix64) -> String {
        var lines: [String] = []
        for _ in 0..<rng.int(12) {
            let comment = rng.int(5) == 0 ? " # " + FuzzMutator.word(&rng) : ""
            switch rng.int(7) {
            case 0, 1:
                let name = rng.int(4) == 0 ? FuzzMutator.word(&rng) : FuzzMutator.pick(keyNames, &rng)
                let value = rng.int(4) == 0 ? FuzzMutator.word(&rng) : FuzzMutator.pick(values, &rng)
                lines.append("bind.\(name) = \(value)\(comment)")
            case 2:
                lines.append(
                    "\(FuzzMutator.pick(["colors", "colours", "COLORS"], &rng)) = \(FuzzMutator.pick(["auto", "never", "on", "off", "1", ""], &rng))"
                )
            case 3: lines.append("seek-step = \(FuzzMutator.number(&rng))\(comment)")
            case 4: lines.append("volume-step = \(FuzzMutator.number(&rng))")
            case 5: lines.append("# " + FuzzMutator.word(&rng))
            default: lines.append(FuzzMutator.word(&rng, maxLength: 30))
            }
        }
        var text = lines.joined(separator: FuzzMutator.pick(["\n", "\r\n", "\n\n"], &rng))
        if rng.int(6) == 0 { text = FuzzMutator.damage(text, &rng) }
        return text
    }

    @Test func configFiles() {
        fuzz("tui-config", test: "FuzzTests.ConfigFuzzTests/configFiles", cases: 2000) { rng in
            let text = Self.configText(&rng)
            FuzzRunner.input(text)
            let file = ConfigFile(parsing: text)
            let (config, sectionProblems) = TUIConfig.parse(file)
            let problems = file.problems + sectionProblems
            try require((1...600).contains(config.seekStep), "seek-step \(config.seekStep) from \(excerpt(text))")
            try require((1...100).contains(config.volumeStep), "volume-step \(config.volumeStep) from \(excerpt(text))")
            let lineCount = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count
            try require(problems.count <= lineCount, "\(problems.count) problems for \(lineCount) lines")
            try require(problems.allSatisfy { !$0.isEmpty }, "an empty sentence from \(excerpt(text))")
            var model = TUIModel(config: config)
            model.resize(rows: FuzzMutator.pick([1, 5, 24, 80], &rng), columns: FuzzMutator.pick([1, 20, 80, 250], &rng))
            _ = model.start()
            // The help page lists every binding by its key's name.
            _ = model.handle(.key(.character("?")), now: 1)
            _ = model.handle(.key(FuzzMutator.pick([.down, .pageDown, .end], &rng)), now: 1)
            _ = Screen().render(model, now: 1)
        }
    }

    @Test func keyNames() {
        fuzz("tui-key-names", test: "FuzzTests.ConfigFuzzTests/keyNames", cases: 5000) { rng in
            var name = rng.bool() ? FuzzMutator.pick(Self.keyNames, &rng) : FuzzMutator.word(&rng, maxLength: 4)
            if rng.int(4) == 0 { name = FuzzMutator.pick(["ctrl-", "c-", "^", "f", "shift-", ""], &rng) + name }
            FuzzRunner.input(name)
            guard let key = KeyName.key(name) else { return }
            let shown = KeyName.name(key)
            try require(
                KeyName.key(shown) == key,
                "\(excerpt(name)) is \(key), shown as \(excerpt(shown)), which reads as \(String(describing: KeyName.key(shown)))")
        }
    }
}
