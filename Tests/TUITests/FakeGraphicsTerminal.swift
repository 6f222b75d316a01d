import Terminal

@testable import TUI

/// A terminal that answers the start-up probe as it is told and records what the UI would write
/// for its pictures: the same parse (`TerminalProbe`), the same half-block writer
/// (`ImageSequence`) and the same protocol state machine (`GraphicsPlacer`) as `Terminal.draw`,
/// without curses. `draw` keeps the rows curses would be made to repaint and the picture bytes.
struct FakeGraphicsTerminal {
    /// What the terminal's answers made of it.
    let graphics: TerminalGraphics
    private var placer: GraphicsPlacer
    private var drawn: [Frame.Image] = []
    private var damaged = true
    private var size = (rows: 0, columns: 0)
    /// What the last `draw` wrote for pictures (cells and protocols).
    private(set) var written: [UInt8] = []
    /// The rows the last `draw` had curses repaint.
    private(set) var repainted: [Int] = []

    /// kitty answers `a=q` OK, says 8×16-pixel cells and DA1 without sixel.
    static let kittyAnswers = "\u{1b}_Gi=31;OK\u{1b}\\\u{1b}[6;16;8t\u{1b}[?62;22c"
    /// An xterm with sixel (`-ti vt340`): no kitty, 10×20 cells, DA1 with 4.
    static let sixelAnswers = "\u{1b}[6;20;10t\u{1b}[?63;1;2;4;6;9;15;22c"
    /// A terminal that answers DA1 only.
    static let plainAnswers = "\u{1b}[?62;22c"
    /// tmux's own answers: its version, its cell size and DA1; the kitty query never comes back.
    static let tmuxAnswers = "\u{1b}P>|tmux 3.3a\u{1b}\\\u{1b}[6;16;8t\u{1b}[?1;2;4c"

    /// A terminal whose answers to the probe are `answers` (and, inside tmux, `passthrough` to
    /// the wrapped kitty query), at truecolour.
    init(answers: String, passthrough: String? = nil) {
        let parsed = TerminalProbe.parse(Array(answers.utf8))
        graphics = TerminalProbe.graphics(
            depth: .truecolor, answers: parsed, passthrough: passthrough.map { TerminalProbe.parse(Array($0.utf8)) })
        placer = GraphicsPlacer(throughTmux: graphics.insideTmux)
    }

    /// What `Terminal.draw` writes for `frame`'s pictures after curses' update.
    mutating func draw(_ frame: Frame) {
        if (frame.rows, frame.columns) != size, !frame.images.isEmpty || !drawn.isEmpty { damaged = true }
        let step = placer.step(frame.images, rows: frame.rows, columns: frame.columns, damaged: damaged)
        written = []
        if damaged || frame.images != drawn { written += ImageSequence.bytes(for: frame.images, rows: frame.rows, columns: frame.columns) }
        written += step.bytes
        repainted = step.repaintRows
        drawn = frame.images
        size = (frame.rows, frame.columns)
        damaged = false
    }

    /// Ctrl-L (`Terminal.invalidate`): the next draw repaints everything.
    mutating func invalidate() { damaged = true }

    /// What `Terminal.close` writes before giving the screen back.
    mutating func close() -> [UInt8] { placer.clearAll() }

    /// `written` as text.
    var text: String { String(decoding: written, as: UTF8.self) }
}

/// A renderer drawing every cover as a protocol picture whose bytes name the picture and box
/// (kitty: `P` repeated for the PNG base64; sixel: a tiny DCS), or solid red cells.
struct FakeGraphicRenderer: CoverRendering {
    func cells(of bytes: [UInt8], picture: String, box: CoverBox, depth: TerminalGraphics.Depth) -> Result<CoverCells, CoverFailure> {
        CoverCells(width: box.columns, height: box.rows, cells: Array(repeating: CoverTests.red, count: box.columns * box.rows))
            .map { .success($0) } ?? .failure(CoverFailure("empty"))
    }

    func graphic(of bytes: [UInt8], picture: String, box: CoverBox, graphics: CoverGraphics) -> Result<CoverCells, CoverFailure> {
        let name = "\(graphics.kind) \(box.columns)x\(box.rows) \(picture)"
        let made: Frame.Graphic? =
            switch graphics.kind {
            case .kitty:
                Frame.Graphic(
                    kind: .kitty(
                        pixelWidth: box.columns * graphics.cellWidth, pixelHeight: box.rows * graphics.cellHeight, format: .png),
                    name: name,
                    payload: Array(Self.kittyData(picture).utf8))
            case .sixel: Frame.Graphic(kind: .sixel, name: name, payload: Array(Self.sixel(picture).utf8))
            }
        return made.flatMap { CoverCells(width: box.columns, height: box.rows, graphic: $0) }.map { .success($0) }
            ?? .failure(CoverFailure("empty"))
    }

    /// The base64 the fake sends for `picture`.
    static func kittyData(_ picture: String) -> String { picture.hasSuffix("b.mp3") ? "QkJC" : "QUFB" }
    /// The sixel the fake sends for `picture`.
    static func sixel(_ picture: String) -> String { "\u{1b}Pq#0;2;100;0;0#0~~\(picture.hasSuffix("b.mp3") ? "b" : "a")\u{1b}\\" }
}
