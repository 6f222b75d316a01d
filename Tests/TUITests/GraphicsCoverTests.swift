import Checked
import Terminal
import Testing

@testable import TUI

/// Covers drawn with kitty graphics or sixel where the terminal answered for one: the exact
/// bytes written for each frame (transmitted once, placed, deleted or repainted when the picture
/// goes), and half-blocks wherever the answers do not promise a protocol.
@Suite struct GraphicsCoverTests {
    private static let esc = "\u{1b}"

    /// A UI on a terminal answering `terminal`'s way, playing `/music/a.mp3`.
    private func playing(_ terminal: FakeGraphicsTerminal, rows: Int = 24, columns: Int = 80, config: TUIConfig = TUIConfig()) -> Driver {
        var d = Driver(config: config, rows: rows, columns: columns)
        d.model.setGraphics(terminal.graphics)
        d.line(DaemonLines.event(DaemonLines.snapshot(current: DaemonLines.entry(1, "Alpha Song", location: "/music/a.mp3"))))
        return d
    }

    private func play(_ d: inout Driver, _ location: String) {
        d.line(DaemonLines.event(DaemonLines.snapshot(current: DaemonLines.entry(2, "Beta Song", location: location))))
    }

    /// Loads every cover the screen asks for now, as the loader's thread would.
    private func loadCovers(_ d: inout Driver, _ loader: CoverLoader) {
        for request in d.model.coverRequests() { d.model.coverArrived(loader.load(request)) }
    }

    private func makeLoader() throws -> CoverLoader {
        let made = CoverLoader(fetch: { _ in [0xFF, 0xD8] }, renderer: FakeGraphicRenderer())
        return try #require(made)
    }

    private func frame(_ d: Driver) -> Frame { Screen().render(d.model, now: d.now) }

    /// A PNG transmission (the fake renderer's covers are PNG, as libspng makes them).
    private static func transmit(_ id: Int, _ data: String) -> String {
        "\(esc)_Ga=t,f=100,t=d,i=\(id),q=2,m=0;\(data)\(esc)\\"
    }

    private static func place(_ id: Int, row: Int, column: Int, width: Int, height: Int) -> String {
        "\(esc)7\(esc)[\(row + 1);\(column + 1)H\(esc)_Ga=p,i=\(id),p=1,c=\(width),r=\(height),C=1,q=2\(esc)\\\(esc)8"
    }

    private static func delete(_ id: Int) -> String { "\(esc)_Ga=d,d=I,i=\(id),q=2\(esc)\\" }

    // MARK: kitty

    @Test func kittyTransmitsOncePlacesAndAnUnchangedFrameWritesNoImageBytes() throws {
        var terminal = FakeGraphicsTerminal(answers: FakeGraphicsTerminal.kittyAnswers)
        #expect(terminal.graphics.pictureProtocol == .kitty)
        let loader = try makeLoader()
        defer { loader.stop() }
        var d = playing(terminal)
        let asked = d.model.coverRequests()
        #expect(asked.map(\.graphics) == [CoverGraphics(kind: .kitty, cellWidth: 8, cellHeight: 16)])
        for request in asked { d.model.coverArrived(loader.load(request)) }

        // The small cover beside the status line: 4×2 cells at row 21, column 1.
        terminal.draw(frame(d))
        #expect(
            terminal.text
                == Self.transmit(1000, "QUFB") + Self.place(1000, row: 21, column: 1, width: 4, height: 2))
        terminal.draw(frame(d))
        #expect(terminal.written.isEmpty, "a frame with no change writes no image bytes")
        d.wait(1)
        terminal.draw(frame(d))
        #expect(terminal.written.isEmpty, "the clock moving is no change to the picture")

        // Ctrl-L: curses repaints everything; the picture is placed again, not sent again.
        terminal.invalidate()
        terminal.draw(frame(d))
        #expect(terminal.text == Self.place(1000, row: 21, column: 1, width: 4, height: 2))

