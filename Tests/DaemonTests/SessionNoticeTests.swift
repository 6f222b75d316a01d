import Audio
import Daemon
import Library
import Player
import SQLiteStore
import Session
import TestSupport
import Testing
import WireProtocol

/// A session's notices (what answers no request, such as the saved queue set aside at start)
/// reach the native protocol's subscribed clients as `notice` events.
@Suite struct SessionNoticeTests {
    /// A library whose saved queue (two entries) a run that crashed while restoring left behind,
    /// and the restore marker saying so; a session on it sets the queue aside when it restores.
    private func crashedRestore() throws -> (library: MusicLibrary, marker: String, folder: String) {
        let folder = Fixtures.temporaryDirectory()
        let library = try MusicLibrary.open(path: folder + "/library.sqlite")
        let first = session(library, marker: nil)
        _ = first.perform(.restoreSavedQueue)
        _ = try first.perform(line: "add 1:441000 2:441000").get()
        first.shutdown()
        let marker = folder + "/restoring"
        Shell.writeFile(marker, Array("restoring the saved queue (pid 1)\n".utf8))
        return (library, marker, folder)
    }

    private func session(_ library: MusicLibrary, marker: String?) -> Session {
        let output = ManualClockOutput()
        return Session(
            makePlayer: { MusicPlayer.silent(makeOutput: { output }, onEvent: $0) }, catalog: nil, library: library, keepsQueue: true,
            restoreMarker: marker)
    }

    /// The notices among `events`.
    private func notices(_ events: [WireEvent]) -> [String] {
        events.compactMap { if case .notice(let message) = $0 { message } else { nil } }
    }

    /// Reads events until a notice arrives (or the deadline passes); the notices read.
    private func awaitNotice(_ connection: LineConnection) throws -> [String] {
        while let line = try connection.readLine(timeout: 10) {
            if case .event(.notice(let message)) = try DaemonMessage.parse(line) { return [message] }
        }
        return []
    }

    @Test func aSubscribedClientHearsThatTheSavedQueueWasSetAside() throws {
        let (library, marker, folder) = try crashedRestore()
        let session = session(library, marker: marker)
        let server = try SessionServer(path: folder + "/s", session: session)
        defer {
            server.stop()
            session.shutdown()
        }
        let client = try LineConnection(path: folder + "/s")
        _ = try client.ask(nil, id: 1, subscribe: true)
        _ = try session.perform(.restoreSavedQueue).get()
        let heard = try awaitNotice(client)
        let playlist = try #require(try library.playlists().first)
        #expect(heard.count == 1)
        #expect(heard.first?.contains("set aside as the playlist \"\(playlist.name)\"") == true, "\(heard)")
    }

    @Test func aNoticeFromBeforeTheServerWaitsForTheFirstSubscriber() throws {
        let (library, marker, folder) = try crashedRestore()
        let session = session(library, marker: marker)
        // As the daemon does: the queue is restored before the socket answers.
        let early = EventLog<String>()
        let observation = session.observe { if case .notice(let text) = $0 { early.record(text) } }
        _ = try session.perform(.restoreSavedQueue).get()
        observation.cancel()
        let server = try SessionServer(listening: [.unix(path: folder + "/s")], session: session, heldNotices: early.all)
        defer {
            server.stop()
            session.shutdown()
        }
        // A client that does not subscribe hears nothing of it; the first that subscribes does.
        let bystander = try LineConnection(path: folder + "/s")
        #expect(notices(try bystander.ask("status", id: 1).events).isEmpty)
        let client = try LineConnection(path: folder + "/s")
        _ = try client.ask(nil, id: 1, subscribe: true)
        let heard = try awaitNotice(client)
        #expect(heard.count == 1 && heard.first?.contains("set aside as the playlist") == true, "\(heard)")
        // Said once: a later subscriber does not hear it again.
        let later = try LineConnection(path: folder + "/s")
        _ = try later.ask(nil, id: 1, subscribe: true)
        #expect(notices(try later.ask("status", id: 2).events).isEmpty)
    }
}
