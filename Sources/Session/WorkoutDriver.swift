import Catalog
import Library
import MusicModel
import POSIXSupport
import Player
import Synchronization
import Tempo
import Workout

/// Runs a session's workout (issue 12, items 2–4): the pure `WorkoutSession` fed with the
/// user's commands, the player's news and the analysed candidates, its actions carried out on
/// the player. One workout at a time. While one runs the crossfade is the workout's (3 s by
/// default) and the user's comes back at the end.
///
/// Threads: commands arrive on the command path's threads; the player's news is only noted on
/// the thread that reports it (the player's own must never wait) and handled on the worker's
/// thread, which also does every catalog lookup and tempo analysis. The workout itself is
/// changed under one lock; the player is called and observers are told outside it, so an
/// observer may perform commands.
final class WorkoutDriver: Sendable {
    private let player: MusicPlayer
    private let library: MusicLibrary?
    private let setup: WorkoutSetup
    private let wallClock: @Sendable () -> Double
    private let tempo: TempoKeeper
    private let candidates: WorkoutCandidates
    private let publish: @Sendable (SessionEvent) -> Void
    /// Called after catalog work, so a switch to the demo catalog is announced.
    private let catalogWorkDone: @Sendable () -> Void
    private let worker = WorkoutWorker()
    private let state = ConditionLock(DriverState())
    /// Whether a workout runs, read without the lock on the player's event thread.
    private let running = Atomic<Bool>(false)
    /// Held while a workout event is published. Each publication reads the state afresh under
    /// it, so events reach observers in the order of the changes: a status computed on one
    /// thread can never be published after a newer one from another (a front end would go on
    /// showing the old cadence).
    private let publishing = Mutex(())

    /// How long `workout start` waits, when nothing plays, for the first tracks to be queued.
    static let firstTracksTimeout = 20.0
    /// The length assumed for a queue entry whose length is unknown (a catalog preview's).
    static let assumedEntrySeconds = WorkoutRules.assumedTrackSeconds
    /// The most artists whose top songs one workout asks for.
    static let maxArtistsAsked = 10
    /// The most player news items waiting for the worker (track starts beyond it are dropped).
    static let maxNews = 64

    private struct DriverState {
        var workout: WorkoutSession?
        /// Counts workouts, so work queued for an ended one is dropped.
        var generation = 0
        var userCrossfade = 0.0
        /// Locations offered to this workout's pool (each is analysed once per workout).
        var offered: Set<String> = []
        /// The queue items of the pool, by location, so what is queued keeps its album and artwork.
        var items: [String: PlayableItem] = [:]
        var artistOf: [String: String] = [:]
        /// Featured and picked locations: marked so in the pool, even when first offered as something else.
        var featured: Set<String> = []
        var artistsAsked: Set<String> = []
        /// `enqueue` actions carried out in this workout.
        var appended = 0
        /// Candidate jobs (gathering or analysing) queued and not yet done.
        var pending = 0
        var moreAsked = false
        var news: [(location: String, at: Double)] = []
        /// The newest entry start this workout has counted (or that came before it).
        var countedStart = 0
        /// The newest start heard while no workout ran: one made between `start` reading the
        /// player and the workout existing is counted by `start`.
        var idleStart: (start: Int, location: String, at: Double)?
        var queueMoved = false
        var newsScheduled = false
        var stopped = false
    }

    /// What a step decided to do once the lock is released.
    private enum Effect {
        /// Publish the workout as it is when this runs (`publishCurrent`), unless the workout of
        /// `generation` ended meanwhile (so no status follows the end's nil).
        case status(generation: Int)
        case append([PlayableItem], generation: Int)
        case gatherMore(generation: Int)
        case topSongs(String, generation: Int)
        case finished(WorkoutSummary, crossfade: Double)
        /// Entries after the current one holding these locations leave the queue.
        case withdraw(Set<String>, generation: Int)
    }

