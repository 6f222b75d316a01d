import Catalog
import Library
import MusicModel
import Player
import Session
import TestSupport
import Testing
import Workout

/// Workouts carried out by a session (issue 12, items 2–4 and 6): through `Session.perform`, on
/// the fake engine, a manual stopwatch clock and a fake analyzer.
@Suite struct WorkoutSessionTests {
    @Test func startFillsTheQueueWithFittingTracksAndPlays() throws {
        let rig = try WorkoutRig()
        guard case .workout(let started?) = try rig.workout(.start(.running, cadence: nil, minutes: 30)) else {
            throw RigFailure("start gave no status")
        }
        #expect(started.kind == .running)
        #expect(started.cadence == 170)
        #expect(started.target == 1800)
        let queued = rig.locations
        #expect(!queued.isEmpty)
        #expect(queued.allSatisfy { WorkoutRig.fits($0) }, "queued \(queued)")
        #expect(rig.session.snapshot.state.playbackStatus == .playing)
        // Observers heard the workout start.
        #expect(rig.workoutEvents.first??.kind == .running)
    }

    @Test func theQueueExtendsItselfAsEntriesStart() throws {
        let rig = try WorkoutRig()
        try rig.workout(.start(.running, cadence: nil, minutes: nil))
        let first = rig.locations
        try #require(!first.isEmpty)
        // Play through more entries than were queued at first: the queue must grow before it runs out.
        for played in 1...(first.count + 2) {
            rig.playOneEntry()
            let grew = Poll.until(timeout: 10) { rig.locations.count > played }
            #expect(grew, "after \(played) entries the queue is \(rig.locations)")
            if !grew { break }
        }
        #expect(rig.locations.count > first.count)
        #expect(rig.locations.allSatisfy { WorkoutRig.fits($0) })
        #expect(Set(rig.locations).count == rig.locations.count, "a track came again: \(rig.locations)")
        #expect(rig.session.snapshot.state.playbackStatus == .playing)
        #expect(try rig.status().tracksPlayed >= first.count)
        // The artists playing brought their top songs in.
        #expect(rig.catalog.calls.contains { $0.hasPrefix("artistTopSongs(") })
    }

    @Test func whatPlaysKeepsPlayingAndTheWorkoutFollowsIt() throws {
        let rig = try WorkoutRig()
        _ = try rig.session.perform(.add(["/music/mine.mp3"], position: .tail)).get()
        try #require(rig.session.snapshot.state.playbackStatus == .playing)
        try rig.workout(.start(.running, cadence: nil, minutes: nil))
        // The user's track stays current; the workout's come after it once the queue runs short.
        #expect(rig.session.snapshot.current?.item.location == "/music/mine.mp3")
        // It counts once, whether its audio began before the workout started or after (its
        // `entryStarted` may reach the workout either side of the start).
        #expect(Poll.until(timeout: 10) { rig.startedLocations.contains("/music/mine.mp3") })
        #expect(Poll.until(timeout: 10) { (try? rig.status().tracksPlayed) == 1 })
        // A seek within it is no new track.
        _ = try rig.session.perform(.seek(.absolute(5))).get()
        #expect(!Poll.until(timeout: 1) { (try? rig.status().tracksPlayed) != 1 }, "counted \((try? rig.status().tracksPlayed) ?? -1)")
        #expect(Poll.until(timeout: 10) { rig.locations.count > 1 })
        #expect(rig.locations.first == "/music/mine.mp3")
        #expect(rig.locations.dropFirst().allSatisfy { WorkoutRig.fits($0) })
    }

    @Test func theCrossfadeIsTheWorkoutsWhileItRunsAndTheUsersAfter() throws {
        let rig = try WorkoutRig()
        _ = try rig.session.perform(.crossfade(seconds: 1.5)).get()
        try rig.workout(.start(.cycling, cadence: nil, minutes: nil))
        #expect(rig.session.snapshot.state.crossfadeSeconds == 3)
        try rig.workout(.end)
        #expect(rig.session.snapshot.state.crossfadeSeconds == 1.5)
    }

