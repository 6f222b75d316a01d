import Checked
import FoundationEssentials
import Library
import MusicModel
import Player
import Session
import TestSupport
import Testing
import WireProtocol

/// The library's lines from the daemon (`folders` and `stats` results, `library` events, the
/// scan in a status), mutated structurally and read by `DaemonMessage.parse`: a result or event
/// whose numbers are in their ranges, or a sentence; and what was read prints at any width.
@Suite struct LibraryWireFuzzTests {
    static var lines: [String] {
        let scan = ScanProgress(folder: "/music", done: 3120, total: 10_000)
        let snapshot = Snapshot(
            state: PlayerState(), current: nil, queuePosition: nil, queueLength: 0, position: 0, duration: nil, queueVersion: 3, scan: scan)
        return [
            WireReply.success(
                id: .number(1),
                result: .folders([
                    LibraryFolder(path: "/music", songs: 12_345, lastScan: 1_796_000_000, skipped: 3), LibraryFolder(path: "/m/夜"),
                ])),
            WireReply.success(
                id: .number(2),
                result: .stats(
                    LibraryStats(
                        songs: 12_345, albums: 1024, artists: 512, totalSeconds: 280_000.5, folders: 2, lastScan: 1_796_000_000,
                        skipped: 3, scan: scan))),
            WireReply.success(id: .number(3), result: .done(snapshot)),
            WireReply.event("status", [("status", WireEncoding.snapshot(snapshot))]),
            WireReply.libraryEvent(.scanning(scan)),
            WireReply.libraryEvent(.scanning(ScanProgress(folder: "/m", done: 5, total: nil))),
            WireReply.libraryEvent(
                .scanned(ScanOutcome(folders: ["/music"], added: 9, updated: 1, removed: 2, unchanged: 3, skipped: 4, seconds: 2.5))),
            WireReply.libraryEvent(.changed),
        ]
    }

    /// The library's number fields.
    static let numberKeys = [
        "done", "total", "songs", "albums", "artists", "folders", "skipped", "lastScan", "totalSeconds", "added", "updated", "removed",
        "unchanged", "seconds",
    ]

    /// Numbers outside every library field's range that still read as numbers.
    static let outOfRange = ["-1", "-9223372036854775808", "-2147483649", "1e300", "-1e300", "1e308", "253402300800", "-0.5"]

    /// Whether a scan's numbers read from the wire are in range.
    static func inRange(_ scan: ScanProgress?) -> Bool {
        guard let scan else { return true }
        return scan.done >= 0 && scan.total.map { $0 >= 0 } != false
    }

    /// Whether a time since 1970 read from the wire is in range.
    static func inRange(lastScan: Double?) -> Bool {
        lastScan.map { (0...253_402_300_799).contains($0) } != false
    }

    @Test func libraryLinesOnTheClient() {
        let lines = Self.lines
        fuzz("wire-library-lines", test: "FuzzTests.LibraryWireFuzzTests/libraryLinesOnTheClient", cases: 1000) { rng in
            var line = FuzzMutator.pick(lines, &rng)
            if rng.bool(), let tree = try? JSONDecoder().decode(FuzzJSON.self, from: Data(line.utf8)) {
                // Every number of one of the line's library fields, extreme: the ranges are what is checked.
                let keys = tree.keys.filter(Self.numberKeys.contains)
                let key = keys.isEmpty ? "done" : FuzzMutator.pick(keys, &rng)
                line =
                    tree.replacingKey(key, every: 1, &rng) { rng in
                        .raw(rng.bool() ? FuzzMutator.pick(Self.outOfRange, &rng) : FuzzMutator.pick(FuzzMutator.extremeNumbers, &rng))
                    }.text
            } else {
                line = FuzzJSON.mutatedLine(line, &rng)
            }
            FuzzRunner.input(line)
            let message: DaemonMessage
            do {
                message = try DaemonMessage.parse(line)
            } catch let error as WireError {
                try require(!error.description.isEmpty, "an empty sentence for \(excerpt(line))")
                return
            }
            let width = FuzzMutator.pick([-1, 0, 1, 20, 80, 300], &rng)
            switch message {
            case .reply(_, .success(.folders(let folders)), _):
                for f in folders {
                    try require(f.songs >= 0 && f.skipped >= 0 && Self.inRange(lastScan: f.lastScan), "\(excerpt(line)) read as \(f)")
                }
                _ = ResultText.render(.folders(folders), width: width)
            case .reply(_, .success(.stats(let s)), _):
                try require(
                    [s.songs, s.albums, s.artists, s.folders, s.skipped].allSatisfy { $0 >= 0 }
                        && (0...Limits.maxDurationSeconds * 1_000_000).contains(s.totalSeconds) && Self.inRange(lastScan: s.lastScan)
                        && Self.inRange(s.scan),
                    "\(excerpt(line)) read as \(s)")
                _ = ResultText.render(.stats(s), width: width)
            case .reply(_, .success(.status(let status)), _), .event(.status(let status)):
                try require(Self.inRange(status.scan), "\(excerpt(line)) read as \(String(describing: status.scan))")
            case .event(.library(.scanning(let scan))):
                try require(Self.inRange(scan), "\(excerpt(line)) read as \(scan)")
                _ = ResultText.scanning(scan)
            case .event(.library(.scanned(let o))):
                try require(
                    [o.added, o.updated, o.removed, o.unchanged, o.skipped].allSatisfy { $0 >= 0 }
                        && (0...Limits.maxDurationSeconds).contains(o.seconds),
                    "\(excerpt(line)) read as \(o)")
            default: break
            }
        }
    }
}
