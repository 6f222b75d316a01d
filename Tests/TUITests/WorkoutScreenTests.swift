import Checked
import Session
import Terminal
import Testing
import WireProtocol
import Workout

@testable import TUI

/// The workout screen drawn from a model fed the daemon's workout answers and events, and the
/// commands its keys send.
@Suite struct WorkoutScreenTests {
    static let featured = WorkoutTrack(location: "itunes:301", title: "Featured Pace", artist: "Star Band", bpm: 171, featured: true)
    static let half = WorkoutTrack(location: "itunes:302", title: "Half Time", artist: "Slow Band", bpm: 85)
    static let slow = WorkoutTrack(location: "itunes:303", title: "Ballad", artist: "Quiet Band", bpm: 120)

    static func status(
        elapsed: Double = 754, target: Double? = 1800, cadence: Int = 170, bpm: Double? = 172, onCadence: Bool? = true,
        phase: WorkoutPhase = .running, recommended: [WorkoutTrack] = [featured, half, slow]
    ) -> WorkoutStatus {
        WorkoutStatus(
            kind: .running, phase: phase, elapsed: elapsed, target: target, cadence: cadence, currentBPM: bpm, onCadence: onCadence,
            recommended: recommended, tracksPlayed: 3, skips: 1)
    }

    /// A UI on the workout screen with `status` as the daemon's answer to `workout status`.
    static func onWorkout(_ status: WorkoutStatus?, rows: Int = 24, columns: Int = 80) -> Driver {
        var d = Driver(rows: rows, columns: columns)
        d.key(.character("W"))
        d.workoutReply("workout status", status)
        return d
    }

    // MARK: The stopwatch

