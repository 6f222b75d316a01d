import Checked
import Library
import Terminal
import WireProtocol

/// Draws a `TUIModel` into a `Frame` for a screen of a given size. Pure: the same model, time
/// and size always give the same frame, which is what the golden-screen tests compare.
public struct Screen: Sendable {
    /// How text is measured and cut.
    public let text: TextFit

    /// A renderer measuring text with `text` (the terminal's widths in the real UI).
    public init(text: TextFit = .standard) { self.text = text }

    /// The whole screen. Only the rows in view are laid out, so 10,000 rows cost what 20 do.
    public func render(_ model: TUIModel, now: Double) -> Frame {
        let layout = model.layout
        var frame = Frame(rows: layout.rows, columns: layout.columns)
        guard layout.rows > 0, layout.columns > 0 else { return frame }
        if model.workout.shown {
            workoutScreen(&frame, model, now: now)
            return frame
        }
        guard layout.fits else {
            tooSmall(&frame, layout)
            return frame
        }
        let spots = model.coverSpots()
        tabBar(&frame, model, layout)
        if model.coverView {
            nowPlayingView(&frame, model, layout, spot: spots.first { $0.place == .nowPlaying }, now: now)
        } else {
            let album = spots.first { $0.place == .album }
            list(&frame, model, layout, width: album.map { $0.column - 1 } ?? layout.columns)
        }
        nowPlaying(&frame, model, layout, now: now)
        messageLine(&frame, model, row: layout.messageRow, columns: layout.columns)
        covers(&frame, model, spots)
        return frame
    }

    func put(_ frame: inout Frame, _ row: Int, _ column: Int, _ s: String, _ style: Style = .normal) {
        guard !s.isEmpty else { return }
        frame.spans.append(Frame.Span(row: row, column: column, text: s, style: style))
    }

    private func tooSmall(_ frame: inout Frame, _ layout: Layout) {
        let sentence =
            "Make the terminal bigger: Segue needs \(Layout.minimumColumns)×\(Layout.minimumRows), this one is \(layout.columns)×\(layout.rows)."
        for (i, l) in wrap(sentence, layout.columns).prefix(layout.rows).enumerated() { put(&frame, i, 0, text.fit(l, layout.columns)) }
    }

