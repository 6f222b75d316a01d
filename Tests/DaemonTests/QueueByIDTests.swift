import Audio
import Daemon
import Dispatch
import Player
import Session
import TestSupport
import Testing
import WireProtocol
import MusicModel

/// Clients editing one queue through the daemon's socket by entry id (`#ID`), and catching up
/// with `queue --since V`: what two terminal UIs and a `segue ctl` loop do at once.
@Suite struct QueueByIDTests {
    /// A server over a session whose items come with their tags and length, so the player never
    /// fills them in: only the clients' edits change the queue.
    private func serve() throws -> (SessionServer, Session, String) {
        let path = Fixtures.temporaryDirectory() + "/s"
        let output = ManualClockOutput()
        let session = Session(
            player: MusicPlayer.silent(makeOutput: { output }), catalog: nil,
            item: { PlayableItem(location: $0, title: "Song \($0)", artist: "Band", album: "Night", duration: 10) })
        return (try SessionServer(path: path, session: session), session, path)
    }

    /// One client: requests answered in order on its own connection.
    final class Client: @unchecked Sendable {
        let connection: LineConnection
        private var nextID = 1.0

        init(_ path: String) throws { connection = try LineConnection(path: path) }

        /// Sends every line at once, then reads their replies, so edits of two clients interleave at the server.
        func send(_ commands: [String]) throws -> [Result<WireResult, WireFailure>] {
            let first = nextID
            for command in commands {
                try connection.send(WireRequest(id: .number(nextID), command: command).line)
                nextID += 1
            }
            var results: [Result<WireResult, WireFailure>] = []
            while results.count < commands.count {
                let line = try #require(try connection.readLine(timeout: 20), "the daemon answered \(results.count) of \(commands.count)")
                guard case .reply(let id, let result, _) = try DaemonMessage.parse(line) else { continue }
                #expect(id == .number(first + Double(results.count)), "replies come in order")
                results.append(result)
            }
            return results
        }

        func run(_ command: String) throws -> WireResult { try send([command])[0].get() }

        func queue() throws -> (entries: [WireEntry], version: Int) {
            guard case .queue(let entries, _, let version?) = try run("queue") else {
                throw WireFailure(message: "queue gave no versioned queue")
            }
            return (entries, version)
        }
    }

    @Test func twoClientsEditingAtOnceEachEditTheEntryTheyNamed() throws {
        let (server, session, path) = try serve()
        defer {
            server.stop()
            session.shutdown()
        }
        let a = try Client(path)
        let b = try Client(path)
        for round in 0..<5 {
            _ = try a.run("clear")
            guard case .added(let ids, _) = try a.run("add " + (1...40).map { "\(round)-\($0):441000" }.joined(separator: " ")) else {
                Issue.record("add did not answer with the new ids")
                return
            }
            #expect(try a.queue().entries.map(\.id) == ids, "the ids add answered are the queue's")
            let evens = stride(from: 0, to: 40, by: 2).map { ids[$0] }
            let odds = stride(from: 1, to: 40, by: 2).map { ids[$0] }
            // A removes every other entry while B moves each of the others to the top: by
            // positions the two would keep hitting each other's entries.
            nonisolated(unsafe) var removals: [Result<WireResult, WireFailure>] = []
            nonisolated(unsafe) var moves: [Result<WireResult, WireFailure>] = []
            nonisolated(unsafe) var failure: (any Error)?
            DispatchQueue.concurrentPerform(iterations: 2) { client in
                do {
                    if client == 0 {
                        removals = try a.send(evens.map { "remove #\($0)" })
                    } else {
                        moves = try b.send(odds.map { "move #\($0) 1" })
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            #expect(removals.allSatisfy { (try? $0.get()) != nil } && moves.allSatisfy { (try? $0.get()) != nil })
            let final = try a.queue().entries
            #expect(final.map(\.id) == odds.reversed(), "round \(round): only A's entries are gone, and B's are in the order B moved them")
            #expect(final.map(\.item.location) == odds.reversed().map { "\(round)-\(ids.firstIndex(of: $0)! + 1):441000" })

            // Both remove the same entries at once: each goes once, and the other client hears it is gone.
            let both = Array(final.prefix(10).map(\.id))
            nonisolated(unsafe) var answers: [[Result<WireResult, WireFailure>]] = [[], []]
            DispatchQueue.concurrentPerform(iterations: 2) { client in
                answers[client] = (try? (client == 0 ? a : b).send(both.map { "remove #\($0)" })) ?? []
            }
            #expect(answers[0].count == 10 && answers[1].count == 10)
            for (index, id) in both.enumerated() {
                let outcomes = [answers[0][index], answers[1][index]]
                #expect(outcomes.filter { (try? $0.get()) != nil }.count == 1, "#\(id) is removed exactly once")
                #expect(
                    outcomes.contains {
                        if case .failure(let f) = $0 { f.message == "There is no entry #\(id) in the queue." } else { false }
                    })
            }
            #expect(try a.queue().entries.map(\.id) == Array(odds.reversed().dropFirst(10)))
        }
    }

    /// Random edits by one client; another follows with `queue --since V` and must hold what a
    /// full fetch gives, entry for entry, at the same version.
    @Test func changesSinceAVersionAddUpToTheWholeQueue() throws {
        let (server, session, path) = try serve()
        defer {
            server.stop()
            session.shutdown()
        }
        let editor = try Client(path)
        let follower = try Client(path)
        let lagging = try Client(path)
        var held = try follower.queue()
        var lagged = try lagging.queue()
        var rng = SplitMix64(seed: 0x0051_7CE5)
        var made = 0
        var followed = 0
        func items(_ n: Int) -> String {
            (0..<n).map { _ in
                made += 1
                return "\(made):441000"
            }.joined(separator: " ")
        }
        func catchUp(_ client: Client, _ state: inout (entries: [WireEntry], version: Int)) throws {
            switch try client.run("queue --since \(state.version)") {
            case .queueChanges(let changes):
                #expect(changes.since == state.version)
                let entries = try #require(changes.apply(to: state.entries), "the changes add up")
                state = (entries, changes.version)
                followed += 1
            case .queue(let entries, _, let version?):
                state = (entries, version)
            case let other:
                Issue.record("queue --since answered \(other)")
            }
            let full = try client.queue()
            #expect(state.version == full.version)
            #expect(state.entries == full.entries, "version \(full.version)")
        }
        for step in 0..<200 {
            let entries = try editor.queue().entries
            let someID = entries.isEmpty ? "#1" : "#\(entries[rng.int(entries.count)].id)"
            let command: String
            switch rng.int(10) {
            case 0, 1: command = "add " + items(1 + rng.int(3))
            case 2: command = "playnext " + items(1 + rng.int(2))
            case 3, 4: command = "move \(someID) \(1 + rng.int(entries.count + 2))"
            case 5: command = "remove \(someID)"
            case 6: command = entries.isEmpty ? "status" : "remove \(1 + rng.int(entries.count))"
            case 7: command = "jump \(someID)"
            case 8: command = rng.int(5) == 0 ? "clear" : "replace 1 " + items(1 + rng.int(6))
            default: command = "volume \(rng.int(101))"
            }
            _ = try editor.send([command])
            try catchUp(follower, &held)
            if step % 7 == 6 { try catchUp(lagging, &lagged) }
        }
        #expect(followed > 150, "most catch-ups came as changes (\(followed))")
    }
}