    @Test func aSecondStartIsRefusedWhileOneRuns() throws {
        let rig = try WorkoutRig()
        try rig.workout(.start(.running, cadence: nil, minutes: nil))
        let second = rig.session.perform(.workout(.start(.walking, cadence: nil, minutes: nil)))
        #expect(throws: CommandError.failed("A workout is already running; end it with `workout end` first.")) { try second.get() }
        #expect(try rig.status().kind == .running)
    }

    @Test func skipsAreCountedAndTheSummarySaysSo() throws {
        let rig = try WorkoutRig()
        try rig.workout(.start(.running, cadence: nil, minutes: nil))
        try #require(rig.locations.count >= 2)
        _ = try rig.session.perform(.next).get()
        #expect(try rig.status().skips == 1)
        guard case .workouts(let summaries) = try rig.workout(.end) else { throw RigFailure("end gave no summary") }
        #expect(summaries.map(\.skips) == [1])
    }

    @Test func playingAPickedTrackKeepsTheMusicGoing() throws {
        let rig = try WorkoutRig()
        try rig.workout(.start(.running, cadence: nil, minutes: nil))
        let before = rig.locations
        try #require(!before.isEmpty)
        let pick = try #require(WorkoutRig.songs.map { "itunes:\($0.id)" }.first { WorkoutRig.fits($0) && !before.contains($0) })
        try rig.workout(.play(pick))
        #expect(rig.session.snapshot.current?.item.location == pick)
        #expect(rig.session.snapshot.state.playbackStatus == .playing)
        // It went in after the entry that played, which stays where it was; nothing queued was lost.
        #expect(Array(rig.locations.prefix(before.count + 1)) == [before[0], pick] + before.dropFirst())
    }

    @Test func featuredTracksComeFirstFetchedInOneLookupWithUnavailableOnesSkipped() throws {
        let featured = ["605", "999", "603", "610", "611"]
        let rig = try WorkoutRig(featured: featured)
        try rig.workout(.start(.running, cadence: nil, minutes: nil))
        let lookups = rig.catalog.calls.filter { $0.hasPrefix("lookupSongs") }
        #expect(lookups == ["lookupSongs(605,999,603,610,611)"])
        // Analysed first, in their order; the unavailable one is not asked about.
        let available = ["itunes:605", "itunes:603", "itunes:610", "itunes:611"]
        #expect(rig.analyzer.calls.prefix(4) == available.map(WorkoutRig.preview)[...])
        #expect(!rig.analyzer.calls.contains(WorkoutRig.preview("itunes:999")))
        // Those not queued yet lead the recommendations, in order and marked featured.
        // The worker surveys the pool after the start's reply: wait for the survey that follows
        // the queue as it now stands.
        var waiting: [String] = []
        var recommended: [WorkoutTrack] = []
        let surveyed = Poll.until(timeout: 10) {
            waiting = available.filter { !rig.locations.contains($0) }
            recommended = (try? rig.status().recommended) ?? []
            return recommended.prefix(waiting.count).map(\.location) == waiting
        }
        #expect(surveyed, "recommended \(recommended.map(\.location)), waiting \(waiting)")
        #expect(recommended.prefix(waiting.count).allSatisfy { $0.featured })
        #expect(!recommended.contains { $0.location == "itunes:999" })
        #expect(!recommended.dropFirst(waiting.count).contains { $0.featured })
    }

    @Test func anAnalysisThatFailsLeavesTheRestToPlay() throws {
        let rig = try WorkoutRig(featured: ["601", "602"], failing: ["itunes:601"])
        try rig.workout(.start(.running, cadence: nil, minutes: nil))
        // Every candidate was still analysed, and the music started from the ones that worked.
        #expect(Poll.until(timeout: 10) { Set(rig.analyzer.calls).count == WorkoutRig.songs.count })
        #expect(rig.analyzer.calls.first == WorkoutRig.preview("itunes:601"))
        #expect(!rig.locations.isEmpty)
        #expect(!rig.locations.contains("itunes:601"))
        #expect(try !rig.status().recommended.contains { $0.location == "itunes:601" })
        #expect(rig.session.snapshot.state.playbackStatus == .playing)
    }

