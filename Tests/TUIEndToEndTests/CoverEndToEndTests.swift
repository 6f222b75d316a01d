import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Covers as a user sees them: the real `segue` in a private tmux server on a truecolour
/// terminal, playing local files whose folders hold a red and a blue `cover.jpg`. The colours
/// are read back from tmux's own copy of the screen (`capture-pane -e`).
///
/// Nothing here measures time: every wait is for something to appear on the screen.
@Suite(.enabled(if: TmuxSession.suitesRun, TmuxSession.skipReason))
struct CoverEndToEndTests {
    /// Two folders, each with a 60 s MP3 and a cover of one colour: (song path, colour name).
    func music() throws -> (red: String, blue: String) {
        let root = Fixtures.temporaryDirectory()
        var made: [String] = []
        for colour in ["red", "blue"] {
            let folder = root + "/" + colour
            #expect(Shell.run("mkdir", ["-p", folder], timeout: 20).exitCode == 0)
            let cover = Shell.run(
                "ffmpeg",
                [
                    "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=\(colour):s=64x64", "-frames:v", "1",
                    folder + "/cover.jpg",
                ],
                timeout: 60)
            try #require(cover.exitCode == 0, "ffmpeg made the cover: \(cover.stderr)")
            let song = folder + "/\(colour) song.mp3"
            let audio = Shell.run(
                "ffmpeg",
                [
                    "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=60", "-c:a", "libmp3lame",
                    song,
                ],
                timeout: 60)
            try #require(audio.exitCode == 0, "ffmpeg made the song: \(audio.stderr)")
            made.append(song)
        }
        return (made[0], made[1])
    }

    private func startUI(
        columns: Int, rows: Int, home: String? = nil, arguments: [String]? = nil, ready: String = "Press / and type to search"
    )
        throws -> TmuxSession
    {
        let wav = Fixtures.temporaryDirectory() + "/out.wav"
        let ui = try TmuxSession(
            arguments: arguments ?? ["--output", "wav:" + wav], columns: columns, rows: rows, home: home,
            environment: ["COLORTERM": "truecolor", "NO_COLOR": ""], stopsDaemon: home == nil)
        try ui.waitFor(text: ready)
        return ui
    }

    /// One cell as tmux holds it: the character and the colours and attributes it is drawn in.
    struct Cell: Equatable, CustomStringConvertible {
        var character: Character
        var foreground: [Int] = []
        var background: [Int] = []
        var attributes: [Int] = []
        var description: String { "\(character)\(foreground)\(background)\(attributes)" }
    }

    /// The cells of a `capture-pane -e -N` screen, row by row. tmux writes only the SGR changes, and
    /// they carry over from one row to the next, so the whole screen is read in order; two
    /// captures of the same cells compare equal however tmux chose to encode them.
    static func cells(_ screen: [String]) -> [[Cell]] {
        var pen = Cell(character: " ")
        var rows: [[Cell]] = []
        for line in screen {
            var row: [Cell] = []
            var scalars = Array(line.unicodeScalars)[...]
            while let scalar = scalars.first {
                guard scalar == "\u{1b}" else {
                    pen.character = Character(scalar)
                    row.append(pen)
                    scalars = scalars.dropFirst()
                    continue
                }
                let body = scalars.dropFirst(2).prefix { $0 != "m" }
                scalars = scalars.dropFirst(2 + body.count + 1)
                let p = String(String.UnicodeScalarView(body)).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                var i = 0
                while i < p.count {
                    switch p[i] {
                    case 0:
                        pen = Cell(character: " ")
                    case 38, 48:
                        let count = p.indices.contains(i + 1) && p[i + 1] == 2 ? 5 : 3
                        let colour = Array(p[i..<min(p.count, i + count)])
                        if p[i] == 38 { pen.foreground = colour } else { pen.background = colour }
                        i += count - 1
                    case 39: pen.foreground = []
                    case 49: pen.background = []
                    case 30...37, 90...97: pen.foreground = [p[i]]
                    case 40...47, 100...107: pen.background = [p[i]]
                    case 22: pen.attributes.removeAll { $0 == 1 || $0 == 2 }
                    case 23...29: pen.attributes.removeAll { $0 == p[i] - 20 }
                    default: if !pen.attributes.contains(p[i]) { pen.attributes = (pen.attributes + [p[i]]).sorted() }
                    }
                    i += 1
                }
            }
            // Blanks at the end that show nothing: tmux keeps them or not depending on whether they
            // were ever written, which no one can see.
            while let last = row.last, last.character == " ", last.background.isEmpty, !last.attributes.contains(7) { row.removeLast() }
            rows.append(row)
        }
        return rows
    }

