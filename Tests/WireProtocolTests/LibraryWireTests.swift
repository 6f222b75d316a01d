import Checked
import FoundationEssentials
import Library
import MusicModel
import Player
import Session
import Testing
import WireProtocol

/// The user's own music on the wire (docs/protocol.md): `folders` and `stats` results, the scan
/// in the status snapshot and `library` events read back as the same values and text; what an
/// impostor writes reads as ranged values.
@Suite struct LibraryWireTests {
    static let folders = [
        LibraryFolder(path: "/music", songs: 12_345, lastScan: 1_796_000_000, skipped: 3),
        LibraryFolder(path: "/home/ana/Música/夜に駆ける", songs: 0, lastScan: nil, skipped: 0),
    ]
    static let scan = ScanProgress(folder: "/music", done: 3120, total: 10_000)
    static let stats = LibraryStats(
        songs: 12_345, albums: 1024, artists: 512, totalSeconds: 3 * 86_400 + 4 * 3600 + 5 * 60 + 6.75, folders: 2,
        lastScan: 1_796_000_000, skipped: 3, scan: scan)

    /// The reply line for `result`, read back: the result and the text.
    private func readBack(_ result: CommandResult) throws -> (result: WireResult, text: String?) {
        let line = WireReply.success(id: .number(3), result: result)
        guard case .reply(_, let read, let text) = try DaemonMessage.parse(line) else { throw WireError.unreadableReply(line) }
        return (try read.get(), text)
    }

    /// The event in `line`.
    private func event(_ line: String) throws -> WireEvent {
        guard case .event(let event) = try DaemonMessage.parse(line) else { throw WireError.unreadableReply(line) }
        return event
    }

    /// The result in a reply line.
    private func result(_ line: String) throws -> WireResult {
        guard case .reply(_, let read, _) = try DaemonMessage.parse(line) else { throw WireError.unreadableReply(line) }
        return try read.get()
    }

    // MARK: Round trips

    @Test func foldersAndStatsReadBackWithEveryFieldAndTheirText() throws {
        let folders = try readBack(.folders(Self.folders))
        #expect(folders.result == .folders(Self.folders))
        #expect(folders.text == ResultText.render(.folders(Self.folders), width: 100))
        #expect(try readBack(.folders([])).result == .folders([]))

        let stats = try readBack(.stats(Self.stats))
        #expect(stats.result == .stats(Self.stats))
        #expect(stats.text == ResultText.render(.stats(Self.stats), width: 100))
        #expect(try readBack(.stats(LibraryStats())).result == .stats(LibraryStats()))
    }