    @Test func endStoresTheSummaryThatHistoryLists() throws {
        let rig = try WorkoutRig()
        try rig.workout(.start(.walking, cadence: 120, minutes: nil))
        rig.clock.advance(by: 600)
        guard case .workouts(let ended) = try rig.workout(.end) else { throw RigFailure("end gave no summary") }
        let summary = try #require(ended.first)
        #expect(summary.kind == .walking)
        #expect(summary.cadence == 120)
        #expect(summary.duration == 600)
        #expect(summary.startedAt == 1_700_000_000)
        guard case .workouts(let history) = try rig.workout(.history) else { throw RigFailure("history gave no workouts") }
        #expect(history == [summary])
        // Observers heard it end; none runs now.
        #expect(rig.workoutEvents.last.map { $0 == nil } == true)
        guard case .workout(nil) = try rig.workout(.status) else { throw RigFailure("a workout still runs") }
        #expect(throws: CommandError.failed("No workout is running.")) { try rig.workout(.end) }
    }

    @Test func pauseHoldsTheStopwatchAndTheMusic() throws {
        let rig = try WorkoutRig()
        try rig.workout(.start(.running, cadence: nil, minutes: nil))
        rig.clock.advance(by: 60)
        try rig.workout(.pause)
        #expect(rig.session.snapshot.state.playbackStatus == .paused)
        rig.clock.advance(by: 300)
        #expect(try rig.status().elapsed == 60)
        #expect(try rig.status().phase == .paused)
        try rig.workout(.resume)
        #expect(rig.session.snapshot.state.playbackStatus == .playing)
        rig.clock.advance(by: 30)
        #expect(try rig.status().elapsed == 90)
    }

    /// The queue follows a new cadence at the next track: entries the workout queued for 170
    /// that do not fit 120 leave it, and fitting ones take their place; the one playing stays.
    @Test func aNewCadenceReplacesTheQueuedTracksThatNoLongerFit() throws {
        let rig = try WorkoutRig()
        try rig.workout(.start(.running, cadence: nil, minutes: nil))
        try #require(Poll.until(timeout: 10) { rig.locations.count >= 2 }, "the workout queued nothing after the first track")
        let playing = try #require(rig.session.queue.currentEntry?.item.location)
        #expect(rig.locations.dropFirst().allSatisfy { WorkoutRig.fits($0) })
        try rig.workout(.cadence(.absolute(120)))
        let followed = Poll.until(timeout: 10) {
            let ahead = rig.locations.drop { $0 != playing }.dropFirst()
            return !ahead.isEmpty && ahead.allSatisfy { WorkoutRig.fits($0, cadence: 120) }
        }
        #expect(followed, "the queue after the playing track does not fit 120: \(rig.locations)")
        #expect(rig.session.queue.currentEntry?.item.location == playing)
        #expect(rig.session.snapshot.state.playbackStatus == .playing)
    }

    @Test func theCadenceChangesAndObserversHearIt() throws {
        let rig = try WorkoutRig()
        try rig.workout(.start(.running, cadence: nil, minutes: nil))
        try rig.workout(.cadence(.relative(-10)))
        #expect(try rig.status().cadence == 160)
        #expect(rig.workoutEvents.last??.cadence == 160)
    }

    @Test func aKnownTempoIsNotAnalysedAgain() throws {
        let rig = try WorkoutRig()
        guard case .tempo(let first) = try rig.session.perform(.tempo(["itunes:607", "itunes:613"])).get() else {
            throw RigFailure("tempo gave no reports")
        }
        #expect(first.map { $0.estimate?.bpm } == [85, 120])
        #expect(first.map(\.title) == ["Song 607", "Song 613"])
        guard case .tempo(let again) = try rig.session.perform(.tempo(["itunes:607"])).get() else {
            throw RigFailure("tempo gave no reports")
        }
        #expect(again.first?.estimate?.bpm == 85)
        #expect(rig.analyzer.calls == ["itunes:607", "itunes:613"].map(WorkoutRig.preview))
        // A workout over the same library finds them stored too.
        let second = try WorkoutRig(library: rig.library)
        try second.workout(.start(.running, cadence: nil, minutes: nil))
        #expect(Poll.until(timeout: 10) { Set(second.analyzer.calls).count == WorkoutRig.songs.count - 2 })
        #expect(!second.analyzer.calls.contains(WorkoutRig.preview("itunes:607")))
        #expect(!second.analyzer.calls.contains(WorkoutRig.preview("itunes:613")))
    }

