import CoverArt
import Daemon
import HTTP
import MusicModel
import Session
import TUI
import Terminal
import Workout

#if canImport(Glibc)
    import Glibc
#endif

/// `segue [DAEMON OPTIONS]`: the terminal UI. It attaches to the daemon, starting one (with these
/// options) when none runs. `q` leaves the music playing; `Q` stops it and the daemon.
struct UICommand {
    var daemonArguments: [String]
    /// `segue workout`: the UI opens on the workout screen and starts this workout if none runs.
    var workout: WorkoutCommand?

    /// The terminal UI's command line: the options of the daemon it may start, but `--foreground`.
    static let declaration = SubcommandSpec(
        command: "segue", operands: .none,
        summary: "The terminal UI; it attaches to the daemon, or starts one with these options. In it, press ? for the keys.",
        options: DaemonCommand.declaration.options.filter { $0.name != "--foreground" })

    /// `segue workout`'s command line: the UI's options and the workout's.
    static let workoutDeclaration = SubcommandSpec(
        command: "segue workout", operands: .none,
        summary: "The terminal UI on the workout screen; starts a workout unless one runs (the daemon as with segue).",
        options: [
            OptionSpec(
                name: "--type", short: "t", value: .choice(WorkoutKind.allCases.map(\.rawValue)),
                help: "the kind of workout (default running)"),
            OptionSpec(
                name: "--minutes", short: "m", value: .number(WorkoutCommand.minutesRange),
                help: "a target length; the screen counts down to it"),
            OptionSpec(
                name: "--cadence", short: "c", value: .number(WorkoutRules.cadences),
                help: "steps (or pedal turns) a minute to match the music to (default: the kind's)"),
        ] + declaration.options)

    /// The options read from `arguments`; nil when they asked for `--help`.
    init?(parsing arguments: [String]) throws {
        // Checked here so a mistake is reported before the screen is taken over.
        if try Self.declaration.parse(arguments).wantsHelp { return nil }
        _ = try DaemonCommand(parsing: arguments)
        daemonArguments = arguments
    }

    /// `segue workout`'s options read from `arguments`; nil when they asked for `--help`.
    init?(parsingWorkout arguments: [String]) throws {
        let parsed = try Self.workoutDeclaration.parse(arguments)
        if parsed.wantsHelp { return nil }
        var kind: WorkoutKind?
        var minutes: Int?
        var cadence: Int?
        var rest: [String] = []
        for (option, value) in parsed.options {
            switch option.name {
            case "--type": kind = value.flatMap(WorkoutKind.init(rawValue:))
            case "--minutes": minutes = value.flatMap { Int($0) }
            case "--cadence": cadence = value.flatMap { Int($0) }
            default: rest += [option.name] + (value.map { [$0] } ?? [])
            }
        }
        _ = try DaemonCommand(parsing: rest)
        daemonArguments = rest
        workout = .start(kind ?? .running, cadence: cadence, minutes: minutes)
    }

    func run() -> Int32 {
        // The UI runs all day like the daemon: its only transfers (catalog covers) run in
        // workers, so libcurl and its TLS libraries are never mapped here.
        HTTPWorkerCommand.useWorkers()
        let (config, problems) = Self.loadConfig()
        let log = (SeguePaths.state ?? "/tmp") + "/ui.log"
        let terminal: Terminal
        do {
            terminal = try Terminal.open(colors: config.colors ? .auto : .never, errorLog: log)
        } catch {
            printError("segue: \(error)")
            return 1
        }
        var model = TUIModel(config: config, commandHistory: Self.loadHistory())
        if let workout { model.openWorkout(starting: workout) }
        if let first = problems.first {
            model.showError(problems.count == 1 ? first : "\(first) (and \(problems.count - 1) more problems in the config file)")
        }
        let arguments = daemonArguments
        if !arguments.isEmpty, (try? LineConnection(path: SeguePaths.socket)) != nil {
            model.showError(
                "A daemon was already running, so \(arguments.joined(separator: " ")) did not apply; Q stops it, then start segue again.")
        }
        let app: TUIApp
        do {
            app = try TUIApp(terminal: terminal, model: model, covers: config.artwork ? Self.coverLoader(config) : nil) {
                () throws(DaemonError) in
                let control: LineConnection
                if let running = try? LineConnection(path: SeguePaths.socket) {
                    control = running
                } else {
                    // No daemon yet: start one. Its messages go to the UI's log while curses owns the screen.
                    _ = DaemonCommand.startInBackground(arguments)
                    control = try LineConnection(path: SeguePaths.socket)
                }
                return (control, try LineConnection(path: SeguePaths.socket))
            }
        } catch {
            terminal.close()
            printError("segue: the daemon could not be reached: \(error) (see \(log) and \((SeguePaths.state ?? "/tmp") + "/daemon.log")).")
            return 1
        }
        let outcome: TUIApp.Outcome
        let typed: [String]
        do {
            (outcome, typed) = try app.run()
        } catch {
            terminal.close()
            printError("segue: \(error)")
            return 1
        }
        terminal.close()
        Self.saveHistory(typed)
        if outcome == .detached { Console.write("segue: the music goes on; run segue again to come back, or segue ctl stop.\n") }
        return 0
    }

    /// The UI's cover loader: local pictures read here (tags, then cover files), catalog
    /// artwork fetched over HTTP, both capped at `Picture.maxBytes`.
    static func coverLoader(_ config: TUIConfig) -> CoverLoader? {
        let pictures = PictureSource()
        let fetcher = ImageFetcher(maxBytes: Picture.maxBytes)
        let disk = ArtworkDiskCache.defaultDirectory(environment: Self.environment).map {
            ArtworkDiskCache(directory: $0, capacityBytes: config.artworkCacheBytes)
        }
        return CoverLoader(
            fetch: { source in
                switch source {
                case .file(let path): return try pictures.localPicture(path: path)?.bytes
                case .url(let url):
                    // Fetched originals are kept on disk, so a cover seen before costs no transfer.
                    if let kept = disk?.bytes(for: url) { return kept }
                    guard let bytes = try fetcher.fetch(url)?.bytes else { return nil }
                    _ = disk?.store(bytes, for: url)
                    return bytes
                }
            }, renderer: ArtworkCoverRenderer())
    }

    private static var environment: [String: String] {
        var values: [String: String] = [:]
        for name in ["XDG_CACHE_HOME", "HOME"] { if let value = getenv(name) { values[name] = String(cString: value) } }
        return values
    }

    /// The config file's settings (DESIGN.md: `$XDG_CONFIG_HOME/segue/config`; none when it is
    /// absent) and every problem in it, the daemon's sections' too, in line order.
    static func loadConfig(_ loaded: SegueConfig = .load()) -> (TUIConfig, [String]) {
        let (config, problems) = TUIConfig.parse(loaded.file)
        return (config, SegueConfig.ordered(loaded.problems + problems + loaded.daemon().problems))
    }

    private static var historyPath: String? { SeguePaths.state.map { $0 + "/command-history" } }

    static func loadHistory() -> [String] {
        guard let path = historyPath, let text = try? TextFile.read(path) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    static func saveHistory(_ lines: [String]) {
        guard let path = historyPath else { return }
        // Private (what was typed may name files); replaced atomically, so a crash mid-write keeps the old history.
        try? TextFile.write(lines.suffix(500).joined(separator: "\n") + "\n", to: path, mode: 0o600)
    }
}
