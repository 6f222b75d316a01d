import MusicModel
import Synchronization
import Tempo

/// A tempo analyzer answering from a table (location → BPM) and recording each item it was
/// asked about, so a test can tell what was analysed and how often. A location in `failing`, or
/// one the table lacks, throws.
public final class FakeTempoAnalyzer: Sendable {
    private let tempos: [String: Double]
    private let failing: Set<String>
    private let log = Mutex<[String]>([])

    /// The analysis error: a sentence naming the item.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ tempos: [String: Double], failing: Set<String> = []) {
        self.tempos = tempos
        self.failing = failing
    }

    /// The locations analysed so far, in order.
    public var calls: [String] { log.withLock { $0 } }

    /// The analysis: pass `analyzer.estimate` as a session's `analyze`.
    @Sendable public func estimate(_ item: PlayableItem, cadence: Double?) throws -> TempoEstimate {
        log.withLock { $0.append(item.location) }
        guard !failing.contains(item.location), let bpm = tempos[item.location] else {
            throw Failure(description: "\(item.location) could not be decoded.")
        }
        return TempoEstimate(bpm: bpm, confidence: 0.9, source: .analysis)
    }
}