    /// The 24-bit background colour of each cell of row `row` (nil for a cell in another colour).
    /// A cover of one colour is all background: a half-block cell whose halves match is a space.
    static func colours(_ screen: [String], row: Int) -> [(Int, Int, Int)?] {
        let all = cells(screen)
        guard all.indices.contains(row) else { return [] }
        return all[row].map { $0.background.count == 5 ? ($0.background[2], $0.background[3], $0.background[4]) : nil }
    }

    static func isRed(_ c: (Int, Int, Int)?) -> Bool { c.map { $0.0 > 200 && $0.1 < 60 && $0.2 < 60 } ?? false }
    static func isBlue(_ c: (Int, Int, Int)?) -> Bool { c.map { $0.0 < 60 && $0.1 < 60 && $0.2 > 200 } ?? false }

    /// Waits until `row` of the screen shows `count` or more cells of the colour `test` says.
    @discardableResult
    private func waitForCover(_ ui: TmuxSession, row: Int, _ what: String, count: Int, _ test: @escaping ((Int, Int, Int)?) -> Bool) throws
        -> [String]
    {
        try ui.waitFor(what, settled: true) { _ in
            Self.colours(ui.captureWithEscapes(), row: row).filter(test).count >= count
        }
    }

    @Test(arguments: [(80, 24, 17), (120, 40, 33)])
    func theCoverAppearsBesideTheStatusLineAndInTheNowPlayingView(columns: Int, rows: Int, side: Int) throws {
        let songs = try music()
        let ui = try startUI(columns: columns, rows: rows)
        #expect(ui.ctl("add", songs.red).exitCode == 0)
        try ui.waitFor("the red song playing") { $0[rows - 3].contains("red song") }
        // The small cover: four red cells at the left of the two now-playing rows.
        let small = try waitForCover(ui, row: rows - 2, "the small red cover", count: 4, Self.isRed)
        let smallColours = ui.captureWithEscapes()
        for row in [rows - 3, rows - 2] {
            #expect(Self.colours(smallColours, row: row).prefix(6).map(Self.isRed) == [false, true, true, true, true, false], "row \(row)")
        }
        // Playing or already at its end (the WAV output runs ahead of the clock): either way the
        // title starts right of the cover.
        let title = small[rows - 3]
        #expect(
            ["      ▶ red song", "      ❚❚ red song"].contains { title.hasPrefix($0) }, "the title moves right of it: \(title)")

