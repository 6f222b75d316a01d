import POSIXSupport
import WireProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the daemon's big lines into `DaemonMessage`s on a thread of its own, in the order they
/// were handed in, so that a big reply (10,000 queue entries take about 60 ms to decode) never
/// holds up a key. The UI thread polls `descriptor`, which is readable while parsed messages wait.
final class MessageParser: Sendable {
    private struct State {
        var lines: [String] = []
        var stopped = false
    }

    /// Lines longer than this (in bytes) are read here; shorter ones, on the UI thread (about a
    /// millisecond at most), unless longer ones are still being read before them.
    static let inlineLimit = 16 * 1024
    /// A line at least this long leaves enough freed memory behind to give back once applied.
    static let trimLimit = 256 * 1024

    /// Whether `lines` go to this thread rather than being read on the UI thread: when one of
    /// them is long, or when `waiting` lines handed in before them are not back yet (messages are
    /// applied in the order they came). An event or a short reply is read where it arrives:
    /// handing it here and back would cost two more wake-ups than reading it does.
    static func takes(_ lines: [String], waiting: Int) -> Bool {
        waiting > 0 || lines.contains { $0.utf8.count > inlineLimit }
    }

    private let input = ConditionLock(State())
    private let output = ConditionLock<[Result<DaemonMessage, WireError>]>([])
    private let pipeEnds: (read: Int32, write: Int32)

    /// Starts the thread; nil when no pipe could be made (the caller parses inline then).
    init?() {
        // Close-on-exec, so a daemon this UI starts holds nothing of the UI's.
        guard let ends = makeWakePipe() else { return nil }
        pipeEnds = ends
        startThread(name: "segue-ui-parse") { [self] in run() }
    }

    /// Readable while parsed messages wait for `take`.
    var descriptor: Int32 { pipeEnds.read }

    /// Queues lines for parsing.
    func submit(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        input.withLockBroadcast { $0.lines += lines }
    }

    /// The messages parsed so far, in order (or why a line could not be read).
    func take() -> [Result<DaemonMessage, WireError>] {
        drainWakePipe(pipeEnds.read)
        return output.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    /// Ends the thread; the pipe closes once it has gone.
    func stop() { input.withLockBroadcast { $0.stopped = true } }

    private func run() {
        while true {
            let batch = input.wait(until: { $0.stopped || !$0.lines.isEmpty }) { s -> [String]? in
                if s.stopped { return nil }
                defer { s.lines = [] }
                return s.lines
            }
            guard var batch else { break }
            var parsed: [Result<DaemonMessage, WireError>] = []
            parsed.reserveCapacity(batch.count)
            for index in batch.indices {
                parsed.append(Result { () throws(WireError) in try DaemonMessage.parse(batch[index]) })
                // A line is freed once read: a 10,000-entry queue's line (2 MB) is not kept
                // beside its entries while they are applied, nor while the next line is read.
                batch[index] = ""
            }
            output.withLock { $0 += parsed }
            pokeWakePipe(pipeEnds.write)
        }
        close(pipeEnds.read)
        close(pipeEnds.write)
    }
}
