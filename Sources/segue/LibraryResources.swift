import Library
import Session

#if canImport(Glibc)
    import Glibc
#endif

/// What the daemon's library starts with: the config file's `library.` lines.
enum LibraryResources {
    /// The settings, with a sentence for each problem found (none is fatal).
    static func settings() -> (settings: LibrarySettings, problems: [String]) {
        guard let path = SeguePaths.configFile, access(path, F_OK) == 0 else { return (LibrarySettings(), []) }
        do {
            return LibrarySettings.parse(try TextFile.read(path), home: LibraryPaths.home)
        } catch {
            return (LibrarySettings(), [error.description])
        }
    }
}

extension LibraryResources {
    /// A finished scan for the log: `scanned /music: 12 added, 3 changed, 1 removed, 9000
    /// unchanged, 2 skipped (see above) in 1.4 s`.
    static func describe(_ outcome: ScanOutcome) -> String {
        var counts = [
            "\(outcome.added) added", "\(outcome.updated) changed", "\(outcome.removed) removed", "\(outcome.unchanged) unchanged",
        ]
        if outcome.skipped > 0 { counts.append("\(outcome.skipped) skipped (named above)") }
        let seconds = (outcome.seconds * 10).rounded() / 10
        return "scanned \(outcome.folders.joined(separator: ", ")): " + counts.joined(separator: ", ") + " in \(seconds) s."
    }
}
