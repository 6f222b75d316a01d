import Workout

/// A 30-s candidate whose title is its location, by an artist of its own unless one is named.
func track(
    _ location: String, bpm: Double?, artist: String? = nil, artistID: String? = nil, duration: Double? = 30, featured: Bool = false
) -> WorkoutTrack {
    WorkoutTrack(
        location: location, title: location, artist: artist ?? "Artist of \(location)", artistID: artistID, bpm: bpm, duration: duration,
        featured: featured)
}

extension Array where Element == WorkoutAction {
    /// The locations every `enqueue` among these actions appends, in order.
    var enqueued: [String] {
        flatMap { action -> [String] in
            if case .enqueue(let tracks) = action { return tracks.map(\.location) }
            return []
        }
    }

    /// The locations every `withdraw` among these actions takes out, in order.
    var withdrawn: [String] {
        flatMap { action -> [String] in
            if case .withdraw(let locations) = action { return locations }
            return []
        }
    }

    var asksForCandidates: Bool { contains(.needCandidates) }
    var changesStatus: Bool { contains(.statusChanged) }

    var summary: WorkoutSummary? {
        lazy.compactMap { action -> WorkoutSummary? in
            if case .finished(let summary) = action { return summary }
            return nil
        }.first
    }
}

extension WorkoutSession {
    /// A running workout at `cadence` started at time 0 with `pool` as its candidates.
    static func running(cadence: Int = 170, targetMinutes: Int? = nil, pool: [WorkoutTrack] = []) -> WorkoutSession {
        var session = WorkoutSession(kind: .running, cadence: cadence, targetMinutes: targetMinutes, startedAt: 1_700_000_000, at: 0)
        if !pool.isEmpty { _ = session.handle(.candidates(pool, at: 0)) }
        return session
    }

    /// What the workout queues when the runner reports room for `count` 30-s tracks at `now`.
    mutating func queue(_ count: Int, at now: Double) -> [String] {
        handle(.queueAhead(seconds: WorkoutRules.queueAheadTarget - 30 * Double(count), at: now)).enqueued
    }
}
