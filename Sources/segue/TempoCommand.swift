import MusicModel
import Tempo
import WireProtocol

/// `segue tempo [--json] [--cadence SPM] ITEM…`: each item's tempo, in this process (no daemon).
/// One line per item (BPM to one decimal, confidence, where it came from, the item), or one JSON
/// object per item with `--json`; an item that fails gets a sentence. Exit status: 0 when every
/// item has a tempo, 1 when any failed, 2 for a usage error.
struct TempoCommand {
    let items: [String]
    let cadence: Double?
    let json: Bool
    let catalog: CatalogOptions

    /// The command line of `segue tempo`.
    static let declaration = SubcommandSpec(
        command: "segue tempo", operands: .words(placeholder: "FILE|URL|itunes:ID…"),
        summary: "Prints the tempo (BPM) of each file, URL or catalog song: its BPM tag, else estimated from the audio.",
        options: [
            OptionSpec(
                name: "--cadence", short: nil, value: .number(30...300),
                help: "centre the tempo prior on this cadence (steps per minute), e.g. 170 for running"),
            OptionSpec(name: "--json", short: nil, value: .none, help: "one JSON object per item (docs/tempo.md)"),
        ] + CatalogOptions.declared)

    /// The command `arguments` ask for; nil when they asked for `--help`.
    init?(parsing arguments: [String]) throws(UsageError) {
        var catalog = CatalogOptions()
        var json = false
        var cadence: Double?
        let parsed = try Self.declaration.parse(arguments)
        if parsed.wantsHelp { return nil }
        for (option, value) in parsed.options {
            if try catalog.apply(option, value) { continue }
            switch option.name {
            case "--json": json = true
            case "--cadence": cadence = value.flatMap { Int($0) }.map(Double.init)
            default: throw Self.declaration.unknown(option.name)
            }
        }
        guard !parsed.operands.isEmpty else { throw UsageError(description: "tempo needs one or more files, URLs or catalog ids.") }
        self.items = parsed.operands
        self.cadence = cadence
        self.json = json
        self.catalog = catalog
    }

    func run() -> Int32 {
        // The catalog is made only when an item needs it (a file needs none).
        let needsCatalog = items.contains { if case .catalog? = ItemLocation(parsing: $0) { return true } else { return false } }
        var resolved: CatalogOptions.Resolved?
        if needsCatalog {
            do { resolved = try catalog.configuredFromFile().makeCatalog() } catch { printError("segue: \(error)") }
        }
        let analyzer = TempoAnalyzer(catalog: resolved)
        var failed = false
        for item in items {
            switch Result(catching: { try analyzer.estimate(PlayableItem(location: item), cadence: cadence) }) {
            case .success(let estimate):
                if json {
                    Console.json(Self.json(item: item, estimate: estimate, error: nil))
                } else {
                    Console.write(Self.line(item: item, estimate: estimate))
                }
            case .failure(let error):
                failed = true
                if json { Console.json(Self.json(item: item, estimate: nil, error: "\(error)")) }
                printError("segue: \(item): \(error)")
            }
        }
        return failed ? 1 : 0
    }

    /// "172.3 BPM  confidence 0.41  analysis  song.mp3\n".
    static func line(item: String, estimate: TempoEstimate) -> String {
        "\(oneDecimal(estimate.bpm)) BPM  confidence \(twoDecimals(estimate.confidence))  \(estimate.source.rawValue)  \(item)\n"
    }

    /// {"item":…,"bpm":172.3,"confidence":0.41,"source":"analysis","error":null}.
    static func json(item: String, estimate: TempoEstimate?, error: String?) -> String {
        JSONValue.object([
            ("item", .string(item)), ("bpm", .number(estimate.map { ($0.bpm * 100).rounded() / 100 })),
            ("confidence", .number(estimate.map { ($0.confidence * 1000).rounded() / 1000 })),
            ("source", .string(estimate?.source.rawValue)), ("error", .string(error)),
        ]).rendered
    }

    private static func oneDecimal(_ x: Double) -> String {
        let tenths = (x * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e9 else { return "?" }
        let whole = Int(tenths) / 10
        let tenth = abs(Int(tenths)) % 10
        return "\(whole).\(tenth)"
    }

    private static func twoDecimals(_ x: Double) -> String {
        let hundredths = (x * 100).rounded()
        guard hundredths.isFinite, abs(hundredths) < 1e9 else { return "?" }
        let n = Int(hundredths)
        let fraction = abs(n) % 100
        return "\(n / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
