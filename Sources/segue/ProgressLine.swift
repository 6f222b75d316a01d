import Audio
import Checked

#if canImport(Glibc)
    import Glibc
#endif

/// The one status line `segue play` keeps on a terminal: title, elapsed/total and a bar.
struct ProgressLine {
    let enabled: Bool
    private var visible = false

    init(enabled: Bool) { self.enabled = enabled }

    private var last: (title: String, total: Double?)?

    /// Redraws the line in place.
    mutating func show(title: String, elapsed: Double, total: Double?) {
        guard enabled else { return }
        // Made safe before it is measured, so the line's width is what the terminal shows.
        let title = TerminalText.safe(title)
        last = (title, total)
        let width = Self.terminalWidth()
        let times = total.map { "\(Self.clock(elapsed)) / \(Self.clock($0))" } ?? Self.clock(elapsed)
        let barWidth = max(0, min(30, width - times.count - 8 - min(title.count, 40)))
        var bar = ""
        if let total, total > 0, barWidth >= 5 {
            let filled = Checked.clamped(Double(barWidth) * elapsed / total, to: 0...barWidth, rounding: .toNearestOrAwayFromZero)
            bar = " [" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
        }
        let room = max(0, width - times.count - bar.count - 4)
        let shownTitle = title.count > room ? String(title.prefix(max(0, room - 1))) + "…" : title
        Console.control("\r\u{1B}[K")
        Console.write("▶ \(shownTitle)  \(times)\(bar)")
        visible = true
    }

    /// Shows the last item as played to its end, then ends the line.
    mutating func complete() {
        if let last, let total = last.total, visible { show(title: last.title, elapsed: total, total: total) }
        finish()
    }

    /// Ends the line so the next output starts on a fresh one.
    mutating func finish() {
        guard enabled, visible else { return }
        Console.write("\n")
        visible = false
    }

    /// Erases the line (before an error message).
    mutating func clear() {
        guard enabled, visible else { return }
        Console.control("\r\u{1B}[K")
        visible = false
    }

    static func clock(_ seconds: Double) -> String {
        ClockText.format(seconds)
    }

    static func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