    init(
        player: MusicPlayer, catalog: (any MusicCatalog)?, library: MusicLibrary?, setup: WorkoutSetup, tempo: TempoKeeper,
        item: @escaping @Sendable (String) -> PlayableItem, wallClock: @escaping @Sendable () -> Double,
        publish: @escaping @Sendable (SessionEvent) -> Void, catalogWorkDone: @escaping @Sendable () -> Void
    ) {
        self.player = player
        self.library = library
        self.setup = setup
        self.tempo = tempo
        self.candidates = WorkoutCandidates(catalog: catalog, library: library, item: item)
        self.wallClock = wallClock
        self.publish = publish
        self.catalogWorkDone = catalogWorkDone
    }

    // MARK: Commands

    /// Carries out a `workout …` command.
    func perform(_ command: WorkoutCommand) throws(CommandError) -> CommandResult {
        switch command {
        case .start(let kind, let cadence, let minutes): return .workout(try start(kind ?? .running, cadence: cadence, minutes: minutes))
        case .pause: return .workout(try pause())
        case .resume: return .workout(try resume())
        case .end: return .workouts([try end()])
        case .status: return .workout(status())
        case .cadence(let change): return .workout(try step(.cadence(change, at: setup.monotonic())))
        case .history:
            guard let library else { throw CommandError.failed("The library is not open.") }
            do {
                return .workouts(try library.workouts(limit: 50))
            } catch {
                throw CommandError.failed(error.description)
            }
        case .add(let words): return .workout(try add(words))
        case .play(let word): return .workout(try play(word))
        }
    }

    /// The workout now, or nil when none runs.
    func status() -> WorkoutStatus? {
        let now = setup.monotonic()
        let (status, effects) = state.withLockBroadcast { s -> (WorkoutStatus?, [Effect]) in
            guard s.workout != nil else { return (nil, []) }
            let effects = apply(s.workout!.handle(.tick(at: now)), in: &s, now: now)
            return (s.workout?.status(at: now), effects)
        }
        carry(effects)
        return status
    }

    /// The cadence of the workout running, to centre tempo estimates on; nil when none runs.
    var cadence: Int? { state.withLock { $0.workout?.cadence } }

    /// `next` during a workout: the skip is counted before the player moves on.
    func skipped() {
        guard running.load(ordering: .relaxed) else { return }
        _ = try? step(.skipped(at: setup.monotonic()))
    }

