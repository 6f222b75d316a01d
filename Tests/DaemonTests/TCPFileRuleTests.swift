import Audio
import Daemon
import Library
import Player
import SQLiteStore
import Session
import TestSupport
import Testing
import WireProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// Any user of the machine can reach a TCP port, so over TCP the native protocol reads and
/// writes no local file for them; the private Unix socket still does.
@Suite struct TCPFileRuleTests {
    /// A session with a library, served on a Unix socket and a TCP loopback port. Catalog items
    /// (`itunes:N`) play as the fake decoder's track N.
    private func serve() throws -> (server: SessionServer, session: Session, folder: String) {
        let folder = Fixtures.temporaryDirectory()
        let output = ManualClockOutput()
        let library = try MusicLibrary.open(path: folder + "/library.sqlite")
        let session = Session(
            makePlayer: {
                MusicPlayer.silent(
                    makeOutput: { output },
                    openSource: { item in
                        NamedSource((item.location.hasPrefix("itunes:") ? String(item.location.dropFirst(7)) : item.location) + ":441000")
                    }, onEvent: $0)
            }, catalog: nil, library: library)
        let server = try SessionServer(listening: [.unix(path: folder + "/s"), .tcp(host: .loopback, port: 0)], session: session)
        return (server, session, folder)
    }

    private static let refusal = "Over TCP the daemon does not read or write files"

    @Test func overTCPCommandsNamingLocalFilesAreRefusedAndTheRestWork() throws {
        let (server, session, folder) = try serve()
        defer {
            server.stop()
            session.shutdown()
        }
        let tcp = try LineConnection(connectingTo: try #require(server.addresses.last))
        #expect(try tcp.failure(of: "playlist create p", id: 1) == nil)

        let exported = folder + "/exported.m3u"
        let exportRefusal = try tcp.failure(of: "playlist export p \(exported)", id: 2) ?? "no refusal"
        #expect(
            exportRefusal.hasPrefix(Self.refusal) && exportRefusal.contains(exported) && exportRefusal.contains("segue ctl"),
            "\(exportRefusal)")
        #expect(access(exported, F_OK) != 0, "no file was written")
        #expect(try tcp.failure(of: "playlist export p", id: 3) == nil, "exporting to standard output is fine")

        let addRefusal = try tcp.failure(of: "add /music/file.mp3", id: 4) ?? "no refusal"
        #expect(addRefusal.hasPrefix(Self.refusal) && addRefusal.contains("/music/file.mp3"), "\(addRefusal)")
        #expect(session.queue.entries.isEmpty, "the queue is unchanged")
        for (id, line) in [
            (5.0, "playnext itunes:1 a.mp3"), (6, "replace 1 itunes:1 /b.mp3"), (7, "playlist add p /c.mp3"),
            (7.25, "tempo itunes:1 /d.mp3"),
            (7.5, "workout add playlist:Run /e.m4a"), (7.75, "workout play /f.mp3"),
            (7.8, "folder add \(folder)"), (7.85, "folder remove \(folder)"), (7.9, "rescan \(folder)"),
            (7.95, "library folder \(folder)"),
        ] {
            #expect(try tcp.failure(of: line, id: id)?.hasPrefix(Self.refusal) == true, "\(line)")
        }
        #expect(try tcp.failure(of: "playlist import \(folder)/list.m3u", id: 8)?.hasPrefix(Self.refusal) == true)
        #expect(session.queue.entries.isEmpty)

        // Everything else works as on the socket.
        let (_, added) = try tcp.ask("add itunes:1 itunes:2", id: 10)
        guard case .reply(_, .success(.added(let ids, _)), _) = added else {
            Issue.record("add itunes:1 itunes:2 was not answered with the new ids: \(added)")
            return
        }
        #expect(ids.count == 2 && session.queue.entries.map(\.item.location) == ["itunes:1", "itunes:2"])
        #expect(try tcp.failure(of: "status", id: 11) == nil)
        #expect(try tcp.failure(of: "next", id: 12) == nil)
        #expect(session.snapshot.queuePosition == 2, "next moved on")
    }

    @Test func overTheSocketTheSameExportWritesTheFile() throws {
        let (server, session, folder) = try serve()
        defer {
            server.stop()
            session.shutdown()
        }
        let local = try LineConnection(path: folder + "/s")
        #expect(try local.failure(of: "playlist create p", id: 1) == nil)
        let exported = folder + "/exported.m3u"
        #expect(try local.failure(of: "playlist export p \(exported)", id: 2) == nil)
        #expect(access(exported, F_OK) == 0, "the socket's client may have the daemon write files")
        #expect(try local.failure(of: "add /music/file.mp3", id: 3) == nil)
    }
}
