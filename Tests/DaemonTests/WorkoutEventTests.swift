import Audio
import Player
import Session
import TestSupport
import Testing
import WireProtocol
import Workout

@testable import Daemon

/// The session's workout news reaches the native protocol's subscribed clients as `workout`
/// events (docs/protocol.md), and only them.
@Suite struct WorkoutEventTests {
    static let status = WorkoutStatus(
        kind: .running, phase: .running, elapsed: 754.5, target: 1800, cadence: 170, currentBPM: 171.5, onCadence: true,
        recommended: [
            WorkoutTrack(location: "itunes:9000000201", title: "Paper Boats", artist: "The Paper Lanterns", bpm: 170, featured: true),
            WorkoutTrack(location: "/music/run.mp3", title: "Run", artist: "Band"),
        ], tracksPlayed: 4, skips: 1)

    /// Reads events until one satisfies `wanted` (every read has a deadline); nil when the
    /// connection goes quiet first.
    private func awaitEvent(_ connection: LineConnection, _ wanted: (WireEvent) -> Bool) throws -> WireEvent? {
        while let line = try connection.readLine(timeout: 10) {
            if case .event(let event) = try DaemonMessage.parse(line), wanted(event) { return event }
        }
        return nil
    }

    @Test func aSubscribedClientHearsTheWorkoutAndItsEnd() throws {
        let folder = Fixtures.temporaryDirectory()
        let output = ManualClockOutput()
        let session = Session(makePlayer: { MusicPlayer.silent(makeOutput: { output }, onEvent: $0) }, catalog: nil)
        let native = NativeProtocol(session: session)
        let server = try LineServer(listener: try Listener(.unix(path: folder + "/s")), handler: native)
        defer {
            server.stop()
            native.close(waitingUpTo: 0)
            session.shutdown()
        }
        let subscriber = try LineConnection(path: folder + "/s")
        let bystander = try LineConnection(path: folder + "/s")
        _ = try subscriber.ask(nil, id: 1, subscribe: true)

        native.publish(.workout(Self.status))
        let heard = try awaitEvent(subscriber) { if case .workout = $0 { true } else { false } }
        #expect(heard == .workout(Self.status))

        native.publish(.workout(nil))
        let ended = try awaitEvent(subscriber) { if case .workout = $0 { true } else { false } }
        #expect(ended == .workout(nil), "the end is a workout event with no workout")

        // A client that did not subscribe hears none of it: only its reply comes back.
        let (events, _) = try bystander.ask("status", id: 2)
        #expect(!events.contains { if case .workout = $0 { true } else { false } }, "\(events)")
    }

    @Test func aSubscribedClientHearsTheWorkoutASessionRuns() throws {
        let folder = Fixtures.temporaryDirectory()
        let output = ManualClockOutput()
        let session = Session(makePlayer: { MusicPlayer.silent(makeOutput: { output }, onEvent: $0) }, catalog: nil)
        let server = try SessionServer(path: folder + "/s", session: session)
        defer {
            server.stop()
            session.shutdown()
        }
        let subscriber = try LineConnection(path: folder + "/s")
        let other = try LineConnection(path: folder + "/s")
        _ = try subscriber.ask(nil, id: 1, subscribe: true)

        // Another client starts a workout; the subscriber hears of it.
        let (_, reply) = try other.ask("workout start cycling --cadence 92", id: 2)
        guard case .reply(_, .success(.workout(let started?)), _) = reply else { throw WireError.unreadableReply("\(reply)") }
        #expect(started.kind == .cycling && started.cadence == 92)
        let heard = try awaitEvent(subscriber) { if case .workout(let s?) = $0 { s.kind == .cycling } else { false } }
        guard case .workout(let status?) = heard else { throw WireError.unreadableReply("no workout event: \(String(describing: heard))") }
        #expect(status.cadence == 92 && status.phase == .running)

        _ = try other.ask("workout end", id: 3)
        let ended = try awaitEvent(subscriber) { $0 == .workout(nil) }
        #expect(ended == .workout(nil), "the end is a workout event with no workout")
    }
}
