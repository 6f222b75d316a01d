import Audio
import MusicModel

#if canImport(Glibc)
    import Glibc
#endif

/// The arguments of `segue play`.
struct PlayOptions {
    var output: OutputSpec = .alsa(device: "default")
    var items: [String] = []
    var shuffle = false
    var repeatMode = RepeatMode.none
    var catalog = CatalogOptions()
    /// True when `--output` or `SEGUE_OUTPUT` chose the output, so the config's `output` does not.
    var outputChosen = false

    /// `--output`, as `segue play`, `segue daemon` and the terminal UI declare it.
    static let outputOption = OptionSpec(
        name: "--output", short: "o",
        value: .text(placeholder: "SPEC", meaning: "pulse[:SINK], alsa[:DEVICE], null, wav:PATH or pipe:PATH"),
        help:
            "where the sound goes: pulse[:SINK], alsa[:DEVICE], null, wav:PATH or pipe:PATH (a FIFO, for Snapcast) "
            + "(default pulse when a PulseAudio server answers, else alsa:default; environment SEGUE_OUTPUT)")

    static let declaration = SubcommandSpec(
        command: "segue play", operands: .words(placeholder: "ITEM…"),
        summary: "Plays files, URLs, itunes:ID catalog songs and demo:audio/FILE in turn, with no UI.",
        options: [
            outputOption,
            OptionSpec(name: "--shuffle", short: "s", value: .none, help: "play every item once in a random order, the first first"),
            OptionSpec(
                name: "--repeat", short: "r", value: .choice(["one", "all", "none"]),
                help: "repeat the first item, the whole list, or nothing (the default)"),
        ] + CatalogOptions.declared)

    /// The options read from `arguments`; nil when they asked for `--help`.
    init?(parsing arguments: [String]) throws(UsageError) {
        if let env = getenv("SEGUE_OUTPUT").map({ String(cString: $0) }), !env.isEmpty {
            guard let spec = OutputSpec(parsing: env) else {
                throw UsageError(description: "SEGUE_OUTPUT=\(env) is not pulse[:SINK], alsa[:DEVICE], null, wav:PATH or pipe:PATH.")
            }
            output = spec
            outputChosen = true
        }
        let parsed = try Self.declaration.parse(arguments)
        if parsed.wantsHelp { return nil }
        for (option, value) in parsed.options {
            if try catalog.apply(option, value) { continue }
            switch option.name {
            case "--output":
                guard let value, let spec = OutputSpec(parsing: value) else { throw option.invalid(value) }
                output = spec
                outputChosen = true
            case "--shuffle": shuffle = true
            case "--repeat": repeatMode = value.flatMap(RepeatMode.init(rawValue:)) ?? .none
            default: throw Self.declaration.unknown(option.name)
            }
        }
        items = parsed.operands
        guard !items.isEmpty else { throw UsageError(description: "nothing to play: give files or URLs.") }
    }

    /// Takes the config file's `output` and `catalog.` keys where no flag or environment
    /// variable chose; with neither, the default output (pulse when a server answers).
    mutating func configure(_ settings: DaemonSettings) {
        if !outputChosen { output = settings.output ?? Outputs.defaultSpec }
        catalog.configure(settings)
    }
}
