import Checked

/// Chooses what a workout queues next, by tempo fit first and variety next:
/// 1. a fresh track (not playing, not queued, not started in the last 60 minutes) by another
///    artist than the one before it: fitting tracks first, closest fit first (in half-percent
///    steps, featured first among equals), then the closest tempo that does not fit, then
///    tracks of unknown tempo;
/// 2. when every fresh track is by that artist, the best of them (a song is never repeated
///    within the hour to avoid an artist twice);
/// 3. when nothing is fresh (the pool is exhausted), the least recently played track, by
///    another artist when there is one, so the music never stops.
struct WorkoutRanker {
    let cadence: Int
    let now: Double

    /// How good a track is for this cadence; smaller is better.
    struct Rank: Comparable {
        /// 0 fits, 1 has a known tempo that does not fit, 2 has an unknown tempo.
        var tier: Int
        var fits: Bool { tier == 0 }
        /// The fit distance in `WorkoutRules.fitStep` steps.
        var step: Int
        /// 0 featured, 1 not.
        var featured: Int
        var distance: Double
        /// Arrival order in the pool: earlier wins the last ties.
        var index: Int

        static func < (a: Rank, b: Rank) -> Bool {
            // Written out rather than as a tuple comparison, which is generic and slow unoptimised.
            if a.tier != b.tier { return a.tier < b.tier }
            if a.step != b.step { return a.step < b.step }
            if a.featured != b.featured { return a.featured < b.featured }
            if a.distance != b.distance { return a.distance < b.distance }
            return a.index < b.index
        }
    }

    /// The rank of `entry` (at `index` in the pool) for this cadence.
    func rank(_ entry: WorkoutPool.Entry, index: Int) -> Rank {
        let featured = entry.track.featured ? 0 : 1
        guard let bpm = entry.track.bpm, let distance = TempoFit.distance(bpm: bpm, cadence: cadence) else {
            return Rank(tier: 2, step: 0, featured: featured, distance: 0, index: index)
        }
        let tier = TempoFit.fits(distance: distance) ? 0 : 1
        let step = Checked.clamped(distance / WorkoutRules.fitStep, to: 0...1_000_000)
        return Rank(tier: tier, step: step, featured: featured, distance: distance, index: index)
    }

    /// The position in the pool of the track to queue after one by `previous` (nil: unknown or
    /// nothing before), or nil when every track in the pool is playing or queued.
    func next(in pool: WorkoutPool, marks: PoolMarks, after previous: ArtistKey?) -> Int? {
        var varied: (rank: Rank, index: Int)?
        var sameArtist: (rank: Rank, index: Int)?
        // Exhausted pool: the least recently started, another artist's first.
        var oldest: (repeatsArtist: Bool, started: Double, rank: Rank, index: Int)?
        for index in pool.entries.indices {
            let mark = marks[index]
            guard index != marks.current, mark?.pending != true else { continue }
            let entry = pool.entries[index]
            let repeatsArtist = previous != nil && entry.artist == previous
            let rank = rank(entry, index: index)
            if let started = mark?.started, PlayHistory.playedRecently(mark, at: now) {
                let older = oldest.map {
                    repeatsArtist != $0.repeatsArtist ? !repeatsArtist : started != $0.started ? started < $0.started : rank < $0.rank
                }
                if older ?? true { oldest = (repeatsArtist, started, rank, index) }
            } else if repeatsArtist {
                if sameArtist.map({ rank < $0.rank }) ?? true { sameArtist = (rank, index) }
            } else if varied.map({ rank < $0.rank }) ?? true {
                varied = (rank, index)
            }
        }
        return varied?.index ?? sameArtist?.index ?? oldest?.index
    }
}
