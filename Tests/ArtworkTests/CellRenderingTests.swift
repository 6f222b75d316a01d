import Testing

@testable import CoverArt

/// Pixels → cells, checked cell by cell. A 4×4 picture in a 4×2 box with the assumed 8×16 cells
/// fills the box exactly (32×32 pixels), so each half-block cell holds two picture pixels unscaled.
@Suite struct CellRenderingTests {
    let box = CellBox(columns: 4, rows: 2)

    private func render(_ image: PixelImage, _ mode: CellMode, box: CellBox? = nil) throws -> CellGrid {
        // Through the PNG decoder, as a cover from a tag arrives.
        try CoverRenderer.render(PNGWriter.png(image), box: box ?? self.box, mode: mode)
    }

    @Test func solidColourInTruecolourHalfBlocks() throws {
        let grid = try render(TestImages.solid(TestImages.red), .truecolorHalfBlocks)
        #expect(grid.columns == 4 && grid.rows == 2)
        for cell in grid.cells {
            // Both halves alike: a space on a red background.
            #expect(cell.character == " " && cell.background == .rgb(TestImages.red))
            #expect(try #require(cell.halves) == (.rgb(TestImages.red), .rgb(TestImages.red)))
        }
    }

    @Test func gradientInTruecolourHalfBlocks() throws {
        let image = TestImages.gradient
        let grid = try render(image, .truecolorHalfBlocks)
        #expect(grid.columns == 4 && grid.rows == 2)
        for row in 0..<2 {
            for column in 0..<4 {
                let halves = try #require(grid[column, row].halves)
                #expect(halves == (.rgb(image[column, 2 * row]), .rgb(image[column, 2 * row + 1])), "cell \(column),\(row)")
            }
        }
    }

    @Test func checkerboardInTruecolourHalfBlocks() throws {
        let grid = try render(TestImages.checkerboard, .truecolorHalfBlocks)
        for row in 0..<2 {
            for column in 0..<4 {
                let topIsWhite = column % 2 == 0
                let (top, bottom) = topIsWhite ? (TestImages.white, TestImages.black) : (TestImages.black, TestImages.white)
                let halves = try #require(grid[column, row].halves)
                #expect(halves == (.rgb(top), .rgb(bottom)), "cell \(column),\(row)")
            }
        }
    }

    /// A swapped pair of colours is drawn with the other half-block, so the terminal is told no
    /// new colour; pixels within the tolerance (8) share one colour, and a cell whose halves match
    /// is a space.
    @Test func neighbouringCellsReuseColours() throws {
        let a = RGB(200, 40, 40)
        let b = RGB(20, 40, 200)
        // Columns 0 and 1 are a/b and b/a; column 2 is a/b again but with a slightly off (+6).
        let image = PixelImage(width: 4, height: 4) { x, y in
            switch x {
            case 1: y % 2 == 0 ? b : a
            case 2: y % 2 == 0 ? RGB(206, 46, 34) : b
            case 3: RGB(90, 90, 90)
            default: y % 2 == 0 ? a : b
            }
        }
        let grid = try render(image, .truecolorHalfBlocks)
        let first = grid[0, 0]
        let second = grid[1, 0]
        let third = grid[2, 0]
        #expect(try #require(first.halves) == (.rgb(a), .rgb(b)))
        #expect(try #require(second.halves) == (.rgb(b), .rgb(a)))
        #expect(try #require(third.halves) == (.rgb(a), .rgb(b)), "within the tolerance: a again")
        #expect(second.foreground == first.foreground && second.background == first.background)
        #expect(third.foreground == first.foreground && third.background == first.background)
        #expect(grid[3, 0].character == " " && grid[3, 0].background == .rgb(RGB(90, 90, 90)))
        // One colour change for the first three cells, one for the grey.
        #expect(grid.terminalRows()[0] == "\u{1B}[38;2;200;40;40;48;2;20;40;200m▀▄▀\u{1B}[48;2;90;90;90m \u{1B}[0m")
    }

