import Workout

/// A workout run on a manual clock through its own events, as the engine would run it: the
/// pool arrives in batches (the next one whenever the workout asks for candidates), the queue
/// is reported after every step, what the workout enqueues is appended, each track starts when
/// the one before ends, every `skipEvery`-th is skipped 10 s in, and the clock ticks. What it
/// measures is worked out here, apart from the workout's own summary, to check it by.
public struct WorkoutSimulation: Sendable {
    public var fixture: WorkoutPoolFixture
    public var cadence = 170
    public var minutes = 45
    /// Tracks per `candidates` event.
    public var batch = 1_000
    /// Every this many tracks, one is skipped 10 s in (0: none).
    public var skipEvery = 7
    /// Seconds between ticks while a track plays.
    public var tickEvery: Double = 10

    public init(fixture: WorkoutPoolFixture) { self.fixture = fixture }

    /// What happened.
    public struct Outcome: Sendable {
        /// The workout's own summary.
        public var summary: WorkoutSummary?
        /// The tracks that started, in order.
        public var played: [WorkoutTrack] = []
        /// Starts of a song that had started before.
        public var repeats = 0
        /// Consecutive tracks by the same artist (by the fixture's truth).
        public var artistRepeats = 0
        /// Times a track ended with nothing queued after it.
        public var emptyQueue = 0
        /// The longest wait, in seconds, from one track's end (or the start) to the next start.
        public var maxGap: Double = 0
        /// Tracks enqueued while already waiting in the queue.
        public var doubleEnqueues = 0
        /// The share of the workout's time a fitting track played, by the simulation's own account.
        public var onCadenceShare: Double = 0
        /// The time-weighted mean tempo of what played (nil when none was known), by the simulation's own account.
        public var averageBPM: Double?
        public var candidateRequests = 0
        public var statusChanges = 0
        public var skips = 0
    }

    /// Runs the workout from time 0 to its end.
    public func run() -> Outcome {
        var outcome = Outcome()
        var session = WorkoutSession(kind: .running, cadence: cadence, targetMinutes: minutes, startedAt: 1_700_000_000, at: 0)
        var queue: [WorkoutTrack] = []
        var delivered = 0
        var now = 0.0
        let end = Double(minutes) * 60

        func send(_ event: WorkoutEvent) {
            var actions = session.handle(event)
            while !actions.isEmpty {
                var wantsMore = false
                for action in actions {
                    switch action {
                    case .withdraw(let locations):
                        // Only what has not started: the queue here holds what follows the playing track.
                        queue.removeAll { locations.contains($0.location) }
                    case .enqueue(let tracks):
                        for track in tracks where queue.contains(where: { $0.location == track.location }) { outcome.doubleEnqueues += 1 }
                        queue += tracks
                    case .needCandidates:
                        outcome.candidateRequests += 1
                        wantsMore = true
                    case .statusChanged: outcome.statusChanges += 1
                    case .finished(let summary): outcome.summary = summary
                    }
                }
                actions = []
                if wantsMore && delivered < fixture.tracks.count {
                    let next = Array(fixture.tracks[delivered..<min(delivered + batch, fixture.tracks.count)])
                    delivered += next.count
                    actions = session.handle(.candidates(next, at: now))
                }
            }
        }
        func reportQueue() { send(.queueAhead(seconds: queue.reduce(0) { $0 + ($1.duration ?? 30) }, at: now)) }

        let first = Array(fixture.tracks.prefix(batch))
        delivered = first.count
        send(.candidates(first, at: 0))
        var playing: (track: WorkoutTrack, ends: Double, skipped: Bool)?
        var lastEnd = 0.0
        var started: Set<String> = []
        var onCadence = 0.0
        var timed = 0.0
        var weighted = 0.0
        while now < end {
            reportQueue()
            if playing == nil {
                guard !queue.isEmpty else {
                    now += 1
                    send(.tick(at: now))
                    continue
                }
                let track = queue.removeFirst()
                outcome.maxGap = max(outcome.maxGap, now - lastEnd)
                if !started.insert(track.location).inserted { outcome.repeats += 1 }
                if let previous = outcome.played.last, fixture.artistOf[previous.location] == fixture.artistOf[track.location] {
                    outcome.artistRepeats += 1
                }
                outcome.played.append(track)
                let skip = skipEvery > 0 && outcome.played.count % skipEvery == 0
                let length = track.duration ?? 30
                playing = (track, now + (skip ? min(10, length) : length), skip)
                send(.trackStarted(location: track.location, at: now))
                reportQueue()
            }
            guard let current = playing else { continue }
            let next = min(current.ends, now + tickEvery, end)
            if Self.fits(current.track.bpm, cadence) { onCadence += next - now }
            if let bpm = current.track.bpm {
                timed += next - now
                weighted += bpm * (next - now)
            }
            now = next
            if now >= current.ends {
                if current.skipped {
                    outcome.skips += 1
                    send(.skipped(at: now))
                }
                lastEnd = now
                if queue.isEmpty { outcome.emptyQueue += 1 }
                playing = nil
            } else {
                send(.tick(at: now))
            }
        }
        send(.end(at: end))
        outcome.onCadenceShare = onCadence / end
        outcome.averageBPM = timed > 0 ? weighted / timed : nil
        return outcome
    }

    /// The fit rule written out again, so the simulation does not check the workout by its own code.
    private static func fits(_ bpm: Double?, _ cadence: Int) -> Bool {
        guard let bpm else { return false }
        return [0.5, 1, 2].contains { abs(bpm / (Double(cadence) * $0) - 1) <= 0.03 + 1e-9 }
    }
}
