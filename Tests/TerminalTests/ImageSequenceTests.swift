import Testing

@testable import Terminal

/// What the terminal is sent for a cover: the cells' colours as SGR, changed only where they
/// change, each row placed absolutely, the cursor and attributes saved and restored around it.
@Suite struct ImageSequenceTests {
    private func image(_ cells: [Frame.Cell], row: Int = 2, column: Int = 3, width: Int) throws -> Frame.Image {
        try #require(Frame.Image(row: row, column: column, width: width, height: cells.count / width, cells: cells))
    }

    private let red = Frame.Cell("▀", foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255))
    private let green = Frame.Cell("▀", foreground: .rgb(0, 255, 0), background: .rgb(0, 0, 255))

    @Test func aRowIsPlacedColouredAndRestored() throws {
        let sequence = ImageSequence.bytes(for: [try image([red, red, green, green], width: 2)], rows: 24, columns: 80)
        let text = String(decoding: sequence, as: UTF8.self)
        #expect(
            text
                == "\u{1b}7\u{1b}[0m"
                + "\u{1b}[3;4H\u{1b}[38;2;255;0;0;48;2;0;0;255m▀▀\u{1b}[0m"
                + "\u{1b}[4;4H\u{1b}[38;2;0;255;0;48;2;0;0;255m▀▀\u{1b}[0m"
                + "\u{1b}8")
    }

    @Test func onlyTheColourThatChangesIsSent() throws {
        let text = String(decoding: ImageSequence.bytes(for: [try image([red, green], width: 2)], rows: 24, columns: 80), as: UTF8.self)
        // The background stays blue from the first cell to the second: only 38 is sent again.
        #expect(text.contains("▀\u{1b}[38;2;0;255;0m▀"))
    }

    @Test func paletteAndDefaultColoursUseTheirOwnCodes() throws {
        let cell = Frame.Cell(" ", foreground: .standard, background: .indexed(196))
        let text = String(decoding: ImageSequence.bytes(for: [try image([cell], width: 1)], rows: 24, columns: 80), as: UTF8.self)
        #expect(text.contains("\u{1b}[39;48;5;196m "))
    }

    @Test func cellsOffTheScreenAreLeftOut() throws {
        // Three rows from row 1 of a 3-row screen (the third is below it); two columns from
        // column 3 of a 4-column screen (the second is right of it).
        let wide = try image([red, green, red, green, red, green], row: 1, column: 3, width: 2)
        let text = String(decoding: ImageSequence.bytes(for: [wide], rows: 3, columns: 4), as: UTF8.self)
        let row = "\u{1b}[38;2;255;0;0;48;2;0;0;255m▀\u{1b}[0m"
        #expect(text == "\u{1b}7\u{1b}[0m" + "\u{1b}[2;4H" + row + "\u{1b}[3;4H" + row + "\u{1b}8")
        let gone = try image([red], row: 5, column: 0, width: 1)
        #expect(ImageSequence.bytes(for: [gone], rows: 3, columns: 4).isEmpty)
    }

    @Test func aHalfBlockCoverOf40By20IsWithinSixteenKilobytesWhenNeighboursShareColours() throws {
        // A gradient: colours change every cell, the worst case for the SGR diffing is 32 KB;
        // a picture's neighbouring cells often share one, which is what the bench measures.
        var cells: [Frame.Cell] = []
        for y in 0..<20 {
            for x in 0..<40 {
                let c = UInt8(x / 4 * 20)
                cells.append(Frame.Cell("▀", foreground: .rgb(c, UInt8(y * 10), 0), background: .rgb(c, UInt8(y * 10 + 5), 0)))
            }
        }
        let bytes = ImageSequence.bytes(for: [try image(cells, width: 40)], rows: 24, columns: 80)
        #expect(bytes.count <= 16 * 1024)
    }

    @Test func anImageNeedsExactlyItsCells() {
        #expect(Frame.Image(row: 0, column: 0, width: 2, height: 2, cells: [red, red, red]) == nil)
        #expect(Frame.Image(row: 0, column: 0, width: 0, height: 0, cells: []) == nil)
    }
}

