#if canImport(Glibc)
    import Glibc
#endif

/// Dispatches `segue SUBCOMMAND …` and turns every outcome into an exit status.
enum SegueCLI {
    static let version = "0.1.0"

    static let usage = """
        usage: segue [--output SPEC] [CATALOG OPTIONS]     the terminal UI (starts the daemon if none runs)
               segue play [--output SPEC] [--shuffle] [--repeat one|all|none] FILE|URL|itunes:ID…
                                               play files, URLs and catalog songs in turn, no UI
               segue search [--songs|--albums|--artists] [--country CC] [--limit N] [--json] TERM
               segue lookup [--json] ID…
               segue daemon [--foreground] [--output SPEC]    the engine with no terminal
               segue ctl [--json] COMMAND [ARG…]              one command to the daemon (docs/commands.md)
               segue --version | --help

        --output alsa[:DEVICE]|null|wav:PATH   where the sound goes (default alsa:default;
                                               environment SEGUE_OUTPUT)
        --catalog-url URL                      the iTunes Search API base (environment
                                               SEGUE_CATALOG_URL; default https://itunes.apple.com)
        --catalog demo                         the bundled demo catalog (used anyway, with a notice,
                                               when the catalog is unreachable)

        In the terminal UI press ? for the keys. The MPD protocol is not built yet.
        """

    private static func ui(_ arguments: [String]) -> Int32 {
        do {
            return try UICommand(parsing: arguments).run()
        } catch {
            printError("segue: \(error)\n\(usage)")
            return 2
        }
    }

    /// Runs one command line; returns the process exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else { return ui([]) }
        if first == "ui" { return ui(Array(arguments.dropFirst())) }
        // Options alone (`segue --output null`) are the UI's, passed to the daemon it starts.
        if first.hasPrefix("-"), !["--version", "-V", "--help", "-h"].contains(first) { return ui(arguments) }
        switch first {
        case "--version", "-V", "version":
            print("segue \(version)")
            return 0
        case "--help", "-h", "help":
            print(usage)
            return 0
        case "daemon":
            do {
                return try DaemonCommand(parsing: Array(arguments.dropFirst())).run()
            } catch {
                printError("segue daemon: \(error)\n\(usage)")
                return 2
            }
        case "ctl":
            do {
                return try CtlCommand(parsing: Array(arguments.dropFirst())).run()
            } catch {
                printError("segue ctl: \(error)\n\(usage)")
                return 2
            }
        case "search", "lookup":
            do {
                return try CatalogCommand.parse(first, Array(arguments.dropFirst())).run()
            } catch {
                printError("segue \(first): \(error)\n\(usage)")
                return 2
            }
        case "play":
            do {
                let options = try PlayOptions(parsing: Array(arguments.dropFirst()))
                return PlayCommand(options: options).run()
            } catch {
                printError("segue play: \(error)\n\(usage)")
                return 2
            }
        default:
            printError("segue: unknown command \"\(first)\".\n\(usage)")
            return 2
        }
    }
}
