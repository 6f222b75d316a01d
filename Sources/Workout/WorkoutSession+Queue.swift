extension WorkoutSession {
    /// Takes the runner's report of the seconds queued after the playing entry and extends the
    /// queue when that is below `WorkoutRules.queueAheadTarget`. A report that is not a number
    /// is ignored; a negative one reads as 0.
    mutating func reportQueue(_ seconds: Double, at now: Double) -> [WorkoutAction] {
        guard !seconds.isNaN else { return [] }
        queuedAhead = seconds > 0 ? seconds : 0
        return extendQueue(at: now)
    }

    /// Enough ranked tracks to bring the queue back above the target (tracks of unknown length
    /// count `WorkoutRules.assumedTrackSeconds`), none already queued and not yet started;
    /// nothing when the queue is long enough, unknown, or the pool has nothing to play.
    mutating func extendQueue(at now: Double) -> [WorkoutAction] {
        guard var ahead = queuedAhead, ahead < WorkoutRules.queueAheadTarget else { return [] }
        let ranker = WorkoutRanker(cadence: cadence, now: now)
        var previous = lastQueuedArtist
        var marks = PoolMarks(pool: pool, plays: plays)
        var picks: [WorkoutTrack] = []
        while ahead < WorkoutRules.queueAheadTarget, picks.count < WorkoutRules.maxTracksPerEnqueue,
            let position = ranker.next(in: pool, marks: marks, after: previous)
        {
            let entry = pool.entries[position]
            picks.append(entry.track)
            marks.markPending(position)
            previous = entry.artist
            ahead += Self.countedLength(of: entry.track)
        }
        plays.enqueued(picks.map(\.location))
        queuedAhead = ahead
        return picks.isEmpty ? [] : [.enqueue(picks)]
    }

    /// After a cadence change, or when fitting candidates arrive: the queued tracks whose known
    /// tempo does not fit come out of the queue and the ranking fills it again, fitting tracks
    /// first, so the music follows a tapped cadence at the next track rather than after
    /// everything queued for the old one (up to 90 s). Nothing moves unless at least one fitting
    /// track can take a place, so the queue never churns through the same misfits.
    mutating func requeue(at now: Double) -> [WorkoutAction] {
        let pool = self.pool
        let cadence = self.cadence
        func misfit(_ location: String) -> Bool {
            guard let bpm = pool.entry(at: location)?.track.bpm else { return false }
            return !TempoFit.fits(bpm: bpm, cadence: cadence)
        }
        guard plays.pending.contains(where: misfit) else { return [] }
        let ranker = WorkoutRanker(cadence: cadence, now: now)
        let marks = PoolMarks(pool: pool, plays: plays)
        guard let position = ranker.next(in: pool, marks: marks, after: lastQueuedArtist),
            let bpm = pool.entries[position].track.bpm, TempoFit.fits(bpm: bpm, cadence: cadence)
        else { return [] }
        let gone = plays.withdraw(where: misfit)
        if let ahead = queuedAhead {
            let freed = gone.reduce(0.0) { $0 + Self.countedLength(of: pool.entry(at: $1)?.track) }
            queuedAhead = max(0, ahead - freed)
        }
        return [.withdraw(gone)] + extendQueue(at: now)
    }

    /// Who the next queued track follows: the artist of the last track the workout queued, or
    /// of the one playing when nothing it queued is waiting.
    private var lastQueuedArtist: ArtistKey? {
        (plays.pending.last ?? plays.current).flatMap { pool.entry(at: $0)?.artist }
    }

    /// The seconds a track counts for in the queue: its length, or the assumed length when
    /// unknown, and never less than `WorkoutRules.shortestCountedTrack`.
    static func countedLength(of track: WorkoutTrack?) -> Double {
        max(track?.duration ?? WorkoutRules.assumedTrackSeconds, WorkoutRules.shortestCountedTrack)
    }
}
