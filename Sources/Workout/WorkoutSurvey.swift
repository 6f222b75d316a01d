/// One pass over the pool at one moment: how many fitting tracks are left to play, and what to
/// recommend: the fresh featured tracks first, in the order they arrived, then the best-ranked
/// fresh others, `WorkoutRules.recommendationCount` in all. Fresh means not playing, not queued
/// and not started in the last 60 minutes.
struct WorkoutSurvey: Sendable, Equatable {
    private(set) var fittingFresh = 0
    private(set) var recommended: [WorkoutTrack] = []

    init() {}

    init(pool: WorkoutPool, plays: PlayHistory, cadence: Int, at now: Double) {
        let limit = WorkoutRules.recommendationCount
        let ranker = WorkoutRanker(cadence: cadence, now: now)
        var featured: [WorkoutTrack] = []
        // The best others so far, best first; never longer than `limit`.
        var best: [(rank: WorkoutRanker.Rank, track: WorkoutTrack)] = []
        let marks = PoolMarks(pool: pool, plays: plays)
        for index in pool.entries.indices where marks.isFresh(index, at: now) {
            let entry = pool.entries[index]
            let track = entry.track
            let rank = ranker.rank(entry, index: index)
            if rank.fits { fittingFresh += 1 }
            if track.featured {
                if featured.count < limit { featured.append(track) }
                continue
            }
            if best.count == limit, let worst = best.last, !(rank < worst.rank) { continue }
            let position = best.firstIndex(where: { rank < $0.rank }) ?? best.endIndex
            best.insert((rank, track), at: position)
            if best.count > limit { best.removeLast() }
        }
        recommended = featured + best.prefix(limit - featured.count).map(\.track)
    }
}
