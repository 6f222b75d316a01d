/// What a workout has played and queued: the track playing, when each song last started
/// (event time), and the tracks it put in the queue that have not started yet, in order.
struct PlayHistory: Sendable {
    /// The location playing, nil before the first track starts.
    private(set) var current: String?
    /// When each location last started, in event time.
    private(set) var lastStarted: [String: Double] = [:]
    /// What the workout enqueued and has not started yet, in queue order.
    private(set) var pending: [String] = []
    private var pendingSet: Set<String> = []
    private(set) var tracksPlayed = 0
    private(set) var skips = 0

    /// Beyond this many remembered starts, those of songs no longer eligible for the 60-minute
    /// rule and outside the pool are forgotten (a very long workout of the user's own files).
    private static let rememberedStarts = 50_000

    func isPending(_ location: String) -> Bool { pendingSet.contains(location) }

    /// Whether `location` started within the repeat window before `now`.
    func playedRecently(_ location: String, at now: Double) -> Bool {
        guard let started = lastStarted[location] else { return false }
        return now - started < WorkoutRules.repeatWindow
    }

    /// Whether the location may be chosen without repeating: not playing, not queued, not
    /// started within the repeat window.
    func isFresh(_ location: String, at now: Double) -> Bool {
        location != current && !isPending(location) && !playedRecently(location, at: now)
    }

    /// Records tracks put in the queue.
    mutating func enqueued(_ locations: [String]) {
        for location in locations where pendingSet.insert(location).inserted { pending.append(location) }
    }

    /// Records that `location` started at `now`. When it was queued, the entries queued before
    /// it were passed over (a skip past them, a jump) and may be chosen again. Returns whether it
    /// was one the workout queued.
    @discardableResult
    mutating func started(_ location: String, at now: Double, keeping pool: (String) -> Bool) -> Bool {
        current = location
        tracksPlayed = tracksPlayed == Int.max ? tracksPlayed : tracksPlayed + 1
        lastStarted[location] = now
        if lastStarted.count > Self.rememberedStarts {
            lastStarted = lastStarted.filter { pool($0.key) || now - $0.value < WorkoutRules.repeatWindow }
        }
        guard let position = pending.firstIndex(of: location) else { return false }
        for passed in pending[...position] { pendingSet.remove(passed) }
        pending.removeSubrange(...position)
        return true
    }

    mutating func skipped() { skips = skips == Int.max ? skips : skips + 1 }
}