    /// On a flat area a pixel 12 away from the colour set is drawn as it is; next to a strong edge
    /// (the other half of its cell far away) the same 12 is snapped, as the eye cannot tell there.
    @Test func theToleranceGrowsOnEdges() throws {
        let image = PixelImage(width: 3, height: 2) { x, y in
            switch (x, y) {
            case (0, _): RGB(200, 200, 200)
            case (1, _): RGB(212, 212, 212)  // flat: 12 from the left, 0 within the cell
            case (2, 0): RGB(20, 20, 20)
            default: RGB(224, 224, 224)  // 12 from the colour set, on a 204-strong edge
            }
        }
        let grid = try CoverRenderer.cells(
            of: image, box: CellBox(columns: 3, rows: 1), mode: .truecolorHalfBlocks, cell: PixelSize(width: 2, height: 4))
        #expect(grid.columns == 3 && grid.rows == 1)
        #expect(try #require(grid[0, 0].halves) == (.rgb(RGB(200, 200, 200)), .rgb(RGB(200, 200, 200))))
        #expect(try #require(grid[1, 0].halves) == (.rgb(RGB(212, 212, 212)), .rgb(RGB(212, 212, 212))))
        #expect(try #require(grid[2, 0].halves) == (.rgb(RGB(20, 20, 20)), .rgb(RGB(212, 212, 212))))
    }

    @Test func solidAndCheckerboardIn256Colours() throws {
        let red = try render(TestImages.solid(TestImages.red), .palette256)
        #expect(red.cells.allSatisfy { $0.halves.map { $0 == (.palette(196), .palette(196)) } == true })
        let grey = try render(TestImages.solid(RGB(128, 128, 128)), .palette256)
        #expect(grey.cells.allSatisfy { $0.halves.map { $0 == (.palette(244), .palette(244)) } == true })
        let board = try render(TestImages.checkerboard, .palette256)
        for row in 0..<2 {
            for column in 0..<4 {
                let (top, bottom): (UInt8, UInt8) = column % 2 == 0 ? (231, 16) : (16, 231)
                let halves = try #require(board[column, row].halves)
                #expect(halves == (.palette(top), .palette(bottom)), "cell \(column),\(row)")
            }
        }
    }

    /// Each 256-colour cell holds the palette entry nearest to its pixel, found by trying all 240.
    @Test func gradientIn256ColoursIsTheNearestEntry() throws {
        let image = PixelImage(width: 16, height: 16) { x, y in RGB(UInt8(x * 17), UInt8(y * 17), UInt8((x + y) * 8)) }
        let grid = try render(image, .palette256, box: CellBox(columns: 16, rows: 8))
        #expect(grid.columns == 16 && grid.rows == 8)
        func distance(_ a: RGB, _ b: RGB) -> Int {
            let (dr, dg, db) = (Int(a.red) - Int(b.red), Int(a.green) - Int(b.green), Int(a.blue) - Int(b.blue))
            return dr * dr + dg * dg + db * db
        }
        func expectNearest(_ color: CellColor?, _ pixel: RGB) {
            guard case .palette(let index) = color else {
                Issue.record("not a palette colour: \(color)")
                return
            }
            let best = (16...255).map { distance(Palette256.color(of: UInt8($0)), pixel) }.min()!
            #expect(distance(Palette256.color(of: index), pixel) == best, "pixel \(pixel) got \(index)")
        }
        for row in 0..<8 {
            for column in 0..<16 {
                let halves = grid[column, row].halves
                expectNearest(halves?.top, image[column, 2 * row])
                expectNearest(halves?.bottom, image[column, 2 * row + 1])
            }
        }
    }

    @Test func solidColourInSextants() throws {
        let grid = try render(TestImages.solid(TestImages.red), .truecolorSextants)
        #expect(grid.columns == 4 && grid.rows == 2)
        for cell in grid.cells {
            // Whatever symbol chafa picks, every pixel it shows is red.
            switch cell.character {
            case " ": #expect(cell.background == .rgb(TestImages.red))
            case "█": #expect(cell.foreground == .rgb(TestImages.red))
            default: #expect(cell.foreground == .rgb(TestImages.red) && cell.background == .rgb(TestImages.red), "\(cell)")
            }
        }
    }