    @Test func theStopwatchIsDrawnInBlockDigitsAndTicksOnWhileRunning() throws {
        var d = Self.onWorkout(Self.status())
        let screen = d.screen()
        // 12:34 in the 5-row font: 1, 2, colon, 3, 4.
        let expected = [
            " ██  ████   ████ █  █", "  █     █ █    █ █  █", "  █  ████    ███ ████", "  █  █    █    █    █", " ███ ████   ████    █",
        ]
        for (i, row) in expected.enumerated() { #expect(screen[2 + i].hasPrefix("  " + row), "row \(2 + i): \(screen[2 + i])") }
        #expect(screen[2].contains("17:26 left of 30:00"))
        #expect(screen[0].contains("Workout · Running · in progress"))

        // The stopwatch ticks locally: two seconds later it shows 12:36 without a word from the daemon.
        let wake = try #require(d.model.nextWake(now: d.now), "the screen wakes for the next second")
        #expect(wake > d.now && wake <= d.now + 1.01)
        d.wait(2)
        let later = d.screen()
        #expect(later[2].hasPrefix("   ██  ████   ████ ████"), "12:36: \(later[2])")
        #expect(later[6].hasPrefix("   ███ ████   ████ ████"), "12:36: \(later[6])")
        #expect(later[2].contains("17:24 left of 30:00"))
    }

    @Test func aPausedWorkoutHoldsTheStopwatchAndWakesNobody() {
        var d = Self.onWorkout(Self.status(phase: .paused))
        #expect(d.model.nextWake(now: d.now) == nil)
        let before = d.screen()
        d.wait(5)
        #expect(d.screen() == before)
        #expect(before[2].contains("Paused"))
        #expect(before[0].contains("Running · paused"))
        // Off the workout screen the running stopwatch wakes nothing either.
        var e = Self.onWorkout(Self.status())
        e.key(.escape)
        #expect(!e.model.workout.shown)
        #expect(e.model.nextWake(now: e.now) == nil)
    }

    // MARK: Cadence and tempo

    static let tempoCases: [(Double?, Bool?, String)] = [
        (172, true, "172 BPM  ✓ on cadence"), (86, nil, "86 BPM  ✓ on cadence"), (160, false, "160 BPM  ≈ near cadence"),
        (120, false, "120 BPM  ✗ off cadence"), (nil, nil, "— BPM  ? tempo unknown"),
    ]

    @Test(arguments: tempoCases)
    func theTrackTempoCarriesItsOnCadenceMark(bpm: Double?, onCadence: Bool?, shown: String) {
        let d = Self.onWorkout(Self.status(bpm: bpm, onCadence: onCadence))
        let screen = d.screen().joined(separator: "\n")
        #expect(screen.contains("Cadence 170 spm"))
        #expect(screen.contains("Track " + shown), "\(screen)")
    }

    @Test func tapTempoSendsTheTappedCadenceOnceItIsSteady() {
        var d = Self.onWorkout(Self.status())
        let before = d.sent.count
        for _ in 0..<3 {
            d.key(.character("t"))
            d.wait(0.4)
        }
        #expect(d.lines(since: before).isEmpty, "three taps are not enough")
        #expect(d.model.message?.text.contains("1 more") == true)
        d.key(.character("t"))
        #expect(d.lines(since: before) == ["workout cadence 150"])
        // Going on at the same pace sends nothing more.
        for _ in 0..<3 {
            d.wait(0.4)
            d.key(.character("t"))
        }
        #expect(d.lines(since: before) == ["workout cadence 150"])
        d.workoutReply("workout cadence", Self.status(cadence: 150))
        #expect(d.screen().joined(separator: "\n").contains("Cadence 150 spm"))
    }

    @Test func plusAndMinusNudgeTheCadenceByFive() {
        var d = Self.onWorkout(Self.status())
        d.key(.character("+"))
        d.key(.character("-"))
        #expect(d.lines(since: d.sent.count - 2) == ["workout cadence +5", "workout cadence -5"])
    }

    // MARK: Recommendations and now playing

    @Test func recommendationsShowFeaturedFirstWithTheirFitAndEnterPlaysOneAtOnce() throws {
        var d = Self.onWorkout(Self.status())
        let screen = d.screen()
        let cards = try #require(screen.firstIndex { $0.contains("Recommended") })
        #expect(screen[cards].contains("★ featured first"))
        let titles = screen[cards + 1]
        let first = try #require(ScreenText.column(of: "★ Featured Pace", in: titles))
        let second = try #require(ScreenText.column(of: "Half Time", in: titles))
        let third = try #require(ScreenText.column(of: "Ballad", in: titles))
        #expect(first < second && second < third, "in the daemon's order, the featured one first: \(titles)")
        #expect(titles.hasPrefix(" ▸ ★ Featured Pace"), "the cursor starts on the featured one")
        let tempos = screen[cards + 3]
        #expect(tempos.contains("171 BPM ✓ featured"))
        #expect(tempos.contains("85 BPM ✓"), "half the cadence fits")
        #expect(tempos.contains("120 BPM ✗"))

        d.key(.enter)
        #expect(d.commands.last == .workout(.play("itunes:301")))
        #expect(d.sent.last!.line == "workout play itunes:301")
        #expect(d.sent.last!.channel == .catalog, "a catalog item may need a lookup: never in front of pause")
        d.key(.character("l"))
        d.key(.enter)
        #expect(d.sent.last!.line == "workout play itunes:302")
        #expect(d.screen()[cards + 1].contains("▸ Half Time"))
    }

    @Test func nowPlayingShowsTheTrackAndItsControlsWhichClick() throws {
        var d = Self.onWorkout(Self.status())
        let entry =
            #"{"id":4,"title":"Run Song","subtitle":"Road Band — Long Road","item":{"location":"itunes:9","title":"Run Song","artist":"Road Band","album":"Long Road","duration":201}}"#
        d.line(DaemonLines.event(DaemonLines.snapshot(current: entry, position: 83, duration: 201, length: 5)))
        let screen = d.screen()
        let layout = WorkoutLayout(rows: 24, columns: 80)
        #expect(screen[layout.nowPlayingTop].contains("▶ Run Song"))
        #expect(screen[layout.nowPlayingTop].contains("1:23 / 3:21"))
        #expect(screen[layout.nowPlayingTop + 1].contains("Road Band · Long Road"))
        let controls = screen[layout.controlsRow]
        #expect(controls.contains("◀◀ back (p)") && controls.contains("▶❚❚ play/pause (c)") && controls.contains("▶▶ next (n)"))
        let next = try #require(ScreenText.column(of: "▶▶ next", in: controls))
        d.take(d.model.handle(.mouse(MouseEvent(row: layout.controlsRow, column: next + 2, action: .press(button: 1))), now: d.now))
        #expect(d.sent.last!.line == "next")
        d.key(.character("c"))
        #expect(d.sent.last!.line == "toggle")
        d.key(.character("p"))
        #expect(d.sent.last!.line == "previous")
        // A double click on the third card plays it.
        let card = layout.cardOrigin(slot: 2)
        d.take(d.model.handle(.mouse(MouseEvent(row: card.row, column: card.column + 3, action: .doubleClick(button: 1))), now: d.now))
        #expect(d.sent.last!.line == "workout play itunes:303")
    }

    // MARK: End

    @Test func endAsksFirstAndSendsWorkoutEndOnlyAfterYThenShowsTheSummary() {
        var d = Self.onWorkout(Self.status())
        d.key(.character("E"))
        #expect(!d.sent.contains { $0.line == "workout end" })
        #expect(d.screen().last!.contains("End the workout? y ends it"))
        d.key(.character("n"))
        #expect(!d.sent.contains { $0.line == "workout end" }, "n goes on")
        #expect(d.model.message?.text == "The workout goes on.")
        d.key(.character("E"))
        d.key(.character("q"))  // any key but y, even one that quits elsewhere
        #expect(d.quit == nil)
        #expect(!d.sent.contains { $0.line == "workout end" })
        d.key(.character("E"))
        d.key(.character("y"))
        #expect(d.sent.last!.line == "workout end")

        // The daemon answers End with the workout's summary (and then says, in an event, that none runs).
        let summary = WorkoutSummary(
            kind: .running, startedAt: 1_700_000_000, duration: 1930, cadence: 170, tracksPlayed: 9, onCadenceShare: 0.94,
            averageBPM: 171.4,
            skips: 2)
        let before = d.sent.count
        d.take(
            d.model.handle(.reply(id: .number(Double(d.id("workout end")!)), result: .success(.workouts([summary])), text: ""), now: d.now))
        d.workoutEvent(nil)
        #expect(d.lines(since: before).isEmpty, "the summary came with the answer: nothing more to ask")
        let screen = d.screen().joined(separator: "\n")
        for line in [
            "Workout ended · Running", "Duration      32:10", "Tracks        9 played, 2 skipped", "On cadence    94 %",
            "Average BPM   171",
            "Start a workout",
        ] {
            #expect(screen.contains(line), "\(line) in\n\(screen)")
        }
        #expect(d.model.nextWake(now: d.now) == nil, "an ended workout does not tick")
    }

    @Test func aWorkoutEndedElsewhereShowsWhatItKnowsWhenNoSummaryComes() {
        var d = Self.onWorkout(Self.status(elapsed: 600))
        d.wait(5)
        d.workoutEvent(nil)
        #expect(d.sent.last!.line == "workout history")
        d.line(DaemonLines.failure(d.id("workout history")!, "The library is not open."))
        let screen = d.screen().joined(separator: "\n")
        #expect(screen.contains("Duration      10:05"))
        #expect(screen.contains("3 played, 1 skipped"))
        #expect(!screen.contains("On cadence "), "no share is made up")
        #expect(!screen.contains("library is not open"))
    }

    // MARK: Starting

    @Test func withNoWorkoutTheScreenOffersToStartOne() {
        var d = Self.onWorkout(nil)
        var screen = d.screen().joined(separator: "\n")
        #expect(screen.contains("No workout is running."))
        #expect(screen.contains("Kind      ‹ Running ›"))
        #expect(screen.contains("Cadence   170 spm (the default for running)"))
        d.key(.character("l"))
        screen = d.screen().joined(separator: "\n")
        #expect(screen.contains("‹ Cycling ›") && screen.contains("90 rpm (the default for cycling)"))
        d.key(.character("+"))
        #expect(d.screen().joined(separator: "\n").contains("Cadence   95 rpm"))
        let before = d.sent.count
        d.key(.character("s"))
        #expect(d.lines(since: before) == ["workout start cycling --cadence 95"])
        d.workoutReply(
            "workout start",
            WorkoutStatus(
                kind: .cycling, phase: .running, elapsed: 0, target: nil, cadence: 95, currentBPM: nil, onCadence: nil, recommended: [],
                tracksPlayed: 0, skips: 0))
        screen = d.screen().joined(separator: "\n")
        #expect(screen.contains("Workout · Cycling · in progress"))
        #expect(screen.contains("Open-ended"))
        #expect(screen.contains("Finding music at 95 rpm"))
        #expect(screen.contains("Cadence 95 rpm"))
    }

    @Test func segueWorkoutStartsOneOnlyWhenNoneRuns() {
        var d = Driver()
        d.model.openWorkout(starting: .start(.walking, cadence: nil, minutes: 30))
        d.workoutReply("workout status", nil)
        #expect(d.sent.last!.line == "workout start walking --minutes 30")
        #expect(d.model.workout.shown)

        var e = Driver()
        e.model.openWorkout(starting: .start(.walking, cadence: nil, minutes: 30))
        let before = e.sent.count
        e.workoutReply("workout status", Self.status())
        #expect(e.lines(since: before).isEmpty)
        #expect(e.model.message?.text.contains("running already") == true)

        // A daemon without workouts: said to `segue workout`, not to plain `segue`.
        var f = Driver()
        f.model.openWorkout(starting: .start(nil, cadence: nil, minutes: nil))
        f.line(DaemonLines.failure(f.id("workout status")!, "Workouts are not built yet."))
        #expect(f.model.message?.text == "Workouts are not built yet.")
        var g = Driver()
        g.line(DaemonLines.failure(g.id("workout status")!, "Workouts are not built yet."))
        #expect(g.model.message == nil)
    }

    @Test func theDaemonsOwnLinesReachTheScreen() {
        // The lines as the daemon writes them (WireReply), not values handed to the model.
        var d = Driver()
        d.key(.character("W"))
        d.line(WireReply.success(id: .number(Double(d.id("workout status")!)), result: .workout(Self.status(elapsed: 65, target: nil))))
        var screen = d.screen().joined(separator: "\n")
        #expect(screen.contains("Workout · Running · in progress"))
        #expect(screen.contains("Open-ended"))
        #expect(screen.contains("★ Featured Pace"))
        d.line(WireReply.workoutEvent(Self.status(elapsed: 70, cadence: 160, recommended: [Self.slow])))
        screen = d.screen().joined(separator: "\n")
        #expect(screen.contains("Cadence 160 spm"))
        #expect(screen.contains("▸ Ballad") && !screen.contains("Featured Pace"))
        d.line(WireReply.workoutEvent(nil))
        #expect(d.sent.last!.line == "workout history")
    }

    // MARK: The picker

    @Test func thePickerAddsMarkedSongsAlbumsAndPlaylistsInOneCommand() {
        var d = Self.onWorkout(Self.status())
        d.line(
            DaemonLines.reply(d.id("playlist list")!, kind: "playlists", #""items":[{"name":"Road Trip","itemCount":3}]"#))
        d.line(DaemonLines.albums(d.id("saved albums")!, [DaemonLines.album(20, "Night Drive")]))
        d.line(DaemonLines.songs(d.id("saved songs")!, [DaemonLines.song(1, "Neon"), DaemonLines.song(2, "Dusk")]))
        d.key(.character("a"))
        #expect(!d.model.workout.shown && d.model.tab == .library)
        #expect(d.screen().last!.contains("Mark with space (/ searches), then enter adds them to the workout."))
        // Library: your music's four lists (the cursor on Songs), Playlists header, Road Trip, Saved
        // albums header, Night Drive, Saved songs header, Neon, Dusk.
        for _ in 0..<4 { d.key(.character("j")) }
        d.key(.character(" "))  // Road Trip, then down onto the album
        d.key(.character(" "))  // Night Drive, then on to Neon
        d.key(.character("j"))
        d.key(.character(" "))  // Dusk
        #expect(d.model.page.marked.count == 3)
        let before = d.sent.count
        d.key(.enter)
        #expect(d.lines(since: before) == [#"workout add "playlist:Road Trip" itunes:20 itunes:2"#])
        #expect(d.model.workout.shown, "back on the workout screen")
    }

    @Test func escapeInThePickerGoesBackToTheWorkout() {
        var d = Self.onWorkout(Self.status())
        d.key(.character("a"))
        #expect(d.model.workout.picking)
        d.key(.escape)
        #expect(d.model.workout.shown && !d.model.workout.picking)
    }

    // MARK: Keys and sizes

    @Test func theWorkoutKeysAreInTheHelpAndCanBeRebound() {
        var d = Driver()
        d.key(.character("?"))
        let help = d.model.page.rows
        #expect(help.contains(.header("On the workout screen (W)")))
        #expect(help.contains { if case .text(let t) = $0 { t.contains("Tap in rhythm") && t.hasPrefix("  t ") } else { false } })
        #expect(help.contains { if case .text(let t) = $0 { t.contains("Show the workout screen") && t.hasPrefix("  W ") } else { false } })

        let (config, problems) = TUIConfig.parse(
            ConfigFile(parsing: "bind.workout.T = tap-tempo\nbind.workout.t = none\nworkout.featured = 1,2,3\n"))
        #expect(problems.isEmpty, "workout. lines are the daemon's: \(problems)")
        var e = Driver(config: config)
        e.key(.character("W"))
        e.workoutReply("workout status", Self.status())
        e.key(.character("t"))
        #expect(e.model.workout.taps.taps.isEmpty, "t does nothing on the workout screen now")
        e.key(.character("T"))
        #expect(e.model.workout.taps.taps.count == 1)
        #expect(e.model.message?.text.hasPrefix("Tap T on every step") == true, "the message names the key in force")
        #expect(e.model.workoutHint.hasPrefix("T tap"), "the keys line follows the key map")
    }

    @Test(arguments: [(0, 0), (1, 1), (2, 5), (8, 30), (9, 39), (10, 40), (17, 59), (18, 60), (24, 80), (40, 120), (60, 250)])
    func everySizeDrawsInsideTheFrame(rows: Int, columns: Int) {
        for status in [Self.status(), nil] {
            var d = Self.onWorkout(status, rows: rows, columns: columns)
            d.key(.character("E"))
            let frame = Screen().render(d.model, now: d.now)
            for span in frame.spans {
                #expect(span.row >= 0 && span.row < rows, "\(rows)x\(columns): row \(span.row)")
                #expect(
                    span.column >= 0 && span.column + TextFit.standard.columns(span.text) <= columns, "\(rows)x\(columns): \(span.text)")
            }
        }
    }

    @Test func tinyScreensShowAOneLineStopwatch() {
        let small = Self.onWorkout(Self.status(), rows: 8, columns: 30).screen()
        #expect(small[0].hasPrefix("12:34  17:26 left  170 spm ✓"), "\(small[0])")
        #expect(small.dropFirst().allSatisfy { $0.trimmingCharacters(in: " ").isEmpty })
        let one = Self.onWorkout(Self.status(), rows: 1, columns: 1).screen()
        #expect(one == ["1"])
        let five = Self.onWorkout(Self.status(), rows: 1, columns: 5).screen()
        #expect(five == ["12:34"], "the stopwatch whole rather than cut")
    }

    @Test func aBigScreenShowsMoreRecommendationsAndWiderDigits() {
        let tracks = (1...12).map { WorkoutTrack(location: "itunes:\($0)", title: "Song \($0)", artist: "Band", bpm: 170) }
        let small = Self.onWorkout(Self.status(recommended: tracks)).screen().joined(separator: "\n")
        let big = Self.onWorkout(Self.status(recommended: tracks), rows: 40, columns: 120).screen()
        let shownSmall = tracks.filter { small.contains($0.title + " ") || small.contains($0.title + "\n") }.count
        let bigText = big.joined(separator: "\n")
        let shownBig = tracks.filter { bigText.contains($0.title + " ") || bigText.contains($0.title + "\n") }.count
        #expect(shownSmall == 6)
        #expect(shownBig == 12)
        let top = WorkoutLayout(rows: 40, columns: 120).clockTop
        #expect(big[top].hasPrefix("    ████    ████████"), "digits twice as wide: \(big[top])")
    }
}

extension Driver {
    /// The daemon's answer to the last command sent starting with `prefix`: the workout's status.
    mutating func workoutReply(_ prefix: String, _ status: WorkoutStatus?) {
        guard let id = id(prefix) else {
            Issue.record("no \(prefix) was sent")
            return
        }
        take(model.handle(.reply(id: .number(Double(id)), result: .success(.workout(status)), text: ""), now: now))
    }

    /// A `workout` event.
    mutating func workoutEvent(_ status: WorkoutStatus?) { take(model.handle(.event(.workout(status)), now: now)) }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
