/// When a workout asks for more candidates: as the pool's fitting, unplayed tracks fall below
/// `WorkoutRules.fewFittingTracks`, and again every `WorkoutRules.candidatesInterval` seconds
/// while they stay that few; never on every event.
struct CandidateDemand: Sendable, Equatable {
    private var wasShort = false
    private var lastAsked: Double?

    /// Whether to ask now, with `fitting` fitting, unplayed tracks in the pool at time `now`.
    mutating func shouldAsk(fitting: Int, at now: Double) -> Bool {
        let short = fitting < WorkoutRules.fewFittingTracks
        defer { wasShort = short }
        guard short else { return false }
        if wasShort, let lastAsked, now - lastAsked < WorkoutRules.candidatesInterval { return false }
        lastAsked = now
        return true
    }
}
