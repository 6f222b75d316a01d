import Audio
import Daemon
import FoundationEssentials
import Player
import Session
import TestSupport
import Testing
import WireProtocol

/// The same session script, carried out in-process and over the socket: a client must see
/// exactly the same answers either way (DESIGN.md: the in-process transport behaves like the socket).
@Suite struct SessionTransportTests {
    enum Transport: String, CaseIterable { case inProcess, socket }

    /// One side of the comparison: answers a command line with (ok, text-or-error).
    final class Harness: @unchecked Sendable {
        let session: Session
        let output = ManualClockOutput()
        private var server: SessionServer?
        private var connection: LineConnection?
        private var nextID = 0

        init(_ transport: Transport) throws {
            let output = self.output
            session = Session(
                player: MusicPlayer.silent(makeOutput: { output }),
                catalog: nil)
            if transport == .socket {
                let path = Fixtures.temporaryDirectory() + "/s"
                server = try SessionServer(path: path, session: session)
                connection = try LineConnection(path: path)
            }
        }

        func run(_ line: String) throws -> (ok: Bool, text: String) {
            guard let connection else {
                switch session.perform(line: line) {
                case .success(let result): return (true, ResultText.render(result, width: 100))
                case .failure(let error): return (false, error.description)
                }
            }
            nextID += 1
            try connection.send(WireRequest(id: .number(Double(nextID)), command: line).line)
            struct Reply: Decodable {
                var ok: Bool
                var text: String?
                var error: String?
            }
            let reply = try JSONDecoder().decode(Reply.self, from: Data(try #require(try connection.readLine(timeout: 10)).utf8))
            return (reply.ok, reply.ok ? reply.text ?? "" : reply.error ?? "")
        }

        func close() {
            connection?.close()
            server?.stop()
            session.shutdown()
        }
    }

    /// Commands and what a user must be told; positions are left out (they move with time).
    static let script: [(line: String, ok: Bool, starts: String)] = [
        ("status", true, "stopped  queue empty"),
        ("play", false, "The queue is empty."),
        ("add 1:441000 2:441000 3:441000", true, "playing  1:441000"),
        ("queue", true, "▶   1  1:441000"),
        ("next", true, "playing  2:441000"),
        ("vol 30", true, "playing  2:441000"),
        ("repeat all", true, "playing  2:441000"),
        ("move 3 1", true, "playing  2:441000"),
        ("queue", true, "    1  3:441000"),
        ("remove 9", false, "There is no entry 9; the queue has 3."),
        ("jump 1", true, "playing  3:441000"),
        ("pause", true, "paused  3:441000"),
        ("seek nonsense", false, "seek needs a time like 1:23, +10 or 50%."),
        ("frobnicate", false, "unknown command \"frobnicate\" — try help."),
        ("clear", true, "stopped  queue empty"),
    ]

    @Test(arguments: Transport.allCases)
    func theScriptGivesTheSameAnswers(transport: Transport) throws {
        let harness = try Harness(transport)
        defer { harness.close() }
        for step in Self.script {
            let (ok, text) = try harness.run(step.line)
            #expect(ok == step.ok, "\(step.line)")
            #expect(text.hasPrefix(step.starts), "\(step.line): \(text)")
        }
        #expect(harness.session.snapshot.state.volume == 0.3)
    }
}