    private func start(_ kind: WorkoutKind, cadence: Int?, minutes: Int?) throws(CommandError) -> WorkoutStatus {
        // The parser checks these too, but a Command can be built without it.
        let cadences = WorkoutRules.cadences
        if let cadence, !cadences.contains(cadence) {
            throw CommandError.failed("A cadence is \(cadences.lowerBound) to \(cadences.upperBound) steps a minute; \(cadence) is not.")
        }
        if let minutes, !(1...WorkoutRules.maxTargetMinutes).contains(minutes) {
            throw CommandError.failed("A workout's target is 1 to \(WorkoutRules.maxTargetMinutes) minutes; \(minutes) is not.")
        }
        let now = setup.monotonic()
        let moment = player.moment
        let something = moment.queue.currentEntry.flatMap { moment.state.playbackStatus == .stopped ? nil : $0 }
        // The entry playing counts as the workout's first track once its audio is heard; one
        // still buffering is counted by its `entryStarted`, which comes later.
        let heard = something.flatMap { moment.heard == $0.id ? $0 : nil }
        let started = state.withLockBroadcast { s -> (generation: Int, status: WorkoutStatus, effects: [Effect])? in
            guard s.workout == nil, !s.stopped else { return nil }
            s.generation += 1
            s.workout = WorkoutSession(kind: kind, cadence: cadence, targetMinutes: minutes, startedAt: wallClock(), at: now)
            s.userCrossfade = moment.state.crossfadeSeconds
            s.offered = []
            s.items = [:]
            s.artistOf = [:]
            s.featured = []
            s.artistsAsked = []
            s.appended = 0
            s.pending = 1
            // The first gathering (queued below) is what the workout asks for at its start.
            s.moreAsked = true
            s.news = []
            var effects: [Effect] = []
            s.countedStart = moment.lastStart
            if let heard {
                effects += apply(s.workout!.handle(.trackStarted(location: heard.item.location, at: now)), in: &s, now: now)
            }
            if let idle = s.idleStart, idle.start > s.countedStart {
                s.countedStart = idle.start
                effects += apply(s.workout!.handle(.trackStarted(location: idle.location, at: idle.at)), in: &s, now: now)
            }
            s.idleStart = nil
            effects += apply(s.workout!.handle(.queueAhead(seconds: Self.secondsAhead(in: moment.queue), at: now)), in: &s, now: now)
            return (s.generation, s.workout!.status(at: now), effects)
        }
        guard let started else { throw CommandError.failed("A workout is already running; end it with `workout end` first.") }
        running.store(true, ordering: .relaxed)
        player.setCrossfade(seconds: setup.settings.crossfade)
        if moment.state.playbackStatus == .paused { try? player.play() }
        publishCurrent(generation: started.generation)
        carry(started.effects)
        let generation = started.generation
        let featured = setup.featured(for: kind)
        let submitted = worker.submit { [self] in
            gatherFirst(featured: featured, generation: generation)
        }
        if !submitted { state.withLockBroadcast { $0.pending = 0 } }
        guard something == nil else { return started.status }
        // Nothing plays: wait for the first tracks, so the reply finds music playing.
        state.wait(
            until: { $0.appended > 0 || $0.pending == 0 || $0.generation != generation || $0.stopped },
            timeout: Self.firstTracksTimeout
        ) { _ in }
        return status() ?? started.status
    }

    private func pause() throws(CommandError) -> WorkoutStatus {
        let status = try step(.pause(at: setup.monotonic()))
        player.pause()
        return status
    }

    private func resume() throws(CommandError) -> WorkoutStatus {
        let status = try step(.resume(at: setup.monotonic()))
        if !player.queue.entries.isEmpty { try? player.play() }
        return status
    }

    private func end() throws(CommandError) -> WorkoutSummary {
        let now = setup.monotonic()
        let ended = state.withLockBroadcast { s -> (WorkoutSummary, [Effect])? in
            guard s.workout != nil else { return nil }
            let status = s.workout!.status(at: now)
            var effects = apply(s.workout!.handle(.end(at: now)), in: &s, now: now)
            for case .finished(let summary, _) in effects { return (summary, effects) }
            // The workout did not say how it went: its last status does.
            let summary = WorkoutSummary(
                kind: status.kind, startedAt: 0, duration: status.elapsed, cadence: status.cadence, tracksPlayed: status.tracksPlayed,
                onCadenceShare: 0, averageBPM: nil, skips: status.skips)
            effects += finish(summary, in: &s)
            return (summary, effects)
        }
        guard let ended else { throw CommandError.failed("No workout is running.") }
        carry(ended.1)
        return ended.0
    }

    private func add(_ words: [String]) throws(CommandError) -> WorkoutStatus? {
        guard let generation = state.withLock({ $0.workout == nil ? nil : $0.generation }) else {
            throw CommandError.failed("No workout is running; start one with `workout start`.")
        }
        let (found, problems) = candidates.picks(words)
        catalogWorkDone()
        guard !found.isEmpty else { throw CommandError.failed(problems.first ?? "Nothing was named to add.") }
        for problem in problems { publish(.notice(problem)) }
        offer(found, generation: generation)
        return status()
    }

