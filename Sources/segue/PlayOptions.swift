import Audio
import Player

#if canImport(Glibc)
    import Glibc
#endif

/// A command-line mistake, said as a sentence.
struct UsageError: Error, CustomStringConvertible {
    let description: String
}

/// The arguments of `segue play`.
struct PlayOptions {
    var output: OutputSpec = .alsa(device: "default")
    var items: [String] = []
    var shuffle = false
    var repeatMode = RepeatMode.none
    var catalog = CatalogOptions()

    init(parsing arguments: [String]) throws {
        if let env = getenv("SEGUE_OUTPUT").map({ String(cString: $0) }), !env.isEmpty {
            guard let spec = OutputSpec(parsing: env) else {
                throw UsageError(description: "SEGUE_OUTPUT=\(env) is not alsa[:DEVICE], null or wav:PATH.")
            }
            output = spec
        }
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if try catalog.parse(argument, &rest) { continue }
            switch argument {
            case "--output", "-o":
                guard let value = rest.popFirst() else { throw UsageError(description: "--output needs a value.") }
                guard let spec = OutputSpec(parsing: value) else {
                    throw UsageError(description: "--output \(value) is not alsa[:DEVICE], null or wav:PATH.")
                }
                output = spec
            case "--shuffle", "-s":
                shuffle = true
            case "--repeat", "-r":
                guard let value = rest.popFirst(), let mode = RepeatMode(rawValue: value) else {
                    throw UsageError(description: "--repeat takes one, all or none.")
                }
                repeatMode = mode
            case "--":
                items += rest
                rest = []
            default:
                if argument.hasPrefix("--output=") {
                    let value = String(argument.dropFirst("--output=".count))
                    guard let spec = OutputSpec(parsing: value) else {
                        throw UsageError(description: "--output \(value) is not alsa[:DEVICE], null or wav:PATH.")
                    }
                    output = spec
                } else if argument.hasPrefix("-") && argument.count > 1 {
                    throw UsageError(description: "unknown option \(argument).")
                } else {
                    items.append(argument)
                }
            }
        }
        guard !items.isEmpty else { throw UsageError(description: "nothing to play: give files or URLs.") }
    }
}
