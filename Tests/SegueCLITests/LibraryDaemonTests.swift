import Daemon
import FoundationEssentials
import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The user's own music through the real daemon, as `segue ctl` meets it: a folder added is
/// scanned on the daemon's scanner thread, the scan shows in `status`, and a `kill -9` in the
/// middle of a scan loses at most the batch in flight, the next start resuming where it stopped.
@Suite(.serialized) struct LibraryDaemonTests {
    /// A `library` event's scan progress, as the native protocol sends it.
    private struct LibraryEvent: Decodable {
        struct Scan: Decodable {
            var done: Int
            var total: Int?
        }
        var event: String?
        var activity: String?
        var scan: Scan?
    }

    /// The files of one scan batch (`LibraryScanner`'s default): what a kill may lose.
    private static let batchSize = 250

    /// `count` hard links to one small Ogg file in a fresh folder (cheap to make, a file each to scan).
    private func tree(of count: Int) -> String {
        let folder = Fixtures.temporaryDirectory()
        let seed = folder + "/.seed.ogg"
        Shell.writeFile(seed, Fixtures.bytes("tone.ogg"))
        for index in 0..<count {
            let path = folder + "/track \(index).ogg"
            #expect(link(seed, path) == 0, "linking \(path)")
        }
        #expect(unlink(seed) == 0)
        return folder
    }

    /// The songs `ctl stats` counts, or nil when it shows none.
    private static func songs(in stats: String) -> Int? { count("Songs", in: stats) }

    /// The number on the `label` line of `ctl stats` (`Songs     1,234`), or nil.
    private static func count(_ label: String, in stats: String) -> Int? {
        guard let line = stats.split(separator: "\n").first(where: { $0.hasPrefix(label + " ") }) else { return nil }
        return Int(line.dropFirst(label.count).filter { $0 != "," && $0 != " " })
    }

    /// The counts of the `scanned` lines in the daemon's log, in order: (added, changed, removed, unchanged).
    private static func scans(in log: String) -> [[Int]] {
        log.split(separator: "\n").filter { $0.hasPrefix("segue: scanned ") }.map { line in
            let counts = line[line.index(after: line.lastIndex(of: ":")!)...]
            return counts.split(separator: ",").prefix(4).compactMap { Int($0.split(separator: " ").first ?? "") }
        }
    }

    private func log(_ home: DaemonCtlTests.Home) -> String {
        String(decoding: Shell.readFile(home.path + "/state/daemon.log") ?? [], as: UTF8.self)
    }

    @Test func aFolderAddedIsScannedSearchedAndBrowsed() throws {
        let tree = try MusicTree.copy()
        let home = DaemonCtlTests.Home()
        defer { home.stop() }
        let add = home.ctl("folder", "add", tree.root)
        #expect(add.stdoutText == "Added \(tree.root) to the library; scanning it.\n", "\(add.stderr)")
        var stats = ""
        let scanned = Poll.until(timeout: 60) {
            stats = home.ctl("stats").stdoutText
            return Self.songs(in: stats) == tree.songs.count && !stats.contains("Last scan never")
        }
        #expect(scanned, "every file of the tree is a song once the scan ends: \(stats)")
        #expect(Self.count("Albums", in: stats) == tree.albums.count, "one album per album title of the tree: \(stats)")
        #expect(Self.count("Folders", in: stats) == 1, "\(stats)")
        #expect(home.ctl("folder", "list").stdoutText.contains(tree.root))
        #expect(home.ctl("folder", "add", tree.root).stderr == "segue: \(tree.root) is already a library folder.\n")

        // Search as you type: prefixes, accents folded, every word must match.
        let cafe = home.ctl("find", "cafe").stdoutText
        #expect(cafe.contains("Café Intro") && cafe.contains("Naïve Song") && !cafe.contains("Sunny"), "\(cafe)")
        let zoe = home.ctl("find", "zo", "summer").stdoutText
        #expect(zoe.contains("Zoë") && !zoe.contains("Rainy"), "\(zoe)")

        let albums = home.ctl("library", "albums").stdoutText
        #expect(albums.contains("Café Songs") && albums.contains("交響曲") && albums.contains("Summer Hits"), "\(albums)")

        // A local file is an item like any other: in a playlist it carries its tags, and an M3U
        // written inside the folder names it relative to the M3U.
        let intro = tree.song("Ångström Ensemble/Café Songs/01 Café Intro.mp3")
        #expect(home.ctl("playlist", "create", "Mine").exitCode == 0)
        #expect(home.ctl("playlist", "add", "Mine", intro.path).exitCode == 0)
        let shown = home.ctl("--json", "playlist", "show", "Mine").stdoutText
        #expect(
            shown.contains(#""title":"Café Intro","artist":"Ångström Ensemble","album":"Café Songs","duration":1."#),
            "the playlist item has the file's tags: \(shown)")
        let m3u = tree.root + "/Mine.m3u"
        #expect(home.ctl("playlist", "export", "Mine", m3u).exitCode == 0)
        let written = String(decoding: Shell.readFile(m3u) ?? [], as: UTF8.self)
        #expect(written.split(separator: "\n").contains { $0 == intro.relativePath }, "\(written)")
    }

