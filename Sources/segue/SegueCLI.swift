#if canImport(Glibc)
    import Glibc
#endif

/// Dispatches `segue SUBCOMMAND …` and turns every outcome into an exit status.
enum SegueCLI {
    static let version = "0.1.0"

    static let usage = """
        usage: segue play [--output SPEC] [--shuffle] [--repeat one|all|none] FILE|URL…
                                               play files and URLs in turn, no UI
               segue --version | --help

        --output alsa[:DEVICE]|null|wav:PATH   where the sound goes (default alsa:default;
                                               environment SEGUE_OUTPUT)

        The terminal UI, the daemon, segue ctl, search and lookup are not built yet.
        """

    /// Runs one command line; returns the process exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            printError(usage)
            return 2
        }
        switch first {
        case "--version", "-V", "version":
            print("segue \(version)")
            return 0
        case "--help", "-h", "help":
            print(usage)
            return 0
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
