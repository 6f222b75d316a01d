/// A workout as a value (swift-nio style: events in, actions out, no threads, no clock of its
/// own): the stopwatch, the cadence, the pool of candidates ranked by tempo fit and variety,
/// and what has played.
///
/// Every event carries its monotonic time; a time that runs backwards or is not a number is
/// read as the latest one seen, so nothing here traps or runs the stopwatch backwards. After
/// `end`, events do nothing. docs/workout.md describes how it chooses music.
public struct WorkoutSession: Sendable {
    public private(set) var kind: WorkoutKind
    /// Steps (or pedal turns) per minute, always within `WorkoutRules.cadences`.
    public private(set) var cadence: Int
    /// When it started, in seconds since 1970 (for the summary).
    let startedAt: Double
    var clock: MonotonicTime
    var stopwatch: Stopwatch
    var pool = WorkoutPool()
    var plays = PlayHistory()
    var tally = CadenceTally()
    /// Seconds of music queued after the playing entry: the last report plus what was queued
    /// since; nil before the first report.
    var queuedAhead: Double?
    var demand: CandidateDemand
    /// The pool as last surveyed (after anything that changes it or the cadence), and when.
    var survey = WorkoutSurvey()
    var surveyedAt: Double?
    /// What front ends were last told, to emit `statusChanged` only when that changes.
    var shown: ShownStatus?

    /// Starts a workout at monotonic time `now`; `startedAt` is the wall clock (seconds since
    /// 1970) for the summary. `cadence` nil takes the kind's default; `targetMinutes` nil is
    /// open-ended. A cadence outside `WorkoutRules.cadences` is clamped into it; a target of
    /// no minutes is none, and one past `WorkoutRules.maxTargetMinutes` is that.
    public init(kind: WorkoutKind, cadence: Int?, targetMinutes: Int?, startedAt: Double, at now: Double) {
        self.kind = kind
        self.cadence = CadenceChange.absolute(cadence ?? kind.defaultCadence).applied(to: kind.defaultCadence)
        self.startedAt = startedAt.isFinite ? startedAt : 0
        clock = MonotonicTime(now)
        let minutes = targetMinutes.flatMap { $0 > 0 ? min($0, WorkoutRules.maxTargetMinutes) : nil }
        stopwatch = Stopwatch(startingAt: clock.latest, target: minutes.map { Double($0) * 60 })
        demand = CandidateDemand(startingAt: clock.latest)
        shown = shownStatus(at: clock.latest)
    }

    /// Where the stopwatch is: running, paused or ended.
    public var phase: WorkoutPhase { stopwatch.isEnded ? .ended : stopwatch.isRunning ? .running : .paused }

    /// Handles `event`; the actions are what the runner must do, in order: `withdraw` (after a
    /// cadence change), at most one `enqueue`, then `needCandidates`, then `statusChanged`; `end` answers `finished` alone.
    public mutating func handle(_ event: WorkoutEvent) -> [WorkoutAction] {
        guard !stopwatch.isEnded else { return [] }
        let now = clock.advance(to: event.time)
        var actions: [WorkoutAction] = []
        // Whether the pool, what was queued or the cadence changed, so the survey is out of date.
        var resurvey = false
        switch event {
        case .pause:
            closeSegment(at: now)
            stopwatch.pause(at: now)
        case .resume:
            closeSegment(at: now)
            stopwatch.resume(at: now)
        case .end:
            closeSegment(at: now)
            stopwatch.end(at: now)
            shown = shownStatus(at: now)
            return [.finished(summary(at: now))]
        case .cadence(let change, _):
            closeSegment(at: now)
            cadence = change.applied(to: cadence)
            resurvey = true
            actions += requeue(at: now)
        case .candidates(let tracks, _):
            closeSegment(at: now)
            if pool.merge(tracks) {
                resurvey = true
                // A queue that ran short while the pool was empty is filled as soon as it is not,
                // and tracks that fit better than what waits in the queue take its place.
                actions += extendQueue(at: now)
                actions += requeue(at: now)
            }
        case .trackStarted(let location, _):
            closeSegment(at: now)
            start(location, at: now)
            resurvey = true
        case .skipped:
            plays.skipped()
        case .queueAhead(let seconds, _):
            actions += reportQueue(seconds, at: now)
        case .tick:
            closeSegment(at: now)
        }
        if resurvey || !actions.isEmpty {
            survey = WorkoutSurvey(pool: pool, plays: plays, cadence: cadence, at: now)
            surveyedAt = now
        }
        if demand.shouldAsk(fitting: survey.fittingFresh, at: now) { actions.append(.needCandidates) }
        let status = shownStatus(at: now)
        if status != shown {
            shown = status
            actions.append(.statusChanged)
        }
        return actions
    }

    /// The status at monotonic time `now` (a time before the latest event reads as that event's).
    public func status(at now: Double) -> WorkoutStatus {
        let now = clock.reading(now)
        // The survey of the last event is exact at its time (the usual call: an event, then its status).
        let survey = surveyedAt == now ? survey : WorkoutSurvey(pool: pool, plays: plays, cadence: cadence, at: now)
        return WorkoutStatus(
            kind: kind, phase: phase, elapsed: stopwatch.elapsed(at: now), target: stopwatch.target, cadence: cadence,
            currentBPM: currentBPM, onCadence: onCadence, recommended: survey.recommended, tracksPlayed: plays.tracksPlayed,
            skips: plays.skips)
    }

    /// The tempo of the track playing, when it is in the pool and analysed.
    var currentBPM: Double? { plays.current.flatMap { pool.entry(at: $0)?.track.bpm } }

    /// Whether the track playing fits the cadence; nil when nothing plays or its tempo is unknown.
    var onCadence: Bool? { currentBPM.map { TempoFit.fits(bpm: $0, cadence: cadence) } }

    /// Records that `location` started: it counts as played, and the queue ahead shrinks by it
    /// when it was one the workout queued.
    private mutating func start(_ location: String, at now: Double) {
        let pool = self.pool
        let queued = plays.started(location, at: now, keeping: { pool.entry(at: $0) != nil })
        if queued, let ahead = queuedAhead {
            queuedAhead = max(0, ahead - Self.countedLength(of: pool.entry(at: location)?.track))
        }
    }
}
