import Audio
import Checked

/// The daemon's own keys of the config file (docs/config.md): where the sound goes, the
/// catalog's storefront, language and explicit filter, the crossfade and the listening history
/// at start. A key left out (or unusable, with a sentence) is nil: the flag or the default
/// decides. Command-line flags override these (`DaemonCommand`).
struct DaemonSettings: Equatable {
    /// `output = SPEC`, as `--output` takes it.
    var output: OutputSpec?
    /// `catalog.country = CC`: the storefront (ISO alpha-2, lower case).
    var country: String?
    /// `catalog.language = en_us`: the catalog's `lang`.
    var language: String?
    /// `catalog.explicit = yes|no`: whether explicit items are returned.
    var explicit: Bool?
    /// `crossfade = SECONDS` (0–30): the overlap the daemon starts with.
    var crossfade: Double?
    /// `history = on|off`: whether the listening history records, set at each start.
    var history: Bool?

    /// The keys read here, lower case.
    static let names: Set<String> = ["output", "crossfade", "history", "catalog.country", "catalog.language", "catalog.explicit"]
    /// The key prefixes owned here (unknown `catalog.` keys are named by this section).
    static let prefixes = ["catalog."]
    /// What `crossfade` may be (the `crossfade` command's range).
    static let crossfadeRange = 0.0...30.0

    /// Reads the daemon's lines of the config file (other keys are passed over); a later line
    /// of the same key wins. Each unusable line gives one sentence.
    static func parse(_ file: ConfigFile) -> (settings: DaemonSettings, problems: [String]) {
        var settings = DaemonSettings()
        var problems: [String] = []
        for line in file.lines where names.contains(line.name) || line.name.hasPrefix("catalog.") {
            let value = line.unquoted
            switch line.name {
            case "output":
                guard let spec = OutputSpec(parsing: value) else {
                    problems.append(line.problem("output takes \(PlayOptions.outputOption.takes), not \"\(TerminalText.safe(value))\"."))
                    continue
                }
                settings.output = spec
            case "catalog.country":
                guard value.utf8.count == 2, value.utf8.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                    problems.append(line.problem("catalog.country is a two-letter country code such as us, gb or jp."))
                    continue
                }
                settings.country = value.lowercased()
            case "catalog.language":
                guard Self.isLanguage(value) else {
                    problems.append(line.problem("catalog.language is a language and region such as en_us or ja_jp."))
                    continue
                }
                settings.language = String(value.lowercased().map { $0 == "-" ? "_" : $0 })
            case "catalog.explicit":
                guard let allowed = line.switchValue else {
                    problems.append(line.problem("catalog.explicit is yes (explicit songs are listed) or no."))
                    continue
                }
                settings.explicit = allowed
            case "crossfade":
                guard let seconds = Checked.decimal(value, in: crossfadeRange) else {
                    problems.append(line.problem("crossfade is a number of seconds from 0 to 30, such as 4 or 2.5."))
                    continue
                }
                settings.crossfade = seconds
            case "history":
                guard let on = line.switchValue else {
                    problems.append(line.problem("history is on (played songs are listed) or off."))
                    continue
                }
                settings.history = on
            default:
                problems.append(
                    line.problem("unknown setting \"\(line.name)\" (catalog.country, catalog.language and catalog.explicit are known)."))
            }
        }
        return (settings, problems)
    }

    /// Two letters, `_` or `-`, two letters (`en_us`, `ja-JP`): what the catalog's `lang` takes.
    private static func isLanguage(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let letter: (UInt8) -> Bool = { (65...90).contains($0) || (97...122).contains($0) }
        return bytes.count == 5 && letter(bytes[0]) && letter(bytes[1]) && (bytes[2] == 0x5F || bytes[2] == 0x2D) && letter(bytes[3])
            && letter(bytes[4])
    }
}
