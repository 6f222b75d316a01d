import Checked
import Terminal
import WireProtocol
import Workout

extension Screen {
    /// The workout screen (`WorkoutLayout`): the stopwatch, cadence and tempo, now playing with
    /// its controls, the recommended cards; or, when none runs, the offer to start one (and the
    /// summary of the one that ended). Tiny screens get one line of stopwatch.
    func workoutScreen(_ frame: inout Frame, _ model: TUIModel, now: Double) {
        let layout = WorkoutLayout(rows: frame.rows, columns: frame.columns)
        if layout.tiny {
            oneLineStopwatch(&frame, model, layout, now: now)
            return
        }
        let workout = model.workout
        put(&frame, layout.headerRow, 0, String(repeating: " ", count: layout.columns), Style(.title))
        var heading = " Workout"
        // "Running · running" read as a stutter: the phase is said in words of its own.
        if let status = workout.status { heading += " · \(status.kind.title) · \(status.phase.heading)" }
        let back = model.workoutBackHint
        put(&frame, layout.headerRow, 0, text.fit(heading, layout.columns - 1), Style(.title, bold: true))
        let backWidth = text.columns(back)
        if text.columns(heading) + backWidth + 3 <= layout.columns {
            put(&frame, layout.headerRow, layout.columns - backWidth - 1, back, Style(.title))
        }
        if let status = workout.status {
            // With the cover ready at the right, the stopwatch and now playing keep to its left.
            let spot = model.coverSpots().first { $0.place == .workout }
            var side = layout
            if let spot, case .ready = model.coverState(for: spot) { side = WorkoutLayout(rows: layout.rows, columns: spot.column - 1) }
            stopwatch(&frame, model, status, side, now: now)
            nowPlaying(&frame, model, side, now: now)
            recommended(&frame, model, status, layout)
            if let spot { covers(&frame, model, [spot]) }
        } else {
            idle(&frame, model, layout)
        }
        messageLine(&frame, model, row: layout.messageRow, columns: layout.columns, hint: model.workoutHint)
    }

    private func oneLineStopwatch(_ frame: inout Frame, _ model: TUIModel, _ layout: WorkoutLayout, now: Double) {
        let workout = model.workout
        var parts: [String] = []
        if let status = workout.status, let elapsed = workout.elapsed(now: now) {
            parts.append(ClockText.format(elapsed, hours: true) + (status.phase == .paused ? " ❚❚" : ""))
            if let left = workout.remaining(now: now) { parts.append(ClockText.format(left, hours: true) + " left") }
            let mark = CadenceMark.of(bpm: status.currentBPM, cadence: status.cadence, onCadence: status.onCadence)
            parts.append("\(status.cadence) \(status.kind.cadenceUnit) \(mark.symbol)")
        } else {
            parts.append(workout.known ? "No workout · \(model.keyName(.workoutStart, in: .workout) ?? "s") starts" : "Workout…")
        }
        // Whole parts only, the stopwatch first: "12:34" rather than "12:3…".
        var line = ""
        for part in parts {
            let candidate = line.isEmpty ? part : line + "  " + part
            guard text.columns(candidate) <= layout.columns else { break }
            line = candidate
        }
        if line.isEmpty {
            // Not even the stopwatch fits: its first digits, uncut by an ellipsis.
            for c in parts[0] where text.columns(line + String(c)) <= layout.columns { line.append(c) }
        }
        put(&frame, 0, 0, text.fit(line, layout.columns), Style(.accent, bold: true))
        // The End question and other messages still show, on the last row.
        if layout.rows >= 3, model.message != nil || model.mode != .normal {
            messageLine(&frame, model, row: layout.rows - 1, columns: layout.columns, hint: "")
        }
    }

