/// The stopwatch time spent on cadence and the tempo heard, added up segment by segment: the
/// session closes a segment before anything that changes the answer (a track starting, the
/// cadence changing, a tempo arriving, a pause), so each segment has one track and one cadence.
struct CadenceTally: Sendable, Equatable {
    /// The stopwatch reading the last segment ended at.
    private var accounted: Double = 0
    /// Stopwatch seconds during which the track playing fit the cadence.
    private(set) var onCadence: Double = 0
    /// Stopwatch seconds during which the playing track's tempo was known, and those seconds
    /// weighted by the tempo.
    private var timed: Double = 0
    private var weighted: Double = 0

    /// Closes the segment ending at stopwatch reading `elapsed`, during which a track of tempo
    /// `bpm` (nil: unknown or nothing playing) played and did or did not `fit`.
    mutating func account(upTo elapsed: Double, bpm: Double?, fits: Bool) {
        let span = elapsed - accounted
        guard span > 0, span.isFinite else { return }
        accounted = elapsed
        if fits { onCadence += span }
        if let bpm {
            timed += span
            weighted += bpm * span
        }
    }

    /// The share (0…1) of `duration` stopwatch seconds spent on cadence.
    func onCadenceShare(of duration: Double) -> Double {
        guard duration > 0 else { return 0 }
        return min(1, max(0, onCadence / duration))
    }

    /// The time-weighted mean tempo, nil when no tempo was ever known while the stopwatch ran.
    var averageBPM: Double? { timed > 0 ? weighted / timed : nil }
}
