import Checked
import Library
import Session
import TUI
import Workout

#if canImport(Glibc)
    import Glibc
#endif

/// The config file (`$XDG_CONFIG_HOME/segue/config`, docs/config.md), read once by `ConfigFile`
/// and handed to each section: the UI's (`TUIConfig`), the daemon's (`DaemonSettings`),
/// `library.`, `workout.` and `mpd.`. Knows every key, so it names the ones no section reads.
struct SegueConfig {
    /// The file's lines (empty when there is no file).
    var file = ConfigFile()
    /// Sentences for what could not be used at the level of the file: it could not be read, a
    /// line is not `key = value`, a key no section reads.
    var problems: [String] = []

    /// Every key a section reads, lower case, and the prefixes sections own.
    static let names = TUIConfig.names.union(DaemonSettings.names)
    static let prefixes = TUIConfig.prefixes + DaemonSettings.prefixes + ["library.", "workout.", "mpd."]

    /// The file at `path`; no file is no lines and no problems.
    static func load(path: String? = SeguePaths.configFile) -> SegueConfig {
        guard let path, access(path, F_OK) == 0 else { return SegueConfig() }
        do {
            return SegueConfig(text: try TextFile.read(path))
        } catch {
            return SegueConfig(problems: ["The config file could not be used: \(error.description)"])
        }
    }

    /// The config in `text`.
    init(text: String) {
        file = ConfigFile(parsing: text)
        problems = file.problems + file.unknownKeys(names: Self.names, prefixes: Self.prefixes)
    }

    init(file: ConfigFile = ConfigFile(), problems: [String] = []) {
        self.file = file
        self.problems = problems
    }

    /// The daemon's sections of the file, read: its own keys, `library.`, `mpd.` and `workout.`.
    struct Daemon {
        var settings: DaemonSettings
        var library: LibrarySettings
        var mpd: MPDSettings
        var workout: WorkoutSettings
        /// A sentence for each line of these sections that could not be used.
        var problems: [String]
    }

    /// The daemon's sections (the UI reads them too, to show their problems at once).
    func daemon() -> Daemon {
        let settings = DaemonSettings.parse(file)
        let library = LibrarySettings.parse(file, home: LibraryPaths.home)
        let mpd = MPDSettings.parse(file, socketBeside: SeguePaths.socket)
        let workout = WorkoutSettings.parse(file)
        return Daemon(
            settings: settings.settings, library: library.settings, mpd: mpd.settings, workout: workout.settings,
            problems: settings.problems + library.problems + mpd.problems + workout.problems)
    }

    /// The keys a one-shot command (`segue play`, `search`, `lookup`, `tempo`) takes from the
    /// file, as the daemon reads them (`output`, `catalog.`). Each line of the file that could
    /// not be used is said on standard error first, in line order, and the command goes on. No
    /// file is no settings and nothing said.
    static func forCommand(path: String? = SeguePaths.configFile) -> DaemonSettings {
        let config = load(path: path)
        let daemon = DaemonSettings.parse(config.file)
        for problem in ordered(config.problems + daemon.problems) { printError("segue: \(problem)") }
        return daemon.settings
    }

    /// `problems` in the order of the lines they name (those that name no line first).
    static func ordered(_ problems: [String]) -> [String] {
        func line(_ text: String) -> Int {
            guard text.hasPrefix("config line ") else { return 0 }
            return Int(text.dropFirst(12).prefix { $0.isNumber }) ?? 0
        }
        return problems.enumerated().sorted { (line($0.element), $0.offset) < (line($1.element), $1.offset) }.map(\.element)
    }
}