    @Test func aKill9MidScanLosesAtMostABatchAndTheNextStartResumes() throws {
        let count = 8_000
        let folder = tree(of: count)
        let home = DaemonCtlTests.Home()
        defer { home.stop() }
        #expect(home.ctl("status").exitCode == 0)  // starts the daemon
        let events = try LineConnection(path: home.socket)
        try events.send(#"{"id":1,"subscribe":true}"#)
        let add = home.ctl("folder", "add", folder)
        #expect(add.stdoutText == "Added \(folder) to the library; scanning it.\n", "\(add.stderr)")
        // The scan under way, as an event (once a few batches are stored) and in `status`.
        var progress: LibraryEvent.Scan?
        while progress == nil, let line = try events.readLine(timeout: 60) {
            guard line.contains(#""event":"library""#) else { continue }
            let event = try JSONDecoder().decode(LibraryEvent.self, from: Data(line.utf8))
            if event.activity == "scanning", let scan = event.scan, scan.done >= 4 * Self.batchSize { progress = scan }
        }
        // The last progress heard before the kill: every batch before the one in flight is stored.
        let lastDone = try #require(progress, "a scanning event with files done").done
        let status = home.ctl("status").stdoutText
        #expect(status.contains("scanning "), "status shows the scan: \(status)")
        #expect(lastDone < count, "killed mid-scan (\(lastDone) of \(count) done)")
        home.stop(signal: SIGKILL)
        #expect(Self.scans(in: log(home)).isEmpty, "the first scan never finished")

        // The next start resumes the cut-short scan and completes it, reading only what was lost.
        // Once, under a loaded CI run, the first `ctl` after the kill failed and no daemon ran at
        // all (its stderr was not kept): `ctl` is asked again, and what each failure said is shown.
        var refusals: [String] = []
        let restarted = Poll.until(timeout: 30) {
            let started = home.ctl("status")
            if started.exitCode != 0 { refusals.append(started.stderr) }
            return started.exitCode == 0
        }
        #expect(restarted && refusals.count <= 1, "ctl status after the kill: \(refusals)")
        if !refusals.isEmpty { print("LibraryDaemonTests: the first ctl after the kill said: \(refusals)") }
        var scans: [[Int]] = []
        let finished = Poll.until(timeout: 120) {
            scans = Self.scans(in: log(home))
            return !scans.isEmpty
        }
        #expect(finished, "the resumed scan finished: \(log(home).suffix(2000))")
        let resumed = try #require(scans.first)
        let (added, changed, removed, unchanged) = (resumed[0], resumed[1], resumed[2], resumed[3])
        #expect(added + unchanged == count && changed == 0 && removed == 0, "\(resumed)")
        #expect(unchanged >= lastDone - Self.batchSize, "at most a batch was lost: \(unchanged) kept of \(lastDone) done")
        #expect(added > 0, "the rest was read after the restart")
        #expect(Self.songs(in: home.ctl("stats").stdoutText) == count)
    }
}
