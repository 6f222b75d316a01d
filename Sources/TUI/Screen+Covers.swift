import Terminal

extension Screen {
    /// The covers at their spots: the picture when it is ready (centred in its box), else a
    /// framed placeholder saying why, except at spots that show nothing until ready.
    func covers(_ frame: inout Frame, _ model: TUIModel, _ spots: [CoverSpot]) {
        for spot in spots {
            switch model.coverState(for: spot) {
            case .ready(let cells):
                let row = spot.row + max(0, spot.box.rows - cells.height) / 2
                let column = spot.column + max(0, spot.box.columns - cells.width) / 2
                let image =
                    if let graphic = cells.graphic {
                        Frame.Image(row: row, column: column, width: cells.width, height: cells.height, graphic: graphic)
                    } else {
                        Frame.Image(row: row, column: column, width: cells.width, height: cells.height, cells: cells.cells)
                    }
                if let image { frame.images.append(image) }
            case .loading where !spot.onlyWhenReady: placeholder(&frame, spot, "Loading the cover…")
            case .missing(let why) where !spot.onlyWhenReady: placeholder(&frame, spot, "No cover", why)
            default: break
            }
        }
    }

    /// A box outline with a note in the middle, where a cover will be or cannot be.
    private func placeholder(_ frame: inout Frame, _ spot: CoverSpot, _ note: String, _ reason: String? = nil) {
        let box = spot.box
        let inner = max(0, box.columns - 2)
        put(&frame, spot.row, spot.column, "┌" + String(repeating: "─", count: inner) + "┐", Style(.dim))
        for y in 1..<max(1, box.rows - 1) {
            put(&frame, spot.row + y, spot.column, "│" + String(repeating: " ", count: inner) + "│", Style(.dim))
        }
        put(&frame, spot.row + box.rows - 1, spot.column, "└" + String(repeating: "─", count: inner) + "┘", Style(.dim))
        let shown = text.fit(note, max(0, inner - 2))
        let x = spot.column + 1 + max(0, (inner - text.columns(shown)) / 2)
        put(&frame, spot.row + box.rows / 2, x, shown, Style(.dim))
        // Why, under it, when the box has room: a broken file reads differently from none at all.
        guard let reason, reason != "No cover.", box.rows >= 6 else { return }
        for (i, line) in wrap(reason, max(1, inner - 2)).prefix(box.rows / 2 - 2).enumerated() {
            let cut = text.fit(line, max(0, inner - 2))
            put(&frame, spot.row + box.rows / 2 + 2 + i, spot.column + 1 + max(0, (inner - text.columns(cut)) / 2), cut, Style(.dim))
        }
    }

    /// The now-playing view (`c`): the large cover at the left of the list area and the song
    /// beside it; the song alone when there is no room for a cover.
    func nowPlayingView(_ frame: inout Frame, _ model: TUIModel, _ layout: Layout, spot: CoverSpot?, now: Double) {
        let area = layout.listRows
        let x = spot.map { $0.column + $0.box.columns + 3 } ?? 2
        let width = max(0, layout.columns - x - 1)
        guard let s = model.snapshot, let entry = s.current else {
            put(
                &frame, area.lowerBound + 1, x, text.fit(model.snapshot == nil ? "Connecting to the daemon…" : "Nothing playing.", width),
                Style(.dim))
            return
        }
        let item = entry.item
        let parts = entry.subtitle?.split(separator: " — ", omittingEmptySubsequences: false).map(String.init) ?? []
        let artist = item.artist ?? parts.first
        let album = item.album ?? parts.dropFirst().first
        let position = model.position(now: now).map { clock($0) } ?? ""
        let times = [position, clock(s.duration)].filter { !$0.isEmpty }.joined(separator: " / ")
        var lines: [(String, Style)] = [(entry.title, Style(.playing, bold: true))]
        if let artist, !artist.isEmpty { lines.append((artist, .normal)) }
        if let album, !album.isEmpty { lines.append((album, Style(.dim))) }
        lines.append(("", .normal))
        lines.append(((s.status == "playing" ? "▶ " : "❚❚ ") + times, Style(.accent)))
        for (i, (line, style)) in lines.enumerated() where area.lowerBound + 1 + i < area.upperBound {
            put(&frame, area.lowerBound + 1 + i, x, text.fit(line, width), style)
        }
    }
}
