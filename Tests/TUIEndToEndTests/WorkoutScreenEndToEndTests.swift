import Audio
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The workout screen of the real `segue workout`, in tmux, against the bundled demo catalog
/// (offline, `--output null` paced like a device): the golden screens at 80×24 and 120×40, tap
/// tempo changing the cadence, End with its question and the summary.
///
/// What moves with the clock is masked before comparing (`WorkoutMask`): the stopwatch's digits,
/// the times (`m:ss`), the progress bar and the count of tracks played. Each golden screen is
/// captured with the workout paused (stopwatch and music held) once the twelve recommendations
/// are there with their tempos (the daemon analyses the demo catalog's songs as the workout
/// starts, and the ranking changes as they come in) and the screen, masked, has stayed the
/// same for a second: what a user would see once the workout has found its music.
///
/// Which songs are recommended after the first depends on which the daemon had already queued
/// when the last tempo came in (a race inside the daemon, not the screen's), so the golden
/// masks the cards' text, and the cards are checked against the daemon's own list instead: the
/// same songs, in its order (featured first, starred).
@Suite(.enabled(if: TmuxSession.suitesRun, TmuxSession.skipReason))
struct WorkoutScreenEndToEndTests {
    private func startWorkout(columns: Int = 80, rows: Int = 24, _ options: [String] = ["--minutes", "30"]) throws -> TmuxSession {
        let ui = try TmuxSession(
            arguments: ["workout", "--output", "null", "--catalog", "demo"] + options, columns: columns, rows: rows)
        try ui.waitFor("the workout running with music playing", timeout: 30) { s in
            s[0].contains("Workout · Running · in progress") && s.contains { $0.contains("▶ ") && $0.contains(" / ") }
        }
        return ui
    }

    @Test(arguments: [80, 120])
    func theWorkoutScreenMatchesTheGolden(columns: Int) throws {
        let rows = columns == 80 ? 24 : 40
        let ui = try startWorkout(columns: columns, rows: rows)
        // Recommendations arrive as their tempo is known: wait for all twelve, each with a BPM.
        try ui.waitFor("twelve recommendations with their tempo", timeout: 60) { s in
            guard let heading = s.firstIndex(where: { $0.contains("Recommended (1/12)") }) else { return false }
            let cards = s[(heading + 1)...].dropLast()
            return cards.contains { $0.contains("BPM") } && !cards.contains { $0.contains("— BPM") }
                && s.contains { $0.contains("Track ") && $0.contains(" BPM") && !$0.contains("— BPM") }
        }
        ui.send(keys: "Space")
        try ui.waitFor("the workout paused") { s in
            s[0].contains("Workout · Running · paused") && s.contains { $0.contains("Paused") } && s.contains { $0.contains("❚❚ ") }
        }
        let paused = try steady(ui, columns: columns, rows: rows)
        Golden.check(WorkoutMask.maskingCards(paused), named: "workout-\(columns)x\(rows)")
        try expectCardsInTheDaemonsOrder(paused, ui, perLine: columns == 80 ? 3 : 4)
        // Resumed, the stopwatch runs on from where it stood.
        ui.send(keys: "Space")
        try ui.waitFor(text: "Workout · Running · in progress")
    }

    /// The cards show the daemon's recommendations in its order, the featured ones starred: the
    /// first five (`segue ctl workout status` lists five), line by line, left to right.
    private func expectCardsInTheDaemonsOrder(_ screen: [String], _ ui: TmuxSession, perLine: Int) throws {
        let status = ui.ctl("workout", "status").stdoutText.split(separator: "\n").map(String.init)
        let listed = try #require(status.firstIndex(of: "Recommended:"), "\(status)")
        let tracks = status[(listed + 1)...].prefix { !$0.hasPrefix("    and ") }.map { line in
            (featured: line.hasPrefix("  ★ "), title: String(line.dropFirst(4).prefix { $0 != "—" }).trimmingCharacters(in: " "))
        }
        #expect(tracks.count == 5, "\(status)")
        #expect(tracks.first?.featured == true, "the daemon puts a featured song first")
        let heading = try #require(screen.firstIndex { $0.contains("Recommended (1/12)") })
        var column = -1
        for (i, track) in tracks.enumerated() {
            let row = screen[heading + 1 + (i / perLine) * 4]
            if i % perLine == 0 { column = -1 }
            let needle = (track.featured ? "★ " : "") + String(track.title.prefix(12))
            let found = try #require(row.firstRange(of: needle), "card \(i + 1), \(track.title), on \(row)")
            let at = row.distance(from: row.startIndex, to: found.lowerBound)
            #expect(at > column, "card \(i + 1) is right of the one before it")
            column = at
        }
    }

    /// The masked screen once it has not changed for a second (polled every 50 ms; the wait runs
    /// out, a failure with the screen, after `timeout`).
    private func steady(_ ui: TmuxSession, columns: Int, rows: Int, timeout: Double = 30) throws -> [String] {
        let deadline = TmuxSession.now() + timeout
        var last = WorkoutMask.masked(ui.capture(), columns: columns, rows: rows)
        var since = TmuxSession.now()
        while TmuxSession.now() < deadline {
            usleep(50_000)
            let screen = WorkoutMask.masked(ui.capture(), columns: columns, rows: rows)
            if screen != last {
                last = screen
                since = TmuxSession.now()
            } else if TmuxSession.now() - since >= 1 {
                return screen
            }
        }
        throw NeverSteady(description: "the workout screen kept changing for \(timeout) s; the last was:\n" + TmuxSession.framed(last))
    }