/// The start-up probe's answers, read from what a terminal sends back.
@Suite struct TerminalProbeTests {
    private func parse(_ text: String) -> TerminalProbe.Answers { TerminalProbe.parse(Array(text.utf8)) }

    @Test func kittyAnsweringOKIsKitty() {
        let answers = parse("\u{1b}_Gi=31;OK\u{1b}\\\u{1b}[?62;22c")
        #expect(answers.kitty)
        #expect(answers.deviceAttributes)
        #expect(!answers.sixel)
    }

    @Test func aKittyErrorOrAnotherIdIsNotKitty() {
        #expect(!parse("\u{1b}_Gi=31;ENOTSUPPORTED:x\u{1b}\\\u{1b}[?62c").kitty)
        #expect(!parse("\u{1b}_Gi=7;OK\u{1b}\\\u{1b}[?62c").kitty)
    }

    @Test func attributeFourInDA1IsSixelAndFourteenIsNot() {
        #expect(parse("\u{1b}[?62;4;22c").sixel)
        #expect(!parse("\u{1b}[?62;14;22c").sixel)
    }

    @Test func theCellSizeIsReadAndBounded() {
        let answers = parse("\u{1b}[6;18;9t\u{1b}[?1;2c")
        #expect(answers.cellHeight == 18)
        #expect(answers.cellWidth == 9)
        #expect(parse("\u{1b}[6;99999;9t\u{1b}[?1;2c").cellHeight == nil)
        #expect(parse("\u{1b}[6;0;9t").cellWidth == nil)
    }

    @Test func tmuxIsToldByItsVersionAnswer() {
        #expect(parse("\u{1b}P>|tmux 3.3a\u{1b}\\\u{1b}[?1;2;4c").tmux)
        #expect(!parse("\u{1b}P>|XTerm(390)\u{1b}\\\u{1b}[?1;2c").tmux)
    }

    @Test func noAnswerAndGarbageMeanNothing() {
        #expect(parse("") == TerminalProbe.Answers())
        #expect(parse("\u{1b}[?;;\u{1b}[6;;t\u{1b}_G;OK\u{1b}[?62;4x") == TerminalProbe.Answers())
    }

    @Test func insideTmuxKittyNeedsThePassthroughAnswerAndSixelIsNotUsed() {
        let inTmux = parse("\u{1b}P>|tmux 3.4\u{1b}\\\u{1b}_Gi=31;OK\u{1b}\\\u{1b}[?1;2;4c")
        let none = TerminalProbe.graphics(depth: .truecolor, answers: inTmux, passthrough: parse("\u{1b}[?1;2c"))
        #expect(!none.kitty)
        #expect(!none.sixel)
        #expect(none.insideTmux)
        let through = TerminalProbe.graphics(depth: .truecolor, answers: inTmux, passthrough: parse("\u{1b}_Gi=31;OK\u{1b}\\\u{1b}[?1;2c"))
        #expect(through.kitty)
    }

    @Test func aMonochromeTerminalGetsNoPictures() {
        let g = TerminalProbe.graphics(depth: .none, answers: parse("\u{1b}_Gi=31;OK\u{1b}\\\u{1b}[?62;4c"), passthrough: nil)
        #expect(!g.kitty && !g.sixel)
    }

    @Test func depthFollowsColourCOLORTERMAndTheColourCount() {
        #expect(TerminalGraphics.depth(hasColors: false, colorTerm: "truecolor", colors: 256) == .none)
        #expect(TerminalGraphics.depth(hasColors: true, colorTerm: "truecolor", colors: 8) == .truecolor)
        #expect(TerminalGraphics.depth(hasColors: true, colorTerm: "24bit", colors: 256) == .truecolor)
        #expect(TerminalGraphics.depth(hasColors: true, colorTerm: nil, colors: 256) == .palette256)
        #expect(TerminalGraphics.depth(hasColors: true, colorTerm: "yes", colors: 8) == .none)
    }
}
