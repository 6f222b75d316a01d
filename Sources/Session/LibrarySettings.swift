import Checked

/// The library's settings from the config file (`$XDG_CONFIG_HOME/segue/config`, the lines whose
/// keys start with `library.`):
///
///     library.folders = ~/Music, /mnt/music      # folders of your own music, scanned at start
///     library.folders = "/srv/a, b"              # another line adds more; quotes keep a comma
///
/// Each folder becomes an absolute path (`~` expanded) that is a folder, or a sentence in
/// `problems`; nothing here is fatal.
public struct LibrarySettings: Sendable, Equatable {
    /// The folders named, in order, each once: absolute, normalized, and folders when read.
    public var folders: [String] = []

    /// The most folders the config may name.
    public static let maxFolders = 64

    /// No folders, as with no config file.
    public init() {}

    /// Reads the `library.` lines of the config file (other keys are the UI's or the workout's
    /// and are passed over). `home` expands `~`; `folderProblem` says why a path is not a
    /// usable folder (nil: it is), so the disk is only looked at through it.
    public static func parse(
        _ file: ConfigFile, home: String?, folderProblem: (String) -> String? = LibraryPaths.folderProblem
    ) -> (settings: LibrarySettings, problems: [String]) {
        var settings = LibrarySettings()
        var problems: [String] = []
        for line in file.lines(under: "library.") {
            guard line.name == "library.folders" else {
                problems.append(line.problem("unknown setting \"\(line.name)\" (library.folders is known)."))
                continue
            }
            let (words, unclosed) = folderWords(Substring(line.value))
            if unclosed { problems.append(line.problem("a quote is not closed; the folder it starts is left out.")) }
            for word in words {
                let path: String
                do {
                    path = try LibraryPaths.normalized(word, home: home)
                } catch {
                    problems.append(line.problem(error.description))
                    continue
                }
                guard !settings.folders.contains(path) else { continue }
                guard settings.folders.count < maxFolders else {
                    problems.append(line.problem("library.folders keeps the first \(maxFolders) folders; \(path) is left out."))
                    continue
                }
                if let problem = folderProblem(path) {
                    problems.append(line.problem(problem))
                    continue
                }
                settings.folders.append(path)
            }
        }
        return (settings, problems)
    }

    /// The comma-separated words of a value (`"…"` keeps commas; `ConfigFile` has taken the
    /// comment off), trimmed, empty ones left out; and whether a quote was left open (its
    /// word is dropped).
    static func folderWords(_ value: Substring) -> (words: [String], unclosed: Bool) {
        var words: [String] = []
        var word = ""
        var quoted = false
        var wasQuoted = false
        func finish() {
            let text = wasQuoted ? word : String(word.trimmingConfigSpaces())
            if !text.isEmpty { words.append(text) }
            word = ""
            wasQuoted = false
        }
        for character in value {
            switch character {
            case "\"":
                if !quoted { word = "" }
                quoted.toggle()
                wasQuoted = true
            case "," where !quoted: finish()
            default:
                // Outside quotes after a closing quote only spaces are expected; anything else joins the word.
                if wasQuoted && !quoted && (character == " " || character == "\t") { continue }
                word.append(character)
            }
        }
        if quoted { return (words, true) }
        finish()
        return (words, false)
    }
}