    private func stopwatch(_ frame: inout Frame, _ model: TUIModel, _ status: WorkoutStatus, _ layout: WorkoutLayout, now: Double) {
        let workout = model.workout
        let time = ClockText.format(workout.elapsed(now: now) ?? 0, hours: true)
        let mark = CadenceMark.of(bpm: status.currentBPM, cadence: status.cadence, onCadence: status.onCadence)
        let bpm = status.currentBPM.map { "\(Checked.clamped($0, to: 0...999, rounding: .toNearestOrAwayFromZero)) BPM" } ?? "— BPM"
        let left = workout.remaining(now: now).map {
            "\(ClockText.format($0, hours: true)) left of \(ClockText.format(status.target ?? 0, hours: true))"
        }
        let cadence = "Cadence \(status.cadence) \(status.kind.cadenceUnit)"
        let track = "Track \(bpm)  \(mark.symbol) \(mark.words)"
        let counts = "Played \(status.tracksPlayed) · skipped \(status.skips)"
        guard layout.bigDigits else {
            let first = [time + (status.phase == .paused ? " ❚❚" : ""), left].compactMap { $0 }.joined(separator: "   ")
            put(&frame, layout.clockTop, 2, text.fit(first, layout.columns - 3), Style(.accent, bold: true))
            put(&frame, layout.clockTop + 1, 2, text.fit(cadence + " · " + track, layout.columns - 3))
            return
        }
        let block: Character = text.width("█") == 1 ? "█" : "#"
        let digits = BlockDigits.rows(time, scale: layout.scale, block: block)
        for (i, row) in digits.enumerated() {
            put(
                &frame, layout.clockTop + i, 2, text.fit(row, layout.columns - 3),
                Style(status.phase == .paused ? .dim : .accent, bold: true))
        }
        let x = 2 + BlockDigits.width(time, scale: layout.scale) + 3 * layout.scale
        guard x < layout.columns - 4 else { return }
        let width = layout.columns - x - 1
        var panel: [(String, Style)] = [
            (status.phase == .paused ? "Paused" : left ?? "Open-ended", Style(.accent, bold: true)), (cadence, Style(.normal, bold: true)),
            (track, mark == .on ? Style(.playing, bold: true) : .normal), (counts, Style(.dim)),
        ]
        if status.phase == .paused, let left { panel.insert((left, Style(.accent)), at: 1) }
        if let tapping = model.tapStatus(now: now) { panel.append((tapping, Style(.accent))) }
        for (i, (line, style)) in panel.prefix(5).enumerated() { put(&frame, layout.clockTop + i, x, text.fit(line, width), style) }
    }

    private func nowPlaying(_ frame: inout Frame, _ model: TUIModel, _ layout: WorkoutLayout, now: Double) {
        var y = layout.nowPlayingTop
        let width = layout.columns - 4
        if let s = model.snapshot, let entry = s.current {
            let item = entry.item
            let parts = entry.subtitle?.split(separator: " — ", omittingEmptySubsequences: false).map(String.init) ?? []
            let artist = item.artist ?? parts.first
            let album = item.album ?? parts.dropFirst().first
            let byline = [artist, album].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
            let position = model.position(now: now).map { clock($0) } ?? ""
            let times = [position, clock(s.duration)].filter { !$0.isEmpty }.joined(separator: " / ")
            let timesWidth = text.columns(times)
            let title = (s.status == "playing" ? "▶ " : "❚❚ ") + entry.title
            if layout.bigDigits {
                put(&frame, y, 2, text.fit(title, max(0, width - timesWidth - 2)), Style(.playing, bold: true))
                y += 1
                put(&frame, y, 4, text.fit(byline, width - 2), Style(.dim))
            } else {
                let line = byline.isEmpty ? title : title + " — " + byline
                put(&frame, y, 2, text.fit(line, max(0, width - timesWidth - 2)), Style(.playing, bold: true))
            }
            if timesWidth + 4 < layout.columns { put(&frame, layout.nowPlayingTop, layout.columns - timesWidth - 2, times, Style(.dim)) }
            if let row = layout.progressRow, layout.columns > 12 {
                let bar = layout.columns - 8
                let share = (s.duration ?? 0) > 0 ? min(1, (model.position(now: now) ?? 0) / s.duration!) : 0
                let filled = Checked.clamped(Double(bar) * share, to: 0...bar, rounding: .down)
                let full = text.width("━") == 1 ? "━" : "="
                let empty = text.width("─") == 1 ? "─" : "-"
                put(&frame, row, 4, String(repeating: full, count: filled), Style(.progress, bold: true))
                put(&frame, row, 4 + filled, String(repeating: empty, count: bar - filled), Style(.dim))
            }
        } else {
            put(&frame, y, 2, text.fit(model.snapshot == nil ? "Connecting to the daemon…" : "Nothing playing yet.", width), Style(.dim))
        }
        for control in WorkoutLayout(rows: layout.rows, columns: layout.columns).controls(labels: model.controlLabels) {
            put(
                &frame, layout.controlsRow, control.columns.lowerBound,
                text.fit(control.label, layout.columns - control.columns.lowerBound), Style(.accent))
        }
    }