    private func play(_ word: String) throws(CommandError) -> WorkoutStatus? {
        guard let generation = state.withLock({ $0.workout == nil ? nil : $0.generation }) else {
            throw CommandError.failed("No workout is running; start one with `workout start`.")
        }
        let known = state.withLock { $0.items[word] }
        let (found, problems) =
            known.map { ([WorkoutCandidates.Candidate(item: $0, artistID: nil, featured: false)], []) } ?? candidates.picks([word])
        guard let first = found.first else { throw CommandError.failed(problems.first ?? "\"\(word)\" names nothing to play.") }
        // After the entry playing, then skipped to: the music goes from one track to the next.
        let wasStopped = player.playerState.playbackStatus == .stopped
        guard let id = player.insert([first.item], position: .afterCurrentEntry).first else {
            throw CommandError.failed("\"\(word)\" could not be queued.")
        }
        do {
            try player.setCurrentEntry(id)
            if wasStopped || player.playerState.playbackStatus != .playing { try player.play() }
        } catch {
            throw CommandError.failed(String(describing: error))
        }
        offer([first], generation: generation)
        return status()
    }

    /// Handles one event under the lock and carries out what it asks; the status after it.
    private func step(_ event: WorkoutEvent) throws(CommandError) -> WorkoutStatus {
        let now = setup.monotonic()
        let result = state.withLockBroadcast { s -> (WorkoutStatus, [Effect])? in
            guard s.workout != nil else { return nil }
            var effects = apply(s.workout!.handle(event), in: &s, now: now)
            let status = s.workout?.status(at: now)
            if status != nil, !effects.contains(where: Self.isStatus) { effects.append(.status(generation: s.generation)) }
            return status.map { ($0, effects) }
        }
        guard let result else { throw CommandError.failed("No workout is running; start one with `workout start`.") }
        carry(result.1)
        return result.0
    }

    // MARK: The player's news

    /// A player event: noted, and handled on the worker's thread (never here: this may be the
    /// player's own thread).
    func handle(_ event: PlayerEvent) {
        // A start is noted even with no workout running, so one that `start` read the player
        // too early to see is not lost (see `idleStart`).
        if case .entryStarted = event {} else { guard running.load(ordering: .relaxed) else { return } }
        let now = setup.monotonic()
        let schedule = state.withLock { s -> Int? in
            if case .entryStarted(let entry, _, let start) = event, s.workout == nil {
                s.idleStart = (start, entry.item.location, now)
            }
            guard s.workout != nil, !s.stopped else { return nil }
            switch event {
            case .entryStarted(let entry, _, let start):
                // Starts `start` already counted (read from the player's moment) come once.
                guard start > s.countedStart else { return nil }
                s.countedStart = start
                if s.news.count < Self.maxNews { s.news.append((entry.item.location, now)) }
                s.queueMoved = true
            case .queueChanged, .queueEnded, .entryFailed: s.queueMoved = true
            default: return nil
            }
            guard !s.newsScheduled else { return nil }
            s.newsScheduled = true
            return s.generation
        }
        guard let generation = schedule else { return }
        worker.submit(urgent: true) { [self] in takeNews(generation: generation) }
    }

    private func takeNews(generation: Int) {
        let queue = player.queue
        let now = setup.monotonic()
        let effects = state.withLockBroadcast { s -> [Effect] in
            s.newsScheduled = false
            guard s.generation == generation, s.workout != nil else { return [] }
            var effects: [Effect] = []
            let news = s.news
            s.news = []
            for started in news {
                guard s.workout != nil else { break }
                effects += apply(s.workout!.handle(.trackStarted(location: started.location, at: started.at)), in: &s, now: now)
                if let artist = s.artistOf[started.location], s.artistsAsked.count < Self.maxArtistsAsked,
                    s.artistsAsked.insert(artist).inserted
                {
                    s.pending += 1
                    effects.append(.topSongs(artist, generation: generation))
                }
            }
            if s.queueMoved, s.workout != nil {
                s.queueMoved = false
                effects += apply(s.workout!.handle(.queueAhead(seconds: Self.secondsAhead(in: queue), at: now)), in: &s, now: now)
            }
            if !news.isEmpty, s.workout != nil, !effects.contains(where: Self.isStatus) {
                effects.append(.status(generation: s.generation))
            }
            return effects
        }
        carry(effects)
    }

