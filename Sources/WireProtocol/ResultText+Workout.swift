import Checked
import FoundationEssentials
import POSIXSupport
import Session
import Tempo
import Workout

/// How workouts and tempos look as text (`segue ctl workout status|history|end`, `segue ctl
/// tempo`, the daemon's replies). Any number shows, whatever its value: clocks through
/// `ClockText`, the rest through `Checked.clamped`.
extension ResultText {
    /// Recommendations listed under a status; the rest are counted.
    static let shownRecommendations = 5

    /// The workout now, in a few lines: kind and stopwatch (with the target and what is left),
    /// cadence and the tempo playing with its on-cadence mark, the counts, and the first
    /// recommendations (featured ones starred).
    public static func workout(_ status: WorkoutStatus?, width: Int) -> String {
        guard let s = status else { return "No workout is running; start one with workout start.\n" }
        let width = max(20, width)
        let clock = ClockText.format(s.elapsed, hours: true)
        var stopwatch = "\(name(of: s.kind)) · \(clock)"
        if let target = s.target, let remaining = s.remaining {
            stopwatch += " of \(ClockText.format(target, hours: true)) (\(ClockText.format(remaining, hours: true)) left)"
        }
        switch s.phase {
        case .running: break
        case .paused: stopwatch += " · paused"
        case .ended: stopwatch += " · ended"
        }
        var tempo = "Cadence \(s.cadence) \(unit(of: s.kind))"
        if let bpm = s.currentBPM {
            tempo += " · playing \(bpmText(bpm)) BPM"
            if let on = s.onCadence { tempo += on ? " ✓ on cadence" : " ✗ off cadence" }
        }
        var lines = [stopwatch, tempo, "\(plural(s.tracksPlayed, "track")) played · \(plural(s.skips, "skip"))"]
        if !s.recommended.isEmpty {
            lines.append("Recommended:")
            for track in s.recommended.prefix(shownRecommendations) {
                let bpm = track.bpm.map { "  \(bpmText($0)) BPM" } ?? ""
                let who = track.artist.isEmpty ? "" : " — \(track.artist)"
                let title = track.title.isEmpty ? track.location : track.title
                lines.append(TextWidth.fit((track.featured ? "  ★ " : "    ") + title + who + bpm, width))
            }
            let more = s.recommended.count - shownRecommendations
            if more > 0 { lines.append("    and \(more) more") }
        }
        return lines.map(trimmed).joined(separator: "\n") + "\n"
    }

    /// Past workouts, one aligned row each: when it started (UTC), kind, duration, tracks, the
    /// share on cadence, the average tempo and skips. `workout end` answers with the one just
    /// ended, so its summary reads as the row `workout history` will show.
    public static func workouts(_ summaries: [WorkoutSummary], width: Int) -> String {
        guard !summaries.isEmpty else { return "No workouts yet.\n" }
        let header = ["STARTED (UTC)", "KIND", "TIME", "TRACKS", "ON CADENCE", "AVG BPM", "SKIPS"]
        let widths = [16, 7, 8, 6, 10, 7, 5]
        // Numbers are right-aligned under their heading; the date and kind are left-aligned.
        func row(_ cells: [String]) -> String {
            let fitted = cells.enumerated().map { index, cell in
                index < 2 ? TextWidth.fit(cell, widths[index]) : rightAligned(cell, widths[index])
            }
            return trimmed(fitted.joined(separator: "  ")) + "\n"
        }
        return row(header)
            + summaries.map { w in
                let share = Checked.clamped(w.onCadenceShare * 100, to: 0...100, rounding: .toNearestOrAwayFromZero)
                return row([
                    startedText(w.startedAt), w.kind.rawValue, ClockText.format(w.duration, hours: true), String(w.tracksPlayed),
                    "\(share) %", w.averageBPM.map(bpmText) ?? "–", String(w.skips),
                ])
            }.joined()
    }

    /// One row per item: its tempo, how sure, where it came from (the tag or analysis) and the
    /// title with the item; or the item and the sentence saying why there is none.
    public static func tempo(_ reports: [TempoReport], width: Int) -> String {
        guard !reports.isEmpty else { return "No items.\n" }
        let rest = max(10, max(40, width) - 7 - 12 - 10 - 6)
        var out = rightAligned("BPM", 7) + "  " + rightAligned("CONFIDENCE", 10) + "  " + TextWidth.fit("SOURCE", 8) + "  TITLE\n"
        for report in reports {
            let named = report.title.map { "\($0) (\(report.item))" } ?? report.item
            guard let estimate = report.estimate else {
                let why = report.error ?? "No tempo was found."
                // The sentence is never cut: it is the only answer there is.
                // Sentences that already name the item (most file errors do) are not prefixed twice.
                let said = why.hasPrefix(report.item) ? why : "\(report.item): \(why)"
                out += rightAligned("–", 7) + "  " + String(repeating: " ", count: 20) + "  " + said + "\n"
                continue
            }
            let sure = Checked.clamped(estimate.confidence * 100, to: 0...100, rounding: .toNearestOrAwayFromZero)
            out +=
                trimmed(
                    rightAligned(bpmText(estimate.bpm), 7) + "  " + rightAligned("\(sure) %", 10) + "  "
                        + TextWidth.fit(estimate.source.rawValue, 8) + "  " + TextWidth.fit(named, rest)) + "\n"
        }
        return out
    }

    /// `172.5`: a tempo to a tenth of a beat, whatever the number (0 for NaN, at most 10⁶).
    static func bpmText(_ bpm: Double) -> String {
        let tenths = Checked.clamped(bpm * 10, to: 0...10_000_000, rounding: .toNearestOrAwayFromZero)
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `Running`, `HIIT`.
    static func name(of kind: WorkoutKind) -> String {
        kind == .hiit ? "HIIT" : kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
    }

    /// Pedal turns for cycling, steps otherwise.
    static func unit(of kind: WorkoutKind) -> String { kind == .cycling ? "rpm" : "spm" }

    /// `1 track`, `3 tracks`.
    static func plural(_ count: Int, _ noun: String) -> String { count == 1 ? "1 \(noun)" : "\(count) \(noun)s" }

    /// `2026-12-01 19:30`, in UTC (the date of `WireEncoding.iso`).
    static func startedText(_ seconds: Double) -> String {
        let iso = WireEncoding.iso(Date(timeIntervalSince1970: seconds.isFinite ? seconds : 0))
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5))
    }

    static func rightAligned(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - TextWidth.columns(text))) + text
    }

    static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
