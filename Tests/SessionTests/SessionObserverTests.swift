import Audio
import Library
import Player
import SQLiteStore
import Session
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a session tells its observers, and the queue it keeps between runs (restored through
/// `perform`, like every other change of player state).
@Suite struct SessionObserverTests {
    /// Events an observer heard, in order.
    final class Heard: Sendable {
        private let events = Mutex<[SessionEvent]>([])
        func record(_ event: SessionEvent) { events.withLock { $0.append(event) } }
        var all: [SessionEvent] { events.withLock { $0 } }
        var queueChanges: Int { all.count { if case .player(.queueChanged) = $0 { true } else { false } } }
        var notices: [String] { all.compactMap { if case .notice(let text) = $0 { text } else { nil } } }
        var catalogNotices: [String?] { all.compactMap { if case .catalogNotice(let notice) = $0 { notice } else { nil } } }
    }

    private func makeSession(
        library: MusicLibrary? = nil, keepsQueue: Bool = false, marker: String? = nil,
        catalogNotice: (@Sendable () -> String?)? = nil
    ) -> Session {
        let output = ManualClockOutput()
        return Session(
            makePlayer: { MusicPlayer.silent(makeOutput: { output }, onEvent: $0) }, catalog: nil, library: library,
            catalogNotice: catalogNotice, keepsQueue: keepsQueue, restoreMarker: marker)
    }

    private func locations(_ session: Session) -> [String] { session.queue.entries.map(\.item.location) }

    @Test func observersHearWhatCommandsChangeUntilCancelledOrReleased() throws {
        let session = makeSession()
        defer { session.shutdown() }
        let cancelled = Heard()
        let released = Heard()
        let staying = Heard()
        let first = session.observe { cancelled.record($0) }
        var second: SessionObservation? = session.observe { released.record($0) }
        let third = session.observe { staying.record($0) }
        defer { third.cancel() }
        _ = second

        _ = try session.perform(line: "add 1:441000 2:441000").get()
        #expect(Poll.until(timeout: 10) { staying.queueChanges >= 1 })
        #expect(cancelled.queueChanges >= 1 && released.queueChanges >= 1, "every observer hears the edit")

        first.cancel()
        second = nil
        let before = (cancelled.all.count, released.all.count, staying.queueChanges)
        _ = try session.perform(line: "remove 2").get()
        // Observers are called in the order they registered: once the last one heard the edit,
        // the others would have heard it before.
        #expect(Poll.until(timeout: 10) { staying.queueChanges > before.2 })
        #expect(cancelled.all.count == before.0, "a cancelled observer hears nothing more")
        #expect(released.all.count == before.1, "a released observation hears nothing more")
    }

    @Test func aCatalogNoticeIsPublishedOncePerChange() throws {
        let offline = Mutex(false)
        let session = makeSession(catalogNotice: { offline.withLock { $0 } ? "The iTunes catalog is unreachable." : nil })
        defer { session.shutdown() }
        let heard = Heard()
        let observation = session.observe { heard.record($0) }
        defer { observation.cancel() }
        _ = try session.perform(line: "status").get()
        #expect(heard.catalogNotices.isEmpty, "nothing to say while the catalog answers")
        offline.withLock { $0 = true }
        _ = try session.perform(line: "status").get()
        _ = try session.perform(line: "status").get()
        #expect(heard.catalogNotices == ["The iTunes catalog is unreachable."], "said once, before perform returned")
        offline.withLock { $0 = false }
        _ = try session.perform(line: "status").get()
        #expect(heard.catalogNotices == ["The iTunes catalog is unreachable.", nil])
    }

    @Test func aKeptQueueComesBackThroughPerform() throws {
        let path = Fixtures.temporaryDirectory() + "/library.sqlite"
        let first = makeSession(library: try MusicLibrary.open(path: path), keepsQueue: true)
        _ = first.perform(.restoreSavedQueue)  // nothing saved yet: an empty queue
        #expect(locations(first).isEmpty)
        _ = try first.perform(line: "add 1:441000 2:441000 3:441000").get()
        _ = try first.perform(line: "jump 2").get()
        _ = try first.perform(line: "volume 30").get()
        _ = try first.perform(line: "repeat all").get()
        _ = try first.perform(line: "single oneshot").get()
        _ = try first.perform(line: "consume on").get()
        first.shutdown()

        // A session that never restored (a second daemon) saves nothing over it.
        let bystander = makeSession(library: try MusicLibrary.open(path: path), keepsQueue: true)
        _ = try bystander.perform(line: "add 9:441000").get()
        bystander.shutdown()

        let second = makeSession(library: try MusicLibrary.open(path: path), keepsQueue: true)
        defer { second.shutdown() }
        _ = try second.perform(.restoreSavedQueue).get()
        #expect(locations(second) == ["1:441000", "2:441000", "3:441000"])
        #expect(second.snapshot.queuePosition == 2)
        #expect(second.snapshot.state.volume == 0.3)
        #expect(second.snapshot.state.repeatMode == .all)
        #expect(second.snapshot.state.singleMode == .oneshot && second.snapshot.state.consumeMode == .on, "the modes survive too")
        #expect(second.snapshot.state.playbackStatus != .playing, "restored paused")
    }

    @Test func aRestoreThatCrashedSetsTheQueueAsideAndSaysSo() throws {
        let folder = Fixtures.temporaryDirectory()
        let library = try MusicLibrary.open(path: folder + "/library.sqlite")
        let first = makeSession(library: library, keepsQueue: true)
        _ = first.perform(.restoreSavedQueue)
        _ = try first.perform(line: "add 1:441000 2:441000").get()
        first.shutdown()
        // What a run that crashed while restoring leaves behind.
        let marker = folder + "/restoring"
        Shell.writeFile(marker, Array("restoring the saved queue (pid 1)\n".utf8))

        let second = makeSession(library: library, keepsQueue: true, marker: marker)
        defer { second.shutdown() }
        let heard = Heard()
        let observation = second.observe { heard.record($0) }
        defer { observation.cancel() }
        _ = try second.perform(.restoreSavedQueue).get()
        #expect(locations(second).isEmpty, "the queue starts empty")
        let playlist = try #require(try library.playlists().first)
        #expect(playlist.name.hasPrefix("Queue set aside 20") && playlist.itemCount == 2)
        #expect(heard.notices.count == 1)
        #expect(heard.notices.first?.contains("2 entries were set aside as the playlist \"\(playlist.name)\"") == true, "\(heard.notices)")
        #expect(access(marker, F_OK) != 0, "the marker is gone once the queue is set aside")
    }

    @Test func anOrderlyStopAfterARestoreLeavesNoMarker() throws {
        let folder = Fixtures.temporaryDirectory()
        let path = folder + "/library.sqlite"
        let marker = folder + "/restoring"
        let first = makeSession(library: try MusicLibrary.open(path: path), keepsQueue: true, marker: marker)
        _ = first.perform(.restoreSavedQueue)
        _ = try first.perform(line: "add 1:441000").get()
        first.shutdown()
        #expect(access(marker, F_OK) != 0, "nothing was restored, so there was no marker")

        let second = makeSession(library: try MusicLibrary.open(path: path), keepsQueue: true, marker: marker)
        _ = try second.perform(.restoreSavedQueue).get()
        #expect(locations(second) == ["1:441000"])
        second.shutdown()
        #expect(access(marker, F_OK) != 0, "an orderly stop removes it")
    }
}