    /// Seconds of music queued after the current entry (an entry of unknown length counts 30 s).
    static func secondsAhead(in queue: PlayerQueue) -> Double {
        guard let index = queue.currentIndex else { return 0 }
        return queue.entries[(index + 1)...].reduce(0) { total, entry in
            let length = entry.item.duration.flatMap { $0.isFinite && $0 > 0 && $0 < 24 * 3600 ? $0 : nil }
            return total + (length ?? assumedEntrySeconds)
        }
    }

    // MARK: Candidates

    /// The first candidates of a workout: featured, saved, playlists, history, charts. The first
    /// few are analysed here and reach the pool together, so what is queued first is the best of
    /// them rather than whichever was analysed first; the rest follow one job each.
    private func gatherFirst(featured: [String], generation: Int) {
        defer { state.withLockBroadcast { $0.pending -= 1 } }
        guard isCurrent(generation) else { return }
        var found = candidates.featured(featured)
        if let cadence = state.withLock({ $0.generation == generation ? $0.workout?.cadence : nil }) {
            found += candidates.local(cadence: cadence)
        }
        found += candidates.saved()
        found += candidates.playlists()
        found += candidates.history()
        found += candidates.charts()
        catalogWorkDone()
        guard let cadence = state.withLock({ $0.generation == generation ? $0.workout?.cadence : nil }) else { return }
        let fresh = register(found, generation: generation)
        var first: [WorkoutTrack] = []
        var fitting = 0
        var analysed = 0
        var rest: [WorkoutCandidates.Candidate] = []
        for candidate in fresh {
            if let bpm = candidate.bpm ?? tempo.cached(candidate.item)?.bpm {
                first.append(Self.track(candidate, bpm: bpm))
                if TempoFit.fits(bpm: bpm, cadence: cadence) { fitting += 1 }
            } else if fitting < Self.firstFitting, analysed < Self.firstAnalyses {
                analysed += 1
                guard let bpm = estimate(candidate, cadence: cadence) else { continue }
                first.append(Self.track(candidate, bpm: bpm))
                if TempoFit.fits(bpm: bpm, cadence: cadence) { fitting += 1 }
            } else {
                rest.append(candidate)
            }
        }
        state.withLock { s in if s.generation == generation { s.moreAsked = false } }
        if !first.isEmpty { pool(first, generation: generation) }
        analyseLater(rest, generation: generation)
    }

    /// How many fitting tracks `workout start` looks for before the first are queued.
    static let firstFitting = 4
    /// How many tracks `workout start` analyses at most before the first are queued.
    static let firstAnalyses = 12

    /// Puts candidates not yet offered in this workout into the pool: those with a known tempo
    /// at once, the others each after its analysis, on the worker. A featured one (a pick)
    /// already offered is offered again, so the pool marks it featured.
    private func offer(_ found: [WorkoutCandidates.Candidate], generation: Int) {
        let fresh = register(found, generation: generation)
        var known: [WorkoutTrack] = []
        var unknown: [WorkoutCandidates.Candidate] = []
        for candidate in fresh {
            if let bpm = candidate.bpm ?? tempo.cached(candidate.item)?.bpm {
                known.append(Self.track(candidate, bpm: bpm))
            } else {
                unknown.append(candidate)
            }
        }
        if !known.isEmpty { pool(known, generation: generation) }
        analyseLater(unknown, generation: generation)
    }

    /// Notes candidates as offered in this workout; returns those not offered before, and those
    /// offered before that are featured now (picks), whose tempo is known, to be offered again.
    private func register(_ found: [WorkoutCandidates.Candidate], generation: Int) -> [WorkoutCandidates.Candidate] {
        state.withLock { s -> [WorkoutCandidates.Candidate] in
            guard s.generation == generation, s.workout != nil else { return [] }
            for candidate in found where candidate.featured { s.featured.insert(candidate.item.location) }
            return found.filter { candidate in
                guard s.offered.insert(candidate.item.location).inserted else {
                    // Offered again only to be marked featured, and only once its tempo is known.
                    return candidate.featured && (candidate.bpm != nil || tempo.cached(candidate.item) != nil)
                }
                s.items[candidate.item.location] = candidate.item
                if let artist = candidate.artistID { s.artistOf[candidate.item.location] = artist }
                return true
            }
        }
    }

