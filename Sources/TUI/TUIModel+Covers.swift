import CoverArt
import MusicModel
import Terminal
import WireProtocol

extension TUIModel {
    /// The covers the screen shows now and where (`Screen` draws them, `coverRequests` asks for
    /// them), from the screen's size, the view and what plays. None when `artwork = off`.
    public func coverSpots() -> [CoverSpot] {
        guard config.artwork else { return [] }
        var spots: [CoverSpot] = []
        let current = snapshot?.current.map { CoverKey.item($0.item.location) }
        if workout.shown {
            if let current, let spot = workoutCoverSpot(current) { spots.append(spot) }
            return spots.filter { !$0.onlyWhenReady || graphics.depth != .none }
        }
        let layout = Layout(rows: screenRows, columns: screenColumns)
        guard layout.fits else { return [] }
        let list = layout.listRows
        if coverView {
            if let current {
                let rows = min(list.count - 2, (layout.columns - 4 - 30) / 2)
                let box = CoverBox(columns: rows * 2, rows: rows)
                if box.isDrawable {
                    spots.append(
                        CoverSpot(place: .nowPlaying, key: current, row: list.lowerBound + 1, column: 2, box: box, onlyWhenReady: false))
                }
            }
        } else {
            // Without colour an album page keeps its whole width: a placeholder there says nothing.
            if case .album(let id) = page.kind, graphics.depth != .none, layout.columns >= 100, list.count >= 8, albumHasArtwork(id) {
                let rows = min(list.count - 2, 12)
                let box = CoverBox(columns: rows * 2, rows: rows)
                spots.append(
                    CoverSpot(
                        place: .album, key: .album(id), row: list.lowerBound + 1, column: layout.columns - box.columns - 2, box: box,
                        onlyWhenReady: false))
            }
            if let current, layout.columns >= 60 {
                spots.append(
                    CoverSpot(
                        place: .status, key: current, row: layout.nowPlayingRow, column: 1, box: Self.statusCover, onlyWhenReady: true))
            }
        }
        return spots.filter { !$0.onlyWhenReady || graphics.depth != .none }
    }

    /// The small cover's box beside the now-playing line.
    public static let statusCover = CoverBox(columns: 4, rows: 2)

    /// The workout screen's cover: right of the stopwatch and now playing, as tall as the two,
    /// when the screen is wide enough that the text beside it keeps its layout.
    private func workoutCoverSpot(_ key: CoverKey) -> CoverSpot? {
        let layout = WorkoutLayout(rows: screenRows, columns: screenColumns)
        guard !layout.tiny, layout.bigDigits, layout.columns >= 100 else { return nil }
        let rows = layout.controlsRow - layout.clockTop + 1
        let box = CoverBox(columns: rows * 2, rows: rows)
        let narrowed = WorkoutLayout(rows: layout.rows, columns: layout.columns - box.columns - 3)
        // The rows must stay where they are; the digits may become narrower (scale) beside the cover.
        guard narrowed.bigDigits == layout.bigDigits, narrowed.spacing == layout.spacing,
            narrowed.hasProgressBar == layout.hasProgressBar, box.isDrawable
        else { return nil }
        return CoverSpot(
            place: .workout, key: key, row: layout.clockTop, column: layout.columns - box.columns - 2, box: box, onlyWhenReady: true)
    }

    /// What `spot` is asked for with: where its bytes are, for its box, at the terminal's depth;
    /// nil when nothing is known to fetch (a URL stream, a catalog song the UI has not seen).
    public func coverRequest(for spot: CoverSpot) -> CoverRequest? {
        guard let source = coverSource(spot.key, box: spot.box) else { return nil }
        return CoverRequest(key: spot.key, source: source, box: spot.box, depth: graphics.depth, graphics: coverGraphics)
    }

    /// The graphics protocol covers are drawn with: the one the terminal answered for, with
    /// `artwork = auto` (or `on`); nil (half-blocks) with `artwork = blocks`, or when the
    /// terminal did not answer, did not say its cell size, or is tmux without passthrough.
    public var coverGraphics: CoverGraphics? {
        guard config.artworkMode == .auto else { return nil }
        return CoverGraphics(graphics)
    }

    /// What the screen shows at `spot`: loading, ready or missing (nothing known to fetch, or no
    /// colour to draw it with, is missing).
    public func coverState(for spot: CoverSpot) -> CoverState {
        guard graphics.depth != .none else { return .missing("This terminal has no colours for covers.") }
        guard let request = coverRequest(for: spot) else { return .missing("No cover.") }
        return covers[request] ?? .loading
    }