        // Quitting deletes it.
        #expect(String(decoding: terminal.close(), as: UTF8.self) == Self.delete(1000))
    }

    @Test func aTrackChangeDeletesTheOldKittyPictureBeforeTheNewOneIsSent() throws {
        var terminal = FakeGraphicsTerminal(answers: FakeGraphicsTerminal.kittyAnswers)
        let loader = try makeLoader()
        defer { loader.stop() }
        var d = playing(terminal)
        loadCovers(&d, loader)
        terminal.draw(frame(d))

        play(&d, "/music/b.mp3")
        let asked = d.model.coverRequests()
        terminal.draw(frame(d))
        #expect(terminal.text == Self.delete(1000), "while the new cover loads, the old one is gone")
        for request in asked { d.model.coverArrived(loader.load(request)) }
        terminal.draw(frame(d))
        #expect(
            terminal.text
                == Self.transmit(1001, "QkJC") + Self.place(1001, row: 21, column: 1, width: 4, height: 2))
    }

    @Test func aResizeDeletesACoverWhoseBoxChangedAndPlacesAgainOneThatMoved() throws {
        var terminal = FakeGraphicsTerminal(answers: FakeGraphicsTerminal.kittyAnswers)
        let loader = try makeLoader()
        defer { loader.stop() }

        // The now-playing view: its box follows the screen, so a resize makes it another picture.
        var view = playing(terminal)
        view.key(.character("c"))
        loadCovers(&view, loader)
        terminal.draw(frame(view))
        #expect(terminal.text.hasSuffix(Self.place(1000, row: 3, column: 2, width: 34, height: 17)))
        view.model.resize(rows: 40, columns: 120)
        terminal.draw(frame(view))
        #expect(terminal.text == Self.delete(1000))

        // The status cover keeps its box and moves with the status line: placed again, not re-sent.
        var small = FakeGraphicsTerminal(answers: FakeGraphicsTerminal.kittyAnswers)
        var d = playing(small)
        loadCovers(&d, loader)
        small.draw(frame(d))
        d.model.resize(rows: 30, columns: 80)
        small.draw(frame(d))
        #expect(small.text == Self.place(1000, row: 27, column: 1, width: 4, height: 2))
    }

    @Test func leavingTheNowPlayingViewDeletesItsCover() throws {
        var terminal = FakeGraphicsTerminal(answers: FakeGraphicsTerminal.kittyAnswers)
        let loader = try makeLoader()
        defer { loader.stop() }
        var d = playing(terminal)
        d.key(.character("c"))
        let large = try #require(d.model.coverRequests().first)
        d.model.coverArrived(loader.load(large))
        terminal.draw(frame(d))
        d.key(.escape)
        #expect(!d.model.coverView)
        terminal.draw(frame(d))
        #expect(terminal.text == Self.delete(1000))
        // Its payload is not kept once it is off the screen; the small cover's request is.
        let small = d.model.coverRequests()
        #expect(d.model.covers[large] == nil)
        #expect(small.count == 1 && d.model.covers[small[0]] == .loading)
    }

    @Test func insideTmuxKittyIsUsedOnlyWhenThePassthroughAnsweredAndThenGoesThroughIt() throws {
        let closed = FakeGraphicsTerminal(answers: FakeGraphicsTerminal.tmuxAnswers, passthrough: "\(Self.esc)[?1;2;4c")
        #expect(closed.graphics.pictureProtocol == nil, "tmux answered DA1 with 4, but sixel is not used through tmux")
        var d = playing(closed)
        let asked = d.model.coverRequests()
        #expect(!asked.isEmpty && asked.allSatisfy { $0.graphics == nil })

        var open = FakeGraphicsTerminal(
            answers: FakeGraphicsTerminal.tmuxAnswers, passthrough: "\(Self.esc)_Gi=31;OK\(Self.esc)\\\(Self.esc)[?1;2;4c")
        #expect(open.graphics.pictureProtocol == .kitty)
        let loader = try makeLoader()
        defer { loader.stop() }
        var through = playing(open)
        loadCovers(&through, loader)
        open.draw(frame(through))
        #expect(
            open.text.hasPrefix(
                "\(Self.esc)Ptmux;\(Self.esc)\(Self.esc)_Ga=t,f=100,t=d,i=1000,q=2,m=0;QUFB\(Self.esc)\(Self.esc)\\\(Self.esc)\\"))
        #expect(open.text.contains("\(Self.esc)Ptmux;\(Self.esc)\(Self.esc)_Ga=p,i=1000"))
    }

    // MARK: sixel

    @Test func sixelIsDrawnWhereDA1SaysFourAndItsRowsAreRepaintedAfterAChange() throws {
        var terminal = FakeGraphicsTerminal(answers: FakeGraphicsTerminal.sixelAnswers)
        #expect(terminal.graphics.pictureProtocol == .sixel)
        let loader = try makeLoader()
        defer { loader.stop() }
        var d = playing(terminal)
        d.key(.character("c"))
        let asked = d.model.coverRequests()
        #expect(asked.map(\.graphics) == [CoverGraphics(kind: .sixel, cellWidth: 10, cellHeight: 20)])
        for request in asked { d.model.coverArrived(loader.load(request)) }
        let sixelA = FakeGraphicRenderer.sixel("file:/music/a.mp3")
        terminal.draw(frame(d))
        #expect(terminal.text == "\(Self.esc)7\(Self.esc)[4;3H" + sixelA + "\(Self.esc)8")
        #expect(terminal.repainted.isEmpty)
        terminal.draw(frame(d))
        #expect(terminal.written.isEmpty && terminal.repainted.isEmpty)

        // The next song's cover in the same box: the old rows repainted, the new sixel drawn.
        play(&d, "/music/b.mp3")
        loadCovers(&d, loader)
        terminal.draw(frame(d))
        #expect(terminal.repainted == Array(3..<20))
        #expect(terminal.text == "\(Self.esc)7\(Self.esc)[4;3H" + FakeGraphicRenderer.sixel("file:/music/b.mp3") + "\(Self.esc)8")

        // Leaving the view: nothing drawn, every row it covered repainted by curses.
        d.key(.escape)
        terminal.draw(frame(d))
        #expect(terminal.repainted == Array(3..<20))
        #expect(terminal.written.isEmpty)
    }

    // MARK: Half-blocks

    @Test func aTerminalThatAnswersNoProtocolOrNoCellSizeGetsHalfBlocks() throws {
        let loader = try makeLoader()
        defer { loader.stop() }
        let noCellSize = "\(Self.esc)_Gi=31;OK\(Self.esc)\\\(Self.esc)[?62;4c"
        for answers in ["", FakeGraphicsTerminal.plainAnswers, noCellSize] {
            var terminal = FakeGraphicsTerminal(answers: answers)
            #expect(terminal.graphics.pictureProtocol == nil)
            var d = playing(terminal)
            let asked = d.model.coverRequests()
            #expect(!asked.isEmpty && asked.allSatisfy { $0.graphics == nil })
            for request in asked { d.model.coverArrived(loader.load(request)) }
            terminal.draw(frame(d))
            #expect(terminal.text.hasPrefix("\(Self.esc)7\(Self.esc)[0m\(Self.esc)[22;2H"))
            #expect(terminal.text.contains("▀") && !terminal.text.contains("\(Self.esc)_G"))
        }
    }

    @Test func artworkBlocksKeepsHalfBlocksWhereKittyAnsweredAndOnMeansAuto() throws {
        let (blocks, problems) = TUIConfig.parse(ConfigFile(parsing: "artwork = blocks\n"))
        #expect(problems.isEmpty)
        #expect(blocks.artworkMode == .blocks && blocks.artwork)
        #expect(TUIConfig.parse(ConfigFile(parsing: "artwork = on\n")).config.artworkMode == .auto)
        #expect(TUIConfig.parse(ConfigFile(parsing: "artwork = off\n")).config.artworkMode == .off)

        var terminal = FakeGraphicsTerminal(answers: FakeGraphicsTerminal.kittyAnswers)
        let loader = try makeLoader()
        defer { loader.stop() }
        var d = playing(terminal, config: blocks)
        let asked = d.model.coverRequests()
        #expect(!asked.isEmpty && asked.allSatisfy { $0.graphics == nil })
        for request in asked { d.model.coverArrived(loader.load(request)) }
        terminal.draw(frame(d))
        #expect(terminal.text.contains("▀") && !terminal.text.contains("\(Self.esc)_G"))
    }
}