    /// Analyses each candidate in a job of its own on the worker.
    private func analyseLater(_ candidates: [WorkoutCandidates.Candidate], generation: Int) {
        for candidate in candidates {
            state.withLock { $0.pending += 1 }
            let queued = worker.submit { [self] in analyse(candidate, generation: generation) }
            if !queued { state.withLockBroadcast { $0.pending -= 1 } }
        }
    }

    private func analyse(_ candidate: WorkoutCandidates.Candidate, generation: Int) {
        defer { state.withLockBroadcast { $0.pending -= 1 } }
        guard let cadence = state.withLock({ $0.generation == generation ? $0.workout?.cadence : nil }) else { return }
        guard let bpm = estimate(candidate, cadence: cadence) else { return }
        pool([Self.track(candidate, bpm: bpm)], generation: generation)
    }

    /// A candidate's tempo: `.some(nil)` when there is no analyzer (it joins the pool with an
    /// unknown tempo), nil when analysis failed: then it stays out of the pool (it would most
    /// likely not play either), and the rest go on.
    private func estimate(_ candidate: WorkoutCandidates.Candidate, cadence: Int) -> Double?? {
        guard tempo.canAnalyse else { return .some(tempo.cached(candidate.item)?.bpm) }
        return (try? tempo.estimate(candidate.item, preview: candidate.preview, cadence: Double(cadence)).bpm).map { .some($0) }
    }

    private func pool(_ tracks: [WorkoutTrack], generation: Int) {
        let now = setup.monotonic()
        let effects = state.withLockBroadcast { s -> [Effect] in
            guard s.generation == generation, s.workout != nil else { return [] }
            let marked = tracks.map { track in
                var track = track
                if s.featured.contains(track.location) { track.featured = true }
                return track
            }
            return apply(s.workout!.handle(.candidates(marked, at: now)), in: &s, now: now)
        }
        carry(effects)
    }

    private static func track(_ candidate: WorkoutCandidates.Candidate, bpm: Double?) -> WorkoutTrack {
        let item = candidate.item
        return WorkoutTrack(
            location: item.location, title: item.title ?? item.location, artist: item.artist ?? "", artistID: candidate.artistID,
            bpm: bpm, duration: item.duration ?? (item.parsedLocation?.catalogID != nil ? assumedEntrySeconds : nil),
            featured: candidate.featured)
    }

    /// Publishes the workout as it is now, when `generation` still runs (see `publishing`).
    private func publishCurrent(generation: Int) {
        publishing.withLock { _ in
            let now = setup.monotonic()
            let status = state.withLock { s in
                s.generation == generation && !s.stopped ? s.workout?.status(at: now) : nil
            }
            if let status { publish(.workout(status)) }
        }
    }

    private func isCurrent(_ generation: Int) -> Bool {
        state.withLock { $0.generation == generation && $0.workout != nil && !$0.stopped }
    }

    // MARK: Actions

    /// Turns the workout's actions into effects (under the lock).
    private func apply(_ actions: [WorkoutAction], in s: inout DriverState, now: Double) -> [Effect] {
        var effects: [Effect] = []
        for action in actions {
            switch action {
            case .withdraw(let locations):
                effects.append(.withdraw(Set(locations), generation: s.generation))
            case .enqueue(let tracks):
                let items = tracks.map { track in
                    s.items[track.location]
                        ?? PlayableItem(location: track.location, title: track.title, artist: track.artist, duration: track.duration)
                }
                if !items.isEmpty { effects.append(.append(items, generation: s.generation)) }
            case .needCandidates:
                guard !s.moreAsked else { continue }
                s.moreAsked = true
                s.pending += 1
                effects.append(.gatherMore(generation: s.generation))
            case .statusChanged:
                if s.workout != nil { effects.append(.status(generation: s.generation)) }
            case .finished(let summary):
                effects += finish(summary, in: &s)
            }
        }
        return effects
    }