    /// The covers on screen not asked for yet, now marked as loading: the runner hands them to
    /// its loader (in the background; nothing here waits). Protocol pictures no longer on the
    /// screen are forgotten (`CoverStore.forgetGraphics`).
    public mutating func coverRequests() -> [CoverRequest] {
        guard graphics.depth != .none else { return [] }
        var asked: [CoverRequest] = []
        var shown = Set<CoverRequest>()
        defer { covers.forgetGraphics(except: shown) }
        for spot in coverSpots() {
            // Catalog artwork URLs are looked up in the lists once per cover, not at every frame.
            if artworkBase[spot.key] == nil {
                switch spot.key {
                case .item(let location) where location.hasPrefix("itunes:"):
                    if let url = queuedArtworkURL(location) ?? songArtworkURL(String(location.dropFirst(7))) {
                        artworkBase[spot.key] = url
                    }
                case .album(let id): if let url = albumArtworkURL(id) { artworkBase[spot.key] = url }
                case .item: break
                }
            }
            guard let request = coverRequest(for: spot) else { continue }
            shown.insert(request)
            guard covers[request] == nil else { continue }
            covers.set(request, .loading)
            asked.append(request)
        }
        return asked
    }

    /// A loader's answer; one no longer waited for (dropped from the store) is passed over.
    public mutating func coverArrived(_ result: CoverResult) {
        guard covers[result.request] == .loading else { return }
        covers.set(result.request, result.state)
    }

    /// The terminal's picture capabilities (the runner sets them once the terminal is open).
    public mutating func setGraphics(_ graphics: TerminalGraphics) { self.graphics = graphics }

    private func coverSource(_ key: CoverKey, box: CoverBox) -> CoverSource? {
        // A protocol shows every pixel: ask for the box at the terminal's own cell size.
        let cell = coverGraphics.map { PixelSize(width: $0.cellWidth, height: $0.cellHeight) } ?? .assumedCell
        let side = CoverRenderer.fetchSide(for: CellBox(columns: box.columns, rows: box.rows), cell: cell)
        if case .item(let location) = key, location.hasPrefix("/") { return .file(location) }
        return artworkBase[key].map { .url(Artwork(url: $0).url(width: side, height: side)) }
    }

    /// Whether the album page of `id` has a cover to show: its URL is known, or its rows name one.
    func albumHasArtwork(_ id: String) -> Bool {
        artworkBase[.album(id)] != nil || albumArtworkURL(id) != nil
    }

    /// The artwork URL the daemon sent with the entry of `location` playing now or in the queue
    /// the UI holds (nil from a daemon that does not send one).
    func queuedArtworkURL(_ location: String) -> String? {
        if let current = snapshot?.current?.item, current.location == location, let url = current.artworkUrl { return url }
        for entry in queueEntries where entry.item.location == location { if let url = entry.item.artworkUrl { return url } }
        return nil
    }

    /// A catalog song's artwork URL, from any list the UI has seen it in.
    func songArtworkURL(_ id: String) -> String? {
        for song in savedSongs + (results.songs ?? []) where song.id == id { if let url = song.artworkUrl { return url } }
        for stack in stacks {
            for page in stack {
                for row in page.rows { if case .song(let s) = row, s.id == id, let url = s.artworkUrl { return url } }
            }
        }
        return nil
    }

    /// A catalog album's artwork URL, from any list the UI has seen it (or one of its songs) in.
    func albumArtworkURL(_ id: String) -> String? {
        for album in savedAlbums + (results.albums ?? []) where album.id == id { if let url = album.artworkUrl { return url } }
        for stack in stacks {
            for page in stack {
                for row in page.rows {
                    if case .album(let a) = row, a.id == id, let url = a.artworkUrl { return url }
                    if case .song(let s) = row, s.albumId == id, let url = s.artworkUrl { return url }
                }
            }
        }
        return nil
    }
}

extension TUIModel {
    /// The layout of the screen now: with room at the left of the now-playing rows when the
    /// small cover is ready to show there.
    public var layout: Layout {
        let plain = Layout(rows: screenRows, columns: screenColumns)
        guard let spot = coverSpots().first(where: { $0.place == .status }), case .ready = coverState(for: spot) else { return plain }
        return Layout(rows: screenRows, columns: screenColumns, statusInset: spot.box.columns + 1)
    }
}
