import Audio
import Library
import Player
import Session
import TestSupport
import Testing
import WireProtocol

@testable import Daemon

/// The session's library activity reaches the native protocol's subscribed clients as `library`
/// events (docs/protocol.md): a scan's progress at most four times a second, its end and songs
/// changed on disk always.
@Suite struct LibraryEventWireTests {
    @Test func subscribersHearTheLibraryWithProgressThinnedOut() throws {
        let folder = Fixtures.temporaryDirectory()
        let output = ManualClockOutput()
        let clock = ManualClock()
        let session = Session(makePlayer: { MusicPlayer.silent(makeOutput: { output }, onEvent: $0) }, catalog: nil)
        let native = NativeProtocol(session: session, clock: { clock.now })
        let server = try LineServer(listener: try Listener(.unix(path: folder + "/s")), handler: native)
        defer {
            server.stop()
            native.close(waitingUpTo: 0)
            session.shutdown()
        }
        let subscriber = try LineConnection(path: folder + "/s")
        let bystander = try LineConnection(path: folder + "/s")
        _ = try subscriber.ask(nil, id: 1, subscribe: true)

        func progress(_ done: Int) -> LibraryActivity { .scanning(ScanProgress(folder: "/music", done: done, total: 10_000)) }
        let outcome = ScanOutcome(folders: ["/music"], added: 10_000, seconds: 4.5)
        native.publish(.library(progress(1)))
        native.publish(.library(progress(2)))  // the same instant: not sent
        clock.advance(by: 0.2)
        native.publish(.library(progress(3)))  // 0.2 s after the last sent: not sent
        clock.advance(by: 0.05)
        native.publish(.library(progress(4)))  // 0.25 s after: sent
        native.publish(.library(.changed))
        native.publish(.library(.scanned(outcome)))
        native.publish(.library(progress(5)))  // a new scan's first progress goes out at once

        // The events sent before the reply to this request are those published above, in order.
        let (events, _) = try subscriber.ask("status", id: 2)
        #expect(events == [progress(1), progress(4), .changed, .scanned(outcome), progress(5)].map(WireEvent.library))

        // A client that did not subscribe hears none of it.
        let (heard, _) = try bystander.ask("status", id: 3)
        #expect(heard.isEmpty, "\(heard)")
    }
}