    private func recommended(_ frame: inout Frame, _ model: TUIModel, _ status: WorkoutStatus, _ layout: WorkoutLayout) {
        guard layout.recommendedRow < layout.messageRow else { return }
        let tracks = status.recommended
        let cursor = model.workout.cursor
        var heading = "Recommended"
        if !tracks.isEmpty { heading += " (\(min(cursor + 1, tracks.count))/\(tracks.count)) · ★ featured first · Enter plays" }
        put(&frame, layout.recommendedRow, 1, text.fit(heading, layout.columns - 2), Style(.title, bold: true))
        guard !tracks.isEmpty else {
            put(
                &frame, layout.cardsTop, 2, text.fit("Finding music at \(status.cadence) \(status.kind.cadenceUnit)…", layout.columns - 3),
                Style(.dim))
            return
        }
        let first = layout.firstCard(cursor: cursor)
        for slot in 0..<layout.cardsShown where first + slot < tracks.count {
            let index = first + slot
            let track = tracks[index]
            let (row, column) = layout.cardOrigin(slot: slot)
            let width = min(layout.cardWidth - 1, layout.columns - column)
            guard width > 2 else { continue }
            let mark = CadenceMark.of(bpm: track.bpm, cadence: status.cadence)
            let bpm = track.bpm.map { "\(Checked.clamped($0, to: 0...999, rounding: .toNearestOrAwayFromZero)) BPM" } ?? "— BPM"
            let isCursor = index == cursor
            guard layout.cardHeight > 1 else {
                // One line: the title and artist, the tempo at the right.
                let tempo = " \(bpm) \(mark.symbol)"
                let name = (isCursor ? "▸ " : "  ") + (track.featured ? "★ " : "") + track.title + " — " + track.artist
                let nameWidth = max(0, width - text.columns(tempo))
                let line = text.fit(name, nameWidth, pad: true) + (nameWidth > 0 ? tempo : "")
                put(&frame, row, column, text.fit(line, width, pad: isCursor), isCursor ? Style(.cursor, bold: true) : .normal)
                continue
            }
            let lines = [
                (isCursor ? "▸ " : "  ") + (track.featured ? "★ " : "") + track.title, "  " + track.artist,
                "  \(bpm) \(mark.symbol)" + (track.featured ? " featured" : ""),
            ]
            for (i, line) in lines.enumerated() where row + i < layout.messageRow {
                let style = isCursor ? Style(.cursor, bold: i == 0) : i == 0 ? Style(.normal, bold: true) : Style(.dim)
                put(&frame, row + i, column, text.fit(line, width, pad: isCursor), style)
            }
        }
        if tracks.count > layout.cardsShown, layout.cardsShown > 0 {
            let more = "\(first + 1)–\(min(tracks.count, first + layout.cardsShown)) of \(tracks.count)"
            let x = layout.columns - text.columns(more) - 1
            if x > text.columns(heading) + 2 { put(&frame, layout.recommendedRow, x, more, Style(.dim)) }
        }
    }