        ui.send(keys: "c")
        // The large one: `side` rows of 2 × `side` red cells from row 3, column 2, and no more.
        try waitForCover(ui, row: 3 + side - 1, "the large red cover", count: side * 2, Self.isRed)
        let large = ui.captureWithEscapes()
        for row in 0..<(rows - 3) {
            let red = Self.colours(large, row: row).enumerated().filter { Self.isRed($0.element) }.map(\.offset)
            #expect(red == ((3..<(3 + side)).contains(row) ? Array(2..<(2 + side * 2)) : []), "row \(row)")
        }
        ui.kill()
    }

    @Test func afterATrackChangeAndAResizeStormTheScreenIsAFreshRendersOfTheSameState() throws {
        let songs = try music()
        let ui = try startUI(columns: 100, rows: 30)
        #expect(ui.ctl("add", songs.red).exitCode == 0)
        ui.send(keys: "c")
        try waitForCover(ui, row: 10, "the red cover", count: 20, Self.isRed)

        // A track change (the WAV output plays at once, so each song ends as it starts): the
        // blue cover, and not one red cell left anywhere.
        #expect(ui.ctl("add", songs.blue).exitCode == 0)
        #expect(ui.ctl("next").exitCode == 0)
        try ui.waitFor("the blue song") { $0[27].contains("❚❚ blue song") }
        try waitForCover(ui, row: 10, "the blue cover", count: 20, Self.isBlue)
        let blueColours = ui.captureWithEscapes()
        #expect(
            !blueColours.indices.contains { Self.colours(blueColours, row: $0).contains(where: Self.isRed) },
            "no red cell is left after the change")

        for (c, r) in [(60, 20), (140, 45), (40, 12), (120, 35), (31, 8), (100, 30)] { ui.resize(columns: c, rows: r) }
        try ui.waitFor("the 100×30 screen again", settled: true) { $0.count == 30 && $0[27].contains("❚❚ blue song") }
        try waitForCover(ui, row: 10, "the blue cover after the storm", count: 20, Self.isBlue)
        // Wider, the cover's box stays the same (the rows bound it): curses repaints the whole
        // screen after a resize, and the picture must be drawn again over it.
        ui.resize(columns: 110, rows: 30)
        try ui.waitFor("the 110×30 screen", settled: true) { $0[27].count > 100 }
        try waitForCover(ui, row: 10, "the blue cover at 110×30", count: 46, Self.isBlue)
        ui.resize(columns: 100, rows: 30)
        try ui.waitFor("the 100×30 screen", settled: true) { $0[28].count <= 100 && $0[27].contains("❚❚ blue song") }
        let stormed = try waitForCover(ui, row: 10, "the blue cover back at 100×30", count: 46, Self.isBlue)

        let stormedColours = ui.captureWithEscapes()

        // Ctrl-L repaints every cell from the model: nothing may change (but the message row,
        // whose notice a key clears).
        ui.send(keys: "C-l")
        try ui.waitFor("the notice cleared by the key", settled: true) { !$0[29].contains("The queue has ended") }
        let repainted = try waitForCover(ui, row: 10, "the blue cover repainted", count: 20, Self.isBlue)
        #expect(repainted.prefix(29) == stormed.prefix(29), "the screen after the storm is a fresh render:\n\(TmuxSession.framed(stormed))")
        #expect(Self.cells(ui.captureWithEscapes()).prefix(29) == Self.cells(stormedColours).prefix(29), "every cell's colour too")

        // And a second UI opened now on the same daemon draws the same screen.
        let fresh = try startUI(columns: 100, rows: 30, home: ui.home, arguments: [], ready: "blue song")
        // It opens on the queue (something is queued); the first UI is on Search.
        fresh.send(keys: "1", "c")
        try waitForCover(fresh, row: 10, "the fresh UI's blue cover", count: 20, Self.isBlue)
        let freshScreen = try fresh.waitFor("settled", settled: true) { $0[27].contains("❚❚ blue song") }
        let freshCells = Self.cells(fresh.captureWithEscapes())
        let stormedCells = Self.cells(stormedColours)
        for row in 0..<29 where freshCells[row] != stormedCells[row] {
            let same = zip(freshCells[row], stormedCells[row]).prefix { $0 == $1 }.count
            let fresh = freshCells[row].dropFirst(same).prefix(3).map(\.description).joined(separator: " ")
            let stormed = stormedCells[row].dropFirst(same).prefix(3).map(\.description).joined(separator: " ")
            Issue.record(
                "row \(row) differs from column \(same): fresh \(fresh), after the storm \(stormed)\n\(TmuxSession.framed(freshScreen))")
        }
        fresh.kill()

        // Leaving the view gives the list back: not one cell of the cover is left above the
        // now-playing rows (the small cover there is the only picture).
        ui.send(keys: "c")
        let list = try ui.waitFor("the list back", settled: true) { $0[1].contains("Search") }
        let left = ui.captureWithEscapes()
        for row in 0..<27 { #expect(!Self.colours(left, row: row).contains(where: Self.isBlue), "row \(row): \(list[row])") }
        #expect(Self.colours(left, row: 27).filter(Self.isBlue).count == 4, "the small cover beside the status line")
        ui.kill()
    }
}
