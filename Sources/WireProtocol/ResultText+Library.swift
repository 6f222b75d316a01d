import Checked
import FoundationEssentials
import Library
import MusicModel
import POSIXSupport
import Session

/// How the user's own music looks as text (`segue ctl stats`, `folder list`, the status line
/// while a scan runs). Counts are grouped by thousands (`CountText`); times are UTC.
extension ResultText {
    /// The status line, and while a scan runs its progress after two spaces:
    /// `stopped  queue empty  vol 100%  scanning 3,120 of 10,000`.
    public static func statusLine(_ snapshot: Snapshot) -> String {
        snapshot.text + (snapshot.scan.map { "  " + scanning($0) } ?? "")
    }

    /// `scanning 3,120 of 10,000`, or `scanning 3,120 files so far` while the folders are still
    /// being walked and the total is not known (`scanning` before the first file).
    public static func scanning(_ progress: ScanProgress) -> String {
        guard let total = progress.total else {
            return progress.done > 0 ? "scanning \(CountText.grouped(progress.done)) files so far" : "scanning"
        }
        return "scanning \(CountText.grouped(progress.done)) of \(CountText.grouped(total))"
    }

    /// Whether a song is a file of the user's own (its id is its absolute path; catalog ids are digits).
    public static func isLocal(_ song: Song) -> Bool { song.id.hasPrefix("/") }

    /// `stats`: one aligned line each for songs, albums, artists, total time, folders, skipped
    /// files and the last scan, then the scan running, if any.
    public static func stats(_ s: LibraryStats) -> String {
        let counts = [s.songs, s.albums, s.artists, s.folders, s.skipped].map(CountText.grouped)
        let numberWidth = counts.map(\.count).max() ?? 1
        func line(_ label: String, _ value: String) -> String { TextWidth.fit(label, 10) + value }
        func number(_ label: String, _ value: String) -> String { line(label, rightAligned(value, numberWidth)) }
        var lines = [
            number("Songs", counts[0]), number("Albums", counts[1]), number("Artists", counts[2]),
            line("Time", CountText.duration(s.totalSeconds)), number("Folders", counts[3]),
            number("Skipped", counts[4]) + (s.skipped > 0 ? "  (the log names them)" : ""),
            line("Last scan", s.lastScan.map { startedText($0) + " UTC" } ?? "never"),
        ]
        if let scan = s.scan { lines.append(line("Now", scanning(scan) + " in " + scan.folder)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `folder list`: one row per folder with its songs, skipped files and last scan (UTC).
    public static func folders(_ folders: [LibraryFolder], width: Int) -> String {
        guard !folders.isEmpty else { return "No library folders; add one with folder add DIR.\n" }
        let numbers = 7 + 2 + 7 + 2 + 16
        let pathWidth = max(10, min(folders.map { TextWidth.columns($0.path) }.max() ?? 0, max(40, width) - numbers - 2))
        func row(_ cells: [String]) -> String {
            trimmed(
                TextWidth.fit(cells[0], pathWidth) + "  " + rightAligned(cells[1], 7) + "  " + rightAligned(cells[2], 7) + "  " + cells[3])
                + "\n"
        }
        return row(["FOLDER", "SONGS", "SKIPPED", "LAST SCAN (UTC)"])
            + folders.map { f in
                row([f.path, CountText.grouped(f.songs), CountText.grouped(f.skipped), f.lastScan.map(startedText) ?? "never"])
            }.joined()
    }
}