    /// No workout runs: what ended last, then the offer to start one.
    private func idle(_ frame: inout Frame, _ model: TUIModel, _ layout: WorkoutLayout) {
        let workout = model.workout
        var lines: [(String, Style)] = []
        if !workout.known {
            lines.append(("Asking the daemon about the workout…", Style(.dim)))
        } else {
            if let summary = workout.summary {
                lines += summaryLines(summary)
            } else if let ended = workout.ended {
                lines += summaryLines(
                    WorkoutSummary(
                        kind: ended.kind, startedAt: 0, duration: ended.elapsed, cadence: ended.cadence, tracksPlayed: ended.tracksPlayed,
                        onCadenceShare: .nan, averageBPM: nil, skips: ended.skips))
            } else {
                lines.append(("No workout is running.", Style(.normal, bold: true)))
            }
            lines.append(("", .normal))
            let choose = [
                model.keyName(.choosePrevious, in: .workout, preferring: .left),
                model.keyName(.chooseNext, in: .workout, preferring: .right),
            ]
            .compactMap { $0 }
            let start = [model.keyName(.workoutStart, in: .workout), model.keyName(.workoutPlay, in: .workout)].compactMap { $0 }
            lines += [
                ("Start a workout", Style(.title, bold: true)),
                (
                    "  Kind      ‹ \(workout.startKind.title) ›" + (choose.isEmpty ? "" : "   \(choose.joined(separator: "/")) choose"),
                    Style(.accent, bold: true)
                ),
                (
                    "  Cadence   \(workout.offeredCadence) \(workout.startKind.cadenceUnit)"
                        + (workout.startCadence == nil ? " (the default for \(workout.startKind.rawValue))" : "")
                        + "   t taps it, +/- nudge", .normal
                ),
                ("  Target    " + (workout.startMinutes.map { "\($0) min" } ?? "open-ended"), .normal),
                ("", .normal),
                ("  " + (start.isEmpty ? ":workout start" : start.joined(separator: " or ")) + " starts it.", Style(.accent)),
            ]
        }
        for (i, (line, style)) in lines.enumerated() {
            let y = layout.clockTop + i
            guard y < layout.messageRow else { break }
            put(&frame, y, 2, text.fit(line, layout.columns - 3), style)
        }
    }

    /// A finished workout's figures (a share that is not known, NaN, is left out).
    private func summaryLines(_ summary: WorkoutSummary) -> [(String, Style)] {
        var lines: [(String, Style)] = [
            ("Workout ended · \(summary.kind.title)", Style(.accent, bold: true)),
            ("  Duration      \(ClockText.format(summary.duration, hours: true))", Style(.normal, bold: true)),
            ("  Tracks        \(summary.tracksPlayed) played, \(summary.skips) skipped", .normal),
        ]
        if summary.onCadenceShare.isFinite {
            lines.append(
                (
                    "  On cadence    \(Checked.clamped(summary.onCadenceShare * 100, to: 0...100, rounding: .toNearestOrAwayFromZero)) %",
                    .normal
                ))
        }
        if let bpm = summary.averageBPM {
            lines.append(("  Average BPM   \(Checked.clamped(bpm, to: 0...999, rounding: .toNearestOrAwayFromZero))", .normal))
        }
        lines.append(("  Cadence       \(summary.cadence) \(summary.kind.cadenceUnit)", .normal))
        return lines
    }
}

extension WorkoutKind {
    /// Its name as the screen shows it: "Running", "HIIT".
    var title: String { self == .hiit ? "HIIT" : rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// Pedal turns a minute for cycling, steps otherwise.
    var cadenceUnit: String { self == .cycling ? "rpm" : "spm" }
}

extension WorkoutPhase {
    /// The phase as the workout screen's heading says it.
    fileprivate var heading: String {
        switch self {
        case .running: "in progress"
        case .paused: "paused"
        case .ended: "ended"
        }
    }
}
