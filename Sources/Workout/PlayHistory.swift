/// What a workout has played and queued: the track playing, when each song last started
/// (event time), and the tracks it put in the queue that have not started yet, in order.
struct PlayHistory: Sendable {
    /// What is known of one location; one dictionary, so ranking looks each track up once.
    struct Mark: Sendable, Equatable {
        /// When it last started, in event time; nil when it has not.
        var started: Double?
        /// Whether the workout queued it and it has not started since.
        var pending = false
    }

    /// The location playing, nil before the first track starts.
    private(set) var current: String?
    private(set) var marks: [String: Mark] = [:]
    /// What the workout enqueued and has not started yet, in queue order.
    private(set) var pending: [String] = []
    private(set) var tracksPlayed = 0
    private(set) var skips = 0

    /// Beyond this many remembered locations, the starts of songs no longer within the repeat
    /// window and outside the pool are forgotten (a very long workout of the user's own files).
    private static let rememberedStarts = 50_000

    /// Whether a track with this mark started within the repeat window before `now`.
    static func playedRecently(_ mark: Mark?, at now: Double) -> Bool {
        guard let started = mark?.started else { return false }
        return now - started < WorkoutRules.repeatWindow
    }

    /// Records tracks put in the queue.
    mutating func enqueued(_ locations: [String]) {
        for location in locations where marks[location]?.pending != true {
            marks[location, default: Mark()].pending = true
            pending.append(location)
        }
    }

    /// Records that `location` started at `now`. When it was queued, the entries queued before
    /// it were passed over (a skip past them, a jump) and may be chosen again. Returns whether it
    /// was one the workout queued.
    @discardableResult
    mutating func started(_ location: String, at now: Double, keeping pool: (String) -> Bool) -> Bool {
        current = location
        tracksPlayed = tracksPlayed == Int.max ? tracksPlayed : tracksPlayed + 1
        marks[location, default: Mark()].started = now
        if marks.count > Self.rememberedStarts {
            marks = marks.filter { $0.value.pending || pool($0.key) || Self.playedRecently($0.value, at: now) }
        }
        guard let position = pending.firstIndex(of: location) else { return false }
        for passed in pending[...position] { marks[passed]?.pending = false }
        pending.removeSubrange(...position)
        return true
    }

    /// Takes the queued, not yet started locations that `shouldGo` picks out of `pending`
    /// (in queue order) and returns them; they may be chosen again later.
    mutating func withdraw(where shouldGo: (String) -> Bool) -> [String] {
        let gone = pending.filter(shouldGo)
        guard !gone.isEmpty else { return [] }
        for location in gone { marks[location]?.pending = false }
        pending.removeAll { marks[$0]?.pending == false }
        return gone
    }

    mutating func skipped() { skips = skips == Int.max ? skips : skips + 1 }
}