    @Test func theWireShapeOfFoldersAndStats() {
        #expect(
            WireEncoding.result(.folders([Self.folders[0]])).rendered
                == #"{"kind":"folders","items":[{"path":"/music","songs":12345,"lastScan":1796000000,"skipped":3}]}"#)
        #expect(
            WireEncoding.result(.stats(LibraryStats(songs: 1, totalSeconds: 2.5))).rendered
                == #"{"kind":"stats","stats":{"songs":1,"albums":0,"artists":0,"totalSeconds":2.5,"folders":0,"lastScan":null,"skipped":0,"scan":null}}"#
        )
    }

    @Test func theScanRunningIsInTheStatusSnapshotAndItsLine() throws {
        for scan in [Self.scan, ScanProgress(folder: "/m", done: 7, total: nil), nil] {
            let snapshot = Snapshot(
                state: PlayerState(), current: nil, queuePosition: nil, queueLength: 0, position: 0, duration: nil, queueVersion: 4,
                scan: scan)
            let read = try event(WireReply.event("status", [("status", WireEncoding.snapshot(snapshot))]))
            guard case .status(let status) = read else { throw WireError.unreadableReply("\(read)") }
            #expect(status.scan == scan)
            #expect(status.queueVersion == 4)
        }
        let scanning = Snapshot(
            state: PlayerState(), current: nil, queuePosition: nil, queueLength: 0, position: 0, duration: nil, scan: Self.scan)
        #expect(ResultText.render(.done(scanning), width: 80) == "stopped  queue empty  vol 100%  scanning 3,120 of 10,000\n")
        let walking = Snapshot(
            state: PlayerState(), current: nil, queuePosition: nil, queueLength: 0, position: 0, duration: nil,
            scan: ScanProgress(folder: "/m", done: 1_234_567, total: nil))
        #expect(ResultText.render(.done(walking), width: 80) == "stopped  queue empty  vol 100%  scanning 1,234,567 files so far\n")
        #expect(ResultText.scanning(ScanProgress(folder: "/m", done: 0, total: nil)) == "scanning")
        #expect(ResultText.scanning(ScanProgress(folder: "/m", done: 0, total: 12)) == "scanning 0 of 12")
        let idle = Snapshot(state: PlayerState(), current: nil, queuePosition: nil, queueLength: 0, position: 0, duration: nil)
        #expect(ResultText.render(.done(idle), width: 80) == "stopped  queue empty  vol 100%\n")
    }

    @Test func libraryEventsReadBack() throws {
        let outcome = ScanOutcome(
            folders: ["/music", "/mnt/夜"], added: 9000, updated: 12, removed: 3, unchanged: 988, skipped: 4, seconds: 4.25)
        for activity in [
            LibraryActivity.scanning(Self.scan), .scanning(ScanProgress(folder: "/m", done: 0, total: nil)), .scanned(outcome), .changed,
        ] {
            #expect(try event(WireReply.libraryEvent(activity)) == .library(activity))
        }
        #expect(WireReply.libraryEvent(.changed) == #"{"event":"library","activity":"changed"}"#)
        #expect(
            WireReply.libraryEvent(.scanning(Self.scan))
                == #"{"event":"library","activity":"scanning","scan":{"folder":"/music","done":3120,"total":10000}}"#)
        // An activity a newer daemon adds still tells the client its library may have changed.
        #expect(try event(#"{"event":"library","activity":"reindexed","extra":[1]}"#) == .library(.changed))
        #expect(try event(#"{"event":"library"}"#) == .library(.changed))
    }

    // MARK: What an impostor writes

    @Test func impossibleLibraryNumbersReadAsRangedValues() throws {
        let folders = try result(
            #"{"ok":true,"result":{"kind":"folders","items":[{"path":"/m","songs":-5,"lastScan":1e300,"skipped":-1,"new":{}},{"path":"/n","songs":1,"lastScan":-3,"skipped":2}]}}"#
        )
        #expect(folders == .folders([LibraryFolder(path: "/m"), LibraryFolder(path: "/n", songs: 1, skipped: 2)]))

        let stats = try result(
            #"{"ok":true,"result":{"kind":"stats","stats":{"songs":-1,"albums":2,"artists":3,"totalSeconds":1e300,"folders":-9,"lastScan":"soon","skipped":0,"scan":{"folder":"/m","done":-4,"total":-1}}}}"#
        )
        guard case .stats(let read) = stats else { throw WireError.unreadableReply("\(stats)") }
        #expect(read.songs == 0 && read.albums == 2 && read.folders == 0 && read.lastScan == nil)
        #expect(read.totalSeconds == 864_000_000_000, "brought into the longest library a client shows")
        #expect(read.scan == ScanProgress(folder: "/m", done: 0, total: nil))
        #expect(ResultText.stats(read).contains("10,000,000 days 0:00:00"), "\(ResultText.stats(read))")

        let outcome = try event(
            #"{"event":"library","activity":"scanned","outcome":{"folders":["/m"],"added":-1,"seconds":-2,"removed":"x"}}"#)
        #expect(outcome == .library(.scanned(ScanOutcome(folders: ["/m"]))))

        // A scan in a shape the client cannot read leaves the rest of the status readable.
        let status = try event(
            #"{"event":"status","status":{"status":"playing","queueLength":0,"repeat":"none","shuffle":"off","volume":50,"crossfade":0,"prepared":true,"scan":{"done":"many"}}}"#
        )
        guard case .status(let snapshot) = status else { throw WireError.unreadableReply("\(status)") }
        #expect(snapshot.status == "playing" && snapshot.scan == nil)

        // A scanning event without its progress is no event a client can act on: a sentence.
        #expect(throws: WireError.self) { try DaemonMessage.parse(#"{"event":"library","activity":"scanning"}"#) }
    }
}
