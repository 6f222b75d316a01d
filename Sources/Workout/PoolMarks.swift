/// The play marks of the pool's tracks by position, gathered once for one pass over the pool,
/// so that the pass looks nothing up by location (hashing every location of a 10,000-track pool
/// on every pass cost more than the ranking itself).
struct PoolMarks {
    private var marks: [PlayHistory.Mark?]
    /// The position of the track playing, when the pool holds it.
    let current: Int?

    init(pool: WorkoutPool, plays: PlayHistory) {
        marks = Array(repeating: nil, count: pool.count)
        for (location, mark) in plays.marks {
            if let position = pool.position(of: location) { marks[position] = mark }
        }
        current = plays.current.flatMap { pool.position(of: $0) }
    }

    subscript(position: Int) -> PlayHistory.Mark? { marks[position] }

    /// Whether the track at `position` may be chosen without repeating: not playing, not
    /// queued, not started within the repeat window before `now`.
    func isFresh(_ position: Int, at now: Double) -> Bool {
        guard position != current else { return false }
        guard let mark = marks[position] else { return true }
        return !mark.pending && !PlayHistory.playedRecently(mark, at: now)
    }

    /// Notes that the track at `position` was just queued.
    mutating func markPending(_ position: Int) {
        var mark = marks[position] ?? PlayHistory.Mark()
        mark.pending = true
        marks[position] = mark
    }
}