    @Test func halvesInSextantsUseBothColours() throws {
        // Left half white, right half black, 8×12 pixels in a 4×2 box of 8×16 cells (4×4 = 2×3 per cell... fitted to 3×2).
        let image = PixelImage(width: 8, height: 8) { x, _ in x < 4 ? TestImages.white : TestImages.black }
        let grid = try render(image, .truecolorSextants)
        let left = grid[0, 0]
        let right = grid[grid.columns - 1, 0]
        func shows(_ cell: ImageCell) -> RGB? {
            switch cell.character {
            case " ": if case .rgb(let c) = cell.background { return c }
            case "█": if case .rgb(let c) = cell.foreground { return c }
            default: return nil
            }
            return nil
        }
        #expect(shows(left) == TestImages.white, "\(left)")
        #expect(shows(right) == TestImages.black, "\(right)")
    }

    @Test func noneModeGivesNothing() throws {
        #expect(try render(TestImages.gradient, .none) == .empty)
        #expect(throws: CoverArtError.empty) { try CoverRenderer.render([], box: box, mode: .none) }
    }

    @Test func pictureKeepsItsShapeInTheBox() throws {
        let box = CellBox(columns: 40, rows: 20)
        // 2:1 wide: as wide as the box, half as tall (40 × 8 = 320 pixels wide → 160 tall → 10 rows).
        let wide = try render(TestImages.solid(TestImages.red, width: 8, height: 4), .truecolorHalfBlocks, box: box)
        #expect(wide.columns == 40 && wide.rows == 10)
        // 1:2 tall: as tall as the box (320 pixels) → 160 wide → 20 columns.
        let tall = try render(TestImages.solid(TestImages.red, width: 4, height: 8), .truecolorHalfBlocks, box: box)
        #expect(tall.columns == 20 && tall.rows == 20)
        // A square picture in a box of 40×20 cells of 8×16: 320×320 pixels, the whole box.
        let one = try render(TestImages.solid(TestImages.red, width: 1, height: 1), .truecolorHalfBlocks, box: box)
        #expect(one.columns == 40 && one.rows == 20)
        #expect(one.cells.allSatisfy { $0.halves.map { $0 == (.rgb(TestImages.red), .rgb(TestImages.red)) } == true })
        // Square cells (a terminal that said 10×10): a square picture takes 20×20 of the 40×20 box.
        let squareCells = try CoverRenderer.render(
            PNGWriter.png(TestImages.gradient), box: box, mode: .truecolorHalfBlocks, cell: PixelSize(width: 10, height: 10))
        #expect(squareCells.columns == 20 && squareCells.rows == 20)
        #expect(try render(TestImages.gradient, .truecolorHalfBlocks, box: CellBox(columns: 0, rows: 5)) == .empty)
    }

    @Test func terminalRowsWriteColoursOnlyWhenTheyChange() {
        let grid = CellGrid(
            columns: 3, rows: 1,
            cells: [
                ImageCell(character: "▀", foreground: .rgb(RGB(255, 0, 0)), background: .rgb(RGB(0, 0, 0))),
                ImageCell(character: "▀", foreground: .rgb(RGB(255, 0, 0)), background: .rgb(RGB(0, 0, 0))),
                ImageCell(character: "▀", foreground: .palette(21), background: .palette(16)),
            ])
        #expect(grid.terminalRows() == ["\u{1B}[38;2;255;0;0;48;2;0;0;0m▀▀\u{1B}[38;5;21;48;5;16m▀\u{1B}[0m"])
        // Only what changes is written; a space's foreground never.
        let red = CellColor.rgb(RGB(255, 0, 0))
        let black = CellColor.rgb(RGB(0, 0, 0))
        let mixed = CellGrid(
            columns: 3, rows: 1,
            cells: [
                ImageCell(character: "▀", foreground: red, background: black),
                ImageCell(character: "▄", foreground: red, background: red),
                ImageCell(character: " ", foreground: black, background: black),
            ])
        #expect(mixed.terminalRows() == ["\u{1B}[38;2;255;0;0;48;2;0;0;0m▀\u{1B}[48;2;255;0;0m▄\u{1B}[48;2;0;0;0m \u{1B}[0m"])
    }

    @Test func fetchSideFollowsTheBox() {
        #expect(CoverRenderer.fetchSide(for: CellBox(columns: 40, rows: 20)) == 320)
        #expect(CoverRenderer.fetchSide(for: CellBox(columns: 1, rows: 1)) == 16)
        #expect(CoverRenderer.fetchSide(for: CellBox(columns: 400, rows: 200)) == 1200)
    }
}