    @Test func tapTempoChangesTheCadenceShown() throws {
        let ui = try startWorkout()
        try ui.waitFor(text: "Cadence 170 spm")
        // Five taps about 0.4 s apart (the pace only feeds the input; the verdict is that the
        // cadence shown becomes whatever the taps gave, not a timing).
        for _ in 0..<5 {
            ui.send(keys: "t")
            usleep(400_000)
        }
        let tapped = try ui.waitFor("the tapped cadence on the message line") { s in s.last?.hasPrefix("Tapped ") == true }
        let words = tapped.last!.split(separator: " ")
        let cadence = try #require(words.count > 1 ? Int(words[1]) : nil, "the message: \(tapped.last!)")
        #expect((30...250).contains(cadence))
        #expect(cadence != 170, "taps 0.4 s apart are about 150 spm")
        try ui.waitFor("the cadence shown to be the tapped one") { s in s.contains { $0.contains("Cadence \(cadence) spm") } }
        // The daemon has it too.
        #expect(ui.ctl("workout", "status").stdoutText.contains("Cadence \(cadence) spm"))
        // And + nudges it by 5.
        ui.send(keys: "+")
        try ui.waitFor("the cadence nudged up by 5") { s in s.contains { $0.contains("Cadence \(cadence + 5) spm") } }
    }

    @Test func endAsksThenShowsTheSummary() throws {
        let ui = try startWorkout([])
        ui.send(keys: "E")
        try ui.waitFor("the question") { s in s.last == "End the workout? y ends it; any other key goes on." }
        ui.send(keys: "n")
        try ui.waitFor("the workout going on") { s in s.last == "The workout goes on." }
        #expect(ui.capture()[0].contains("Workout · Running · in progress"))
        ui.send(keys: "E")
        try ui.waitFor(text: "End the workout?")
        ui.send(keys: "y")
        let summary = try ui.waitFor("the summary", settled: true) { s in
            s.contains { $0.contains("Workout ended · Running") } && s.contains { $0.contains("Cadence       170 spm") }
        }
        let text = summary.joined(separator: "\n")
        for line in ["Duration      ", "Tracks        ", "On cadence    ", "Start a workout", "Kind      ‹ Running ›"] {
            #expect(text.contains(line), "\(line) in\n\(TmuxSession.framed(summary))")
        }
        #expect(summary[0].trimmingCharacters(in: " ").hasPrefix("Workout") && !summary[0].contains("running"))
        // The daemon keeps it: the history lists one workout.
        let history = ui.ctl("workout", "history").stdoutText
        #expect(history.contains("Running") || history.contains("running"), "\(history)")
        // s starts another.
        ui.send(keys: "s")
        try ui.waitFor(text: "Workout · Running · in progress")
    }

    @Test func fromAnyViewWShowsTheWorkoutAndTinyScreensGetOneLine() throws {
        let ui = try TmuxSession(arguments: ["--output", "null", "--catalog", "demo"])
        try ui.waitFor(text: "Press / and type to search")
        ui.send(keys: "W")
        try ui.waitFor(text: "No workout is running.")
        ui.send(keys: "Enter")
        try ui.waitFor(text: "Workout · Running · in progress")
        ui.resize(columns: 30, rows: 8)
        let tiny = try ui.waitFor("one line of stopwatch") { s in
            s.count == 8 && s[0].contains(" left") == false && s[0].contains("170 spm") && s[0].first?.isNumber == true
        }
        // Nothing else but the message (the notice that the workout started, on one or two rows).
        #expect(tiny.dropFirst().dropLast(2).allSatisfy { $0.trimmingCharacters(in: " ").isEmpty }, "\(TmuxSession.framed(tiny))")
        ui.resize(columns: 1, rows: 1)
        try ui.waitFor("one cell") { s in s.count == 1 && s[0].first?.isNumber == true }
        ui.resize(columns: 80, rows: 24)
        try ui.waitFor(text: "Workout · Running · in progress")
        ui.send(keys: "W")
        try ui.waitFor(text: "1 Search")
        #expect(ui.exitStatus == nil)
    }
}

/// The workout screen did not stop changing.
struct NeverSteady: Error, CustomStringConvertible {
    var description: String
}

/// Masks what moves with the clock on a workout screen, so the golden holds what does not.
enum WorkoutMask {
    /// `screen` with the recommended cards' text replaced by a word: the rows stay, so the
    /// golden still holds where the cards are, their lines and the heading.
    static func maskingCards(_ screen: [String]) -> [String] {
        guard let heading = screen.firstIndex(where: { $0.contains("Recommended (") }) else { return screen }
        var out = screen
        for row in (heading + 1)..<max(heading + 1, out.count - 1) where !out[row].allSatisfy({ $0 == " " }) {
            out[row] = " [cards]"
        }
        return out
    }

    static func masked(_ screen: [String], columns: Int, rows: Int) -> [String] {
        // The stopwatch's block digits: the rows under the header before the side panel.
        let top = rows >= 36 ? 4 : rows >= 30 ? 3 : 2
        var out = screen
        for row in top..<min(top + 5, out.count) {
            let line = Array(out[row])
            // The side panel starts after the last block of the digits and three or more spaces.
            guard let lastBlock = line.lastIndex(of: "█") else { continue }
            var start = lastBlock + 1
            while start < line.count, line[start] == " " { start += 1 }
            let panel = start < line.count ? String(line[start...]) : ""
            out[row] = (row == top ? "  [stopwatch]  " : "               ") + panel
        }
        return out.map { line in
            var s = line
            // Times: m:ss and h:mm:ss.
            s = s.replacing(/\d+:\d\d(:\d\d)?/, with: "m:ss")
            s = s.replacing(/Played \d+/, with: "Played N")
            s = s.replacing("━", with: "─")
            return s
        }
    }
}