    @Test func aFileIsAnalysedAgainOnlyWhenItChanges() throws {
        let path = Fixtures.temporaryDirectory() + "/run.mp3"
        Shell.writeFile(path, [UInt8](repeating: 1, count: 100))
        let analyzer = FakeTempoAnalyzer([path: 128])
        let library = try MusicLibrary.open(path: Fixtures.temporaryDirectory() + "/library.sqlite")
        let session = Session(
            player: MusicPlayer.silent(), catalog: nil, library: library, workout: WorkoutSetup(analyze: analyzer.estimate))
        defer { session.shutdown() }
        func bpm() throws -> Double? {
            guard case .tempo(let reports) = try session.perform(.tempo([path])).get() else { throw RigFailure("no reports") }
            return reports.first?.estimate?.bpm
        }
        #expect(try bpm() == 128)
        #expect(try bpm() == 128)
        #expect(analyzer.calls == [path])
        // Edited (another size): its stored tempo no longer answers for it.
        Shell.writeFile(path, [UInt8](repeating: 2, count: 200))
        #expect(try bpm() == 128)
        #expect(analyzer.calls == [path, path])
    }

    @Test func aTempoThatCannotBeFoundIsASentenceAndTheOthersGoOn() throws {
        let rig = try WorkoutRig(failing: ["itunes:601"])
        guard case .tempo(let reports) = try rig.session.perform(.tempo(["itunes:601", "itunes:602"])).get() else {
            throw RigFailure("tempo gave no reports")
        }
        #expect(reports.map(\.item) == ["itunes:601", "itunes:602"])
        #expect(reports[0].estimate == nil)
        #expect(reports[0].error == "\(WorkoutRig.preview("itunes:601")) could not be decoded.")
        #expect(reports[1].estimate?.bpm == 172)
        // An id the catalog does not have is said so, without analysing anything.
        guard case .tempo(let unknown) = try rig.session.perform(.tempo(["itunes:4242"])).get() else {
            throw RigFailure("tempo gave no reports")
        }
        #expect(unknown == [TempoReport(item: "itunes:4242", error: "The catalog has no song with the id 4242.")])
        #expect(!rig.analyzer.calls.contains { $0.contains("4242") })
    }

    @Test func commandsWithoutAWorkoutAreSentences() throws {
        let rig = try WorkoutRig()
        for command: WorkoutCommand in [.pause, .resume, .cadence(.absolute(150)), .add(["itunes:601"]), .play("itunes:601")] {
            #expect(throws: CommandError.self) { try rig.workout(command) }
        }
        guard case .workout(nil) = try rig.workout(.status) else { throw RigFailure("a workout runs") }
        guard case .workouts(let none) = try rig.workout(.history) else { throw RigFailure("history gave no list") }
        #expect(none.isEmpty)
    }

    @Test func picksAreAddedToThePoolAndPreferred() throws {
        let album = Album(id: "800", title: "Run Album", artistName: "Artist 1", artistID: "901")
        let tracks = [
            Song(id: "801", title: "Album One", artistName: "Artist 1", artistID: "901", albumID: "800", previewURL: "https://p/801"),
            Song(id: "802", title: "Album Two", artistName: "Artist 1", artistID: "901", albumID: "800", previewURL: "https://p/802"),
        ]
        let catalog = FakeCatalog(songs: WorkoutRig.songs + tracks, albums: [album])
        let rig = try WorkoutRig(catalog: catalog)
        try rig.workout(.start(.running, cadence: nil, minutes: nil))
        // A song that does not fit, so the workout would not queue it by itself.
        let pick = "itunes:613"
        try rig.workout(.add(["itunes:800", pick]))
        // The album's tracks were looked up and analysed (the table does not know them: no tempo).
        #expect(Poll.until(timeout: 10) { rig.analyzer.calls.contains("https://p/802") })
        #expect(catalog.calls.contains("albumTracks(800)"))
        // The picked song, already in the pool from the charts, is now featured: it leads the recommendations.
        #expect(Poll.until(timeout: 10) { (try? rig.status().recommended.first?.location) == pick })
        #expect(try rig.status().recommended.first?.featured == true)
    }
}
