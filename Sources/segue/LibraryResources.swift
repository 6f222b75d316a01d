import Library
import Session

/// What the daemon's library says in its log.
enum LibraryResources {}

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