    /// Ends the workout in the state: nothing queued for it runs, the user's crossfade comes back.
    private func finish(_ summary: WorkoutSummary, in s: inout DriverState) -> [Effect] {
        s.workout = nil
        s.generation += 1
        s.pending = 0
        s.news = []
        running.store(false, ordering: .relaxed)
        return [.finished(summary, crossfade: s.userCrossfade)]
    }

    /// Carries out effects with the lock released.
    private func carry(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .status(let generation):
                publishCurrent(generation: generation)
            case .withdraw(let locations, let generation):
                guard isCurrent(generation) else { continue }
                let queue = player.queue
                let after = queue.currentIndex.map { $0 + 1 } ?? 0
                let ids = queue.entries.dropFirst(after).filter { locations.contains($0.item.location) }.map(\.id)
                if !ids.isEmpty { try? player.remove(ids) }
            case .append(let items, let generation):
                guard isCurrent(generation) else { continue }
                let before = player.moment
                let ids = player.insert(items, position: .tail)
                // The queue had run out (or never started): play the new tracks now.
                if before.state.playbackStatus == .stopped, let first = ids.first,
                    state.withLock({ $0.workout?.status(at: setup.monotonic()).phase }) != .paused
                {
                    if before.queue.currentEntry != nil { try? player.setCurrentEntry(first) }
                    try? player.play()
                }
                state.withLockBroadcast { s in if s.generation == generation { s.appended += 1 } }
            case .gatherMore(let generation):
                let queued = worker.submit { [self] in
                    defer {
                        state.withLockBroadcast {
                            $0.pending -= 1
                            $0.moreAsked = false
                        }
                    }
                    guard isCurrent(generation) else { return }
                    // More of what plays: the top songs of the pool's artists not asked yet, then the charts.
                    let artists = state.withLock { s -> [String] in
                        let fresh = Set(s.artistOf.values).subtracting(s.artistsAsked).sorted().prefix(3)
                        let room = max(0, Self.maxArtistsAsked - s.artistsAsked.count)
                        let chosen = Array(fresh.prefix(room))
                        s.artistsAsked.formUnion(chosen)
                        return chosen
                    }
                    // Local songs fitting the cadence now (it may have changed since the start).
                    var found =
                        state.withLock { $0.generation == generation ? $0.workout?.cadence : nil }
                        .map { candidates.local(cadence: $0) } ?? []
                    for artist in artists { found += candidates.topSongs(artistID: artist) }
                    found += candidates.charts()
                    catalogWorkDone()
                    offer(found, generation: generation)
                }
                if !queued {
                    state.withLockBroadcast {
                        $0.pending -= 1
                        $0.moreAsked = false
                    }
                }
            case .topSongs(let artist, let generation):
                let queued = worker.submit { [self] in
                    defer { state.withLockBroadcast { $0.pending -= 1 } }
                    guard isCurrent(generation) else { return }
                    let found = candidates.topSongs(artistID: artist)
                    catalogWorkDone()
                    offer(found, generation: generation)
                }
                if !queued { state.withLockBroadcast { $0.pending -= 1 } }
            case .finished(let summary, let crossfade):
                player.setCrossfade(seconds: crossfade)
                try? library?.saveWorkout(summary)
                publishing.withLock { _ in publish(.workout(nil)) }
            }
        }
    }

    private static func isStatus(_ effect: Effect) -> Bool {
        if case .status = effect { return true }
        return false
    }

    /// Stops the worker for good; a workout running is dropped without a summary.
    func shutdown() {
        state.withLockBroadcast { $0.stopped = true }
        running.store(false, ordering: .relaxed)
        worker.stop()
    }
}
