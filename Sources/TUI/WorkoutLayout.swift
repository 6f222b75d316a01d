/// Where the workout screen's parts go on a screen of a given size. The renderer draws by it and
/// the model reads mouse clicks by it, so the two always agree.
///
///     row 0                header: "Workout", the kind and phase
///     (blank)
///     5 rows               the stopwatch in block digits; beside it the time left, the cadence,
///                          the track's BPM with its on-cadence mark
///     (blank)
///     3 rows               now playing: title, artist · album, the back / play-pause / next controls
///     (blank)
///     1 + cards            "Recommended", then lines of cards (3 rows each) side by side
///     last row             messages, the `:` line, or the keys
///
/// On a screen with room (30 rows or more) the sections are further apart, the digits twice as
/// wide and now playing has a progress bar. Without room for the block digits (below 60×18)
/// the stopwatch is a line of text and the recommendations one line each; below
/// `minimumColumns`×`minimumRows` the whole screen is one line of stopwatch.
public struct WorkoutLayout: Sendable, Equatable {
    /// The screen's height in rows.
    public var rows: Int
    /// The screen's width in columns.
    public var columns: Int

    /// The smallest screen for more than the one-line stopwatch.
    public static let minimumRows = 10
    /// The narrowest screen for more than the one-line stopwatch.
    public static let minimumColumns = 40

    /// The layout of a `rows` × `columns` screen (negative sizes count as 0).
    public init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
    }

    /// Too small for anything but one line of stopwatch.
    public var tiny: Bool { rows < Self.minimumRows || columns < Self.minimumColumns }
    /// Room for the stopwatch in 5-row block digits (else one line of text and one of cadence).
    public var bigDigits: Bool { rows >= 18 && columns >= 60 }
    /// How many cells wide each block of the digits is.
    public var scale: Int { rows >= 30 && columns >= 110 ? 2 : 1 }
    /// Blank rows between sections.
    public var spacing: Int { rows >= 36 ? 3 : rows >= 30 ? 2 : 1 }
    /// Whether now playing has a progress bar (a screen with room).
    public var hasProgressBar: Bool { rows >= 30 && bigDigits }

    /// The header's row.
    public var headerRow: Int { 0 }
    /// The stopwatch's first row.
    public var clockTop: Int { 1 + spacing }
    /// The stopwatch's rows (the digits, or the clock line and the cadence line).
    public var clockHeight: Int { bigDigits ? 5 : 2 }
    /// The first row of now playing (title, then artist · album, then the controls).
    public var nowPlayingTop: Int { clockTop + clockHeight + spacing }
    /// Rows of now playing: with big digits the artist has a row of its own; with room, the
    /// progress bar too.
    public var nowPlayingHeight: Int { bigDigits ? (hasProgressBar ? 4 : 3) : 2 }
    /// The row of the progress bar, when there is one.
    public var progressRow: Int? { hasProgressBar ? nowPlayingTop + 2 : nil }
    /// The row of the back / play-pause / next controls.
    public var controlsRow: Int { nowPlayingTop + nowPlayingHeight - 1 }
    /// The "Recommended" heading's row.
    public var recommendedRow: Int { nowPlayingTop + nowPlayingHeight + spacing }
    /// The first row of the first line of cards.
    public var cardsTop: Int { recommendedRow + 1 }
    /// The row of messages and of the `:` line.
    public var messageRow: Int { rows - 1 }

    /// Rows of a recommendation's card: title, artist, tempo; or all on one line when small.
    public var cardHeight: Int { bigDigits ? 3 : 1 }
    /// Blank rows between two lines of cards.
    public var cardGap: Int { bigDigits ? 1 : 0 }
    /// Lines of cards that fit above the message row: at most 3 of big cards.
    public var cardLines: Int {
        let available = messageRow - cardsTop
        guard available >= cardHeight else { return 0 }
        return min(bigDigits ? 3 : available, (available + cardGap) / (cardHeight + cardGap))
    }
    /// Cards side by side (one line each when small).
    public var cardsPerLine: Int { bigDigits ? max(1, (columns - 2) / (scale == 2 ? 28 : 26)) : 1 }
    /// Columns of one card, its gap included.
    public var cardWidth: Int { max(1, (columns - 2) / cardsPerLine) }
    /// Recommendations on screen at once.
    public var cardsShown: Int { cardLines * cardsPerLine }

    /// The first recommendation shown when the cursor is on `cursor`: whole screens of cards, so
    /// the cards do not shift under the eye while moving within one.
    public func firstCard(cursor: Int) -> Int {
        let page = max(1, cardsShown)
        return max(0, cursor) / page * page
    }

    /// The top-left cell of the card in slot `slot` (0-based from the first shown).
    public func cardOrigin(slot: Int) -> (row: Int, column: Int) {
        let line = slot / cardsPerLine
        return (cardsTop + line * (cardHeight + cardGap), 1 + (slot % cardsPerLine) * cardWidth)
    }

    /// The slot of the card covering (`row`, `column`), if any.
    public func cardSlot(row: Int, column: Int) -> Int? {
        guard !tiny, row >= cardsTop, column >= 1, cardLines > 0 else { return nil }
        let line = (row - cardsTop) / (cardHeight + cardGap)
        guard line < cardLines, (row - cardsTop) % (cardHeight + cardGap) < cardHeight else { return nil }
        let index = (column - 1) / cardWidth
        guard index < cardsPerLine, (column - 1) % cardWidth < cardWidth - 1 else { return nil }
        return line * cardsPerLine + index
    }

    /// The three controls on `controlsRow`, each a label and the columns it covers.
    public func controls(labels: [String]) -> [(label: String, columns: Range<Int>)] {
        var x = 3
        var out: [(String, Range<Int>)] = []
        for label in labels {
            let width = label.count
            guard x + width <= columns else { break }
            out.append((label, x..<(x + width)))
            x += width + 3
        }
        return out
    }
}