    /// `sentence` broken into lines of at most `width` columns, at spaces where it can be.
    func wrap(_ sentence: String, _ width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in sentence.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if text.columns(candidate) > width, !line.isEmpty {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        lines.append(line)
        return lines
    }

    private func tabBar(_ frame: inout Frame, _ model: TUIModel, _ layout: Layout) {
        put(&frame, layout.tabRow, 0, String(repeating: " ", count: layout.columns), Style(.title))
        for (tab, label, column) in Layout.tabLabels(columns: layout.columns) where column + label.count <= layout.columns {
            put(&frame, layout.tabRow, column, label, tab == model.tab ? Style(.cursor, bold: true) : Style(.title))
        }
        if model.catalogNotice != nil {
            let flag = "offline: demo catalog"
            let end = Layout.tabLabels(columns: layout.columns).last.map { $0.column + $0.label.count + 2 } ?? 0
            if end + flag.count + 1 <= layout.columns {
                put(&frame, layout.tabRow, layout.columns - flag.count - 1, flag, Style(.error, bold: true))
            }
        }
        let page = model.page
        var title = page.title
        if !page.rows.isEmpty, page.kind != .help { title += "  (\(page.list.cursor + 1)/\(page.rows.count))" }
        if !page.marked.isEmpty { title += "  \(page.marked.count) marked" }
        if model.coverView { title = "Now playing" }
        put(&frame, layout.titleRow, 1, text.fit(title, layout.columns - 2), Style(.accent, bold: true))
    }

    // MARK: The list

    private func list(_ frame: inout Frame, _ model: TUIModel, _ layout: Layout, width: Int) {
        let page = model.page
        let area = layout.listRows
        if page.rows.isEmpty {
            if let status = page.status { put(&frame, area.lowerBound + 1, 2, text.fit(status, width - 4), Style(.dim)) }
            return
        }
        var list = page.list
        list.reveal(height: area.count)
        let playingID = model.snapshot?.current?.id
        let playingLocation = model.snapshot?.current?.item.location
        for (offset, index) in list.visible(height: area.count).enumerated() {
            let row = page.rows[index]
            let y = area.lowerBound + offset
            let isCursor = index == list.cursor
            let isMarked = page.marked.contains(index)
            var isPlaying = false
            if case .entry(let e) = row { isPlaying = e.id == playingID } else if let l = row.location { isPlaying = l == playingLocation }
            let cells = columns(
                for: row, index: index, width: width - 3, numbered: isAlbum(page.kind), marksLocal: marksLocal(page.kind),
                failure: { if case .entry(let e) = row { model.failedEntries[e.id] } else { nil } }())
            let marker = isMarked ? "+" : isPlaying ? "▶" : " "
            if isCursor || isMarked {
                let line = text.fit(" " + marker + " " + cells.map(\.0).joined(), width, pad: true)
                put(&frame, y, 0, line, Style(isCursor ? .cursor : .marked, bold: isPlaying))
                continue
            }
            if case .header(let title) = row {
                put(&frame, y, 1, text.fit(title, width - 2), Style(.title, bold: true))
                continue
            }
            put(&frame, y, 1, marker, Style(.playing, bold: true))
            var x = 3
            for (cell, dim) in cells {
                let w = text.columns(cell)
                put(&frame, y, x, cell, isPlaying ? Style(.playing, bold: !dim) : dim ? Style(.dim) : .normal)
                x += w
            }
        }
        if page.rows.count > area.count {
            // A scroll position, drawn in the last column so it never hides text.
            let thumb = area.lowerBound + (area.count - 1) * list.top / max(1, page.rows.count - area.count)
            put(&frame, min(thumb, area.upperBound - 1), width - 1, "┃", Style(.dim))
        }
    }

    /// A row's cells, each cut and padded to its column; the flag marks secondary text.
    private func isAlbum(_ kind: Page.Kind) -> Bool {
        if case .album = kind { return true }
        return false
    }

    /// Whether the page mixes your own files with catalog songs, so that the files are marked.
    private func marksLocal(_ kind: Page.Kind) -> Bool {
        switch kind {
        case .search, .results, .library, .charts, .playlist: true
        default: false
        }
    }

    private func columns(for row: Row, index: Int, width: Int, numbered: Bool, marksLocal: Bool = false, failure: String? = nil)
        -> [(String, Bool)]
    {
        let timeWidth = 6
        let rest = max(0, width - timeWidth - 1)
        func three(_ a: String, _ b: String, _ c: String, _ time: String) -> [(String, Bool)] {
            if rest < 50 {
                // Narrow: the third column (album, kind) goes, so the first two stay readable.
                let first = rest * 6 / 10
                return [
                    (text.fit(a, first - 1, pad: true) + " ", false), (text.fit(b, rest - first - 1, pad: true) + " ", false),
                    (text.fit(time, timeWidth, pad: false).leftPadded(timeWidth), true),
                ]
            }
            let first = rest * 4 / 10
            let second = rest * 3 / 10
            let third = rest - first - second
            return [
                (text.fit(a, first - 1, pad: true) + " ", false), (text.fit(b, second - 1, pad: true) + " ", false),
                (text.fit(c, third - 1, pad: true) + " ", true), (text.fit(time, timeWidth, pad: false).leftPadded(timeWidth), true),
            ]
        }
        switch row {
        case .header(let title): return [(text.fit(title, width, pad: true), false)]
        case .text(let line): return [(text.fit(line, width, pad: true), false)]
        case .song(let s):
            let number = numbered ? s.track.map { "\($0). " } ?? "" : ""
            // Your own files say so where catalog songs are listed too.
            let album = marksLocal && s.isLocal ? "local · " + (s.album ?? "") : s.album ?? ""
            return three(number + s.title, s.artist, album, clock(s.duration))
        case .album(let a):
            let year = a.releaseDate.map { String($0.prefix(4)) } ?? ""
            let kind = a.single ? "Single" : a.ep ? "EP" : a.trackCount.map { "\($0) songs" } ?? "Album"
            return three(a.title, a.artist, kind, year)
        case .artist(let a): return three(a.name, a.genre ?? "", "Artist", "")
        case .entry(let e):
            let item = e.item
            let artist = item.artist ?? e.subtitle ?? ""
            // An entry the daemon could not play: a file gone says missing, anything else skipped.
            let failed = failure.map { $0.contains("missing") ? "missing · " : "skipped · " } ?? ""
            return three("\(index + 1). " + e.title, artist, failed + (item.album ?? ""), clock(item.duration))
        case .playlist(let p): return three(p.name, "Playlist", "\(p.itemCount) items", "")
        case .section(let section, let count):
            let noun = section.title.lowercased()
            return three(
                section.title, section.blurb, count.map { "\(CountText.grouped($0)) \($0 == 1 ? String(noun.dropLast()) : noun)" } ?? "", ""
            )
        case .folder(let f):
            let state = f.skipped > 0 ? "\(CountText.grouped(f.skipped)) skipped" : f.lastScan == nil ? "not scanned yet" : ""
            return three(f.path, f.songs == 1 ? "1 song" : "\(CountText.grouped(f.songs)) songs", state, "")
        case .item(let i): return three(i.title ?? i.location, i.artist ?? "", i.album ?? "", clock(i.duration))
        case .history(let h):
            let i = h.item
            return three(
                i.title ?? i.location, i.artist ?? "", h.playCount == 1 ? "played once" : "played \(h.playCount) times", clock(i.duration))
        case .container(let title, let subtitle, _):
            let t = text.fit(title, width / 2, pad: true)
            return [(t + " ", false), (text.fit(subtitle, max(0, width - text.columns(t) - 1), pad: true), true)]
        }
    }

    // MARK: The bottom

    private func nowPlaying(_ frame: inout Frame, _ model: TUIModel, _ layout: Layout, now: Double) {
        let columns = layout.columns
        put(&frame, layout.nowPlayingRow, 0, String(repeating: " ", count: columns), Style(.bar))
        guard let s = model.snapshot else {
            put(&frame, layout.nowPlayingRow, 1, text.fit("Connecting to the daemon…", columns - 2), Style(.bar))
            return
        }
        var modes: [String] = [s.status == "playing" ? "playing" : s.status == "paused" ? "paused" : s.status]
        if let p = s.queuePosition {
            modes.append("\(p)/\(s.queueLength)")
        } else if s.queueLength > 0 {
            modes.append("\(s.queueLength) queued")
        }
        modes.append("vol \(Checked.clamped(s.volume, to: 0...100, rounding: .toNearestOrAwayFromZero))%")
        if s.repeat != "none" { modes.append("repeat \(s.repeat)") }
        if s.shuffle != "off" { modes.append("shuffle") }
        if s.single != "off" { modes.append(s.single == "on" ? "single" : "single oneshot") }
        if s.consume != "off" { modes.append("consume") }
        // A scan under way leads, and may take more of the bar than the modes alone do.
        if let scan = model.scan { modes.insert(ResultText.scanning(scan), at: 0) }
        let right = text.fit(modes.joined(separator: " · "), max(0, model.scan == nil ? columns / 2 - 1 : columns * 2 / 3))
        let rightWidth = text.columns(right)
        let title: String
        if let entry = s.current {
            let item = entry.item
            var line = entry.title
            let artist = item.artist ?? entry.subtitle?.split(separator: " — ", omittingEmptySubsequences: false).first.map(String.init)
            let album =
                item.album ?? entry.subtitle?.split(separator: " — ", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
            if let artist, !artist.isEmpty { line += " — " + artist }
            if let album, !album.isEmpty { line += " · " + album }
            title = (s.status == "playing" ? "▶ " : "❚❚ ") + line
        } else {
            title = s.queueLength == 0 ? "Nothing in the queue" : "Stopped"
        }
        let inset = layout.statusInset
        put(&frame, layout.nowPlayingRow, 1 + inset, text.fit(title, max(0, columns - rightWidth - 4 - inset)), Style(.bar, bold: true))
        put(&frame, layout.nowPlayingRow, columns - rightWidth - 1, right, Style(.bar))

        let position = model.position(now: now) ?? 0
        let elapsed = clock(s.current == nil ? nil : position)
        let total = clock(s.duration)
        put(&frame, layout.progressRow, 1 + inset, elapsed.leftPadded(6))
        put(&frame, layout.progressRow, columns - 7, total)
        if let bar = layout.progressBar {
            let share = (s.duration ?? 0) > 0 ? min(1, position / s.duration!) : 0
            let filled = Checked.clamped(Double(bar.count) * share, to: 0...bar.count, rounding: .down)
            let full = text.width("━") == 1 ? "━" : "="
            let empty = text.width("─") == 1 ? "─" : "-"
            put(&frame, layout.progressRow, bar.lowerBound, String(repeating: full, count: filled), Style(.progress, bold: true))
            put(&frame, layout.progressRow, bar.lowerBound + filled, String(repeating: empty, count: bar.count - filled), Style(.dim))
        }
    }

    /// The bottom row: the `:` or `/` line, else a message, else `hint` (the keys).
    func messageLine(_ frame: inout Frame, _ model: TUIModel, row y: Int, columns: Int, hint: String? = nil) {
        switch model.mode {
        case .command(let editor, _, _), .search(let editor):
            let prompt: String = if case .search = model.mode { "/" } else { ":" }
            // Keep the cursor in view on a long line: show the part of the line around it.
            let before = String(editor.text[..<editor.cursor])
            let after = String(editor.text[editor.cursor...])
            var shownBefore = before
            while text.columns(shownBefore) + 2 > columns - 1, !shownBefore.isEmpty { shownBefore.removeFirst() }
            let beforeWidth = text.columns(TextFit.printable(shownBefore))
            put(&frame, y, 0, prompt + TextFit.printable(shownBefore))
            put(&frame, y, 1 + beforeWidth, text.fit(after, max(0, columns - 2 - beforeWidth)))
            frame.cursor = (y, min(columns - 1, 1 + beforeWidth))
            if case .command(_, let candidates, let chosen) = model.mode, candidates.count > 1, y > 0 {
                completions(&frame, candidates, chosen, row: y - 1, columns: columns)
            }
        case .normal:
            if let message = model.message {
                let style = Style(message.isError ? .error : .accent, bold: message.isError)
                let lines = wrap(message.text, columns - 1)
                if lines.count > 1, y > 0 {
                    // A long message takes the progress bar's row too, until the next key.
                    put(&frame, y - 1, 0, String(repeating: " ", count: columns))
                    put(&frame, y - 1, 0, text.fit(lines[0], columns - 1), style)
                    put(&frame, y, 0, text.fit(lines.dropFirst().joined(separator: " "), columns - 1), style)
                } else {
                    put(&frame, y, 0, text.fit(message.text, columns - 1), style)
                }
            } else {
                let hint =
                    hint
                    ?? (model.workout.picking ? model.pickerHint : "? help  / search  : command  Enter play  a add  space pause  q quit")
                put(&frame, y, 0, text.fit(hint, columns - 1), Style(.dim))
            }
        }
    }

    /// The Tab candidates on the row above the `:` line, the chosen one highlighted, scrolled so
    /// that it is in view.
    private func completions(_ frame: inout Frame, _ candidates: [String], _ chosen: Int?, row: Int, columns: Int) {
        put(&frame, row, 0, String(repeating: " ", count: columns))
        let labels = candidates.map { text.fit($0.trimmingSpaces, max(1, columns - 2)) }
        var first = 0
        if let chosen {
            // Start far enough along that the chosen one fits.
            var width = text.columns(labels[chosen]) + 1
            first = chosen
            while first > 0, width + text.columns(labels[first - 1]) + 2 <= columns {
                first -= 1
                width += text.columns(labels[first]) + 2
            }
        }
        var x = 1
        for i in first..<labels.count {
            let w = text.columns(labels[i])
            guard x + w < columns else { break }
            put(&frame, row, x, labels[i], i == chosen ? Style(.cursor, bold: true) : Style(.accent))
            x += w + 2
        }
    }

    func clock(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return "" }
        return ClockText.format(seconds, hours: true)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
