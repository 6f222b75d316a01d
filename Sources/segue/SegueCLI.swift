#if canImport(Glibc)
    import Glibc
#endif

/// Dispatches `segue SUBCOMMAND …` and turns every outcome into an exit status.
///
/// Each subcommand declares its command line once (`SubcommandSpec`); `--help` and the usage
/// errors are made from those declarations. A usage error exits 2 with one sentence and the
/// subcommand's synopsis.
enum SegueCLI {
    static let version = "0.1.0"

    /// Every subcommand's declaration, in the order `segue --help` lists them.
    static var declarations: [SubcommandSpec] {
        [
            UICommand.declaration, UICommand.workoutDeclaration, PlayOptions.declaration, CatalogCommand.searchDeclaration,
            CatalogCommand.lookupDeclaration, DaemonCommand.declaration, CtlCommand.declaration, TempoCommand.declaration,
            ShellCompletion.declaration,
        ]
    }

    /// What `segue --help` prints: each subcommand's synopsis and summary, then every option once.
    static var usage: String {
        var lines = ["usage:"]
        for declaration in declarations {
            lines.append("  \(declaration.synopsis)")
            lines.append("      \(declaration.summary)")
        }
        lines.append("  segue --version | --help")
        lines.append("")
        lines.append("Options (segue SUBCOMMAND --help lists a subcommand's own):")
        lines.append(SubcommandSpec.optionLines(options))
        return lines.joined(separator: "\n")
    }

    /// Every subcommand's options, once each (the first declaration of a name wins), in the
    /// order `segue --help` and segue(1) list them.
    static var options: [OptionSpec] {
        var seen: [OptionSpec] = []
        for option in declarations.flatMap(\.options) where !seen.contains(where: { $0.name == option.name }) {
            seen.append(option)
        }
        return seen
    }

    /// Runs `body` for the subcommand `declaration` describes: its usage on `--help` (when
    /// `body` returns nil), a usage error as one sentence and exit status 2.
    private static func run(_ declaration: SubcommandSpec, _ body: () throws -> Int32?) -> Int32 {
        do {
            guard let status = try body() else {
                print(declaration.usage, terminator: "")
                return 0
            }
            return status
        } catch {
            printError("\(declaration.command): \(error)\nusage: \(declaration.synopsis)")
            return 2
        }
    }

    /// Runs one command line; returns the process exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let rest = Array(arguments.dropFirst())
        guard let first = arguments.first else { return ui([]) }
        if first == "ui" { return ui(rest) }
        // Options alone (`segue --output null`) are the UI's, passed to the daemon it starts.
        if first.hasPrefix("-"), !["--version", "-V", "--help", "-h"].contains(first) { return ui(arguments) }
        switch first {
        case "--version", "-V", "version":
            print("segue \(version)")
            return 0
        case "help" where rest.first == "--scdoc":
            return ManualPage.run(Array(rest.dropFirst()))
        case "--help", "-h", "help":
            print(usage)
            return 0
        case "daemon":
            return run(DaemonCommand.declaration) {
                if try DaemonCommand.declaration.parse(rest).wantsHelp { return nil }
                return try DaemonCommand(parsing: rest).run()
            }
        case "ctl":
            return run(CtlCommand.declaration) {
                // Options before the command are checked here; what follows is the command's.
                if try CtlCommand.declaration.parse(rest).wantsHelp { return nil }
                return try CtlCommand(parsing: rest).run()
            }
        case "search", "lookup":
            return run(first == "search" ? CatalogCommand.searchDeclaration : CatalogCommand.lookupDeclaration) {
                try CatalogCommand.parse(first, rest)?.run()
            }
        case "workout":
            return run(UICommand.workoutDeclaration) { try UICommand(parsingWorkout: rest)?.run() }
        case "tempo":
            return run(TempoCommand.declaration) { try TempoCommand(parsing: rest)?.run() }
        case HTTPWorkerCommand.name: return HTTPWorkerCommand.run()
        case ShellCompletion.name:
            // The words after `--`, as the shell split them: the last is the one being completed.
            let words = rest.first == "--" ? Array(rest.dropFirst()) : rest
            for line in ShellCompletion.candidates(words) { print(line) }
            return 0
        case "completions":
            return run(ShellCompletion.declaration) { try ShellCompletion.run(rest) }
        case "play":
            return run(PlayOptions.declaration) {
                try PlayOptions(parsing: rest).map { PlayCommand(options: $0).run() }
            }
        default:
            printError("segue: unknown command \"\(first)\"; segue --help lists them.")
            return 2
        }
    }

    private static func ui(_ arguments: [String]) -> Int32 {
        run(UICommand.declaration) { try UICommand(parsing: arguments)?.run() }
    }
}
