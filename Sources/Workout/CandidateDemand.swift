/// When a workout asks for more candidates: as the pool's fitting, unplayed tracks fall below
/// `WorkoutRules.fewFittingTracks`, and again every `WorkoutRules.candidatesInterval` seconds
/// while they stay that few; never on every event. The start counts as the first request
/// (whoever starts a workout gathers its first candidates then, often one track at a time), so
/// an empty pool at the start is asked about again a minute later, not at once.
struct CandidateDemand: Sendable, Equatable {
    private var wasShort = true
    private var lastAsked: Double

    /// Demand for a workout started at `start`.
    init(startingAt start: Double) { lastAsked = start }

    /// Whether to ask now, with `fitting` fitting, unplayed tracks in the pool at time `now`.
    mutating func shouldAsk(fitting: Int, at now: Double) -> Bool {
        let short = fitting < WorkoutRules.fewFittingTracks
        defer { wasShort = short }
        guard short else { return false }
        if wasShort, now - lastAsked < WorkoutRules.candidatesInterval { return false }
        lastAsked = now
        return true
    }
}
