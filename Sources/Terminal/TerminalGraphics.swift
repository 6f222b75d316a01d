/// What the terminal can show pictures with, as its answers to the start-up probe said (and
/// `COLORTERM`/curses for the colour depth of cell pictures). Never guessed from `TERM` or
/// other variables: a protocol is used only when the terminal itself answered for it.
public struct TerminalGraphics: Sendable, Equatable {
    /// How many colours cell pictures may use.
    public enum Depth: Sendable, Equatable {
        /// Monochrome (no colour, `colors = never`, NO_COLOR): no cell pictures, a placeholder.
        case none
        /// The xterm 256-colour palette.
        case palette256
        /// 24-bit colour (`COLORTERM` is `truecolor` or `24bit`).
        case truecolor
    }

    /// How many colours cell pictures may use.
    public var depth: Depth
    /// The kitty graphics protocol answered its `a=q` query (through tmux's passthrough inside tmux).
    public var kitty: Bool
    /// DA1 listed attribute 4 (sixel), outside tmux.
    public var sixel: Bool
    /// One cell's size in pixels (`CSI 16 t`), when the terminal said.
    public var cellPixels: (width: Int, height: Int)? {
        get { cellSize.map { ($0[0], $0[1]) } }
        set { cellSize = newValue.map { [$0.width, $0.height] } }
    }
    private var cellSize: [Int]?
    /// The probe was answered by tmux (XTVERSION).
    public var insideTmux: Bool

    /// The given capabilities.
    public init(
        depth: Depth, kitty: Bool = false, sixel: Bool = false, cellPixels: (width: Int, height: Int)? = nil, insideTmux: Bool = false
    ) {
        self.depth = depth
        self.kitty = kitty
        self.sixel = sixel
        self.insideTmux = insideTmux
        self.cellPixels = cellPixels
    }

    /// A protocol a picture can be drawn with instead of cells.
    public enum PictureProtocol: String, Sendable, Hashable {
        /// The kitty graphics protocol.
        case kitty
        /// Sixel.
        case sixel
    }

    /// The protocol to draw pictures with: kitty when its query was answered (through tmux's
    /// passthrough inside tmux), else sixel when DA1 listed it outside tmux; only when the
    /// terminal also said its cell size (without it the picture's pixel box is unknown) and
    /// has colour. Nil: cells (half-blocks).
    public var pictureProtocol: PictureProtocol? {
        guard depth != .none, let cell = cellPixels, cell.width > 0, cell.height > 0 else { return nil }
        if kitty { return .kitty }
        if sixel, !insideTmux { return .sixel }
        return nil
    }

    /// Cell pictures only, at `depth`.
    public static func cells(_ depth: Depth) -> TerminalGraphics { TerminalGraphics(depth: depth) }

    /// The depth for cell pictures: none without colour, 24-bit when `COLORTERM` promises it,
    /// else the 256-colour palette when curses has 256 colours, else none.
    public static func depth(hasColors: Bool, colorTerm: String?, colors: Int) -> Depth {
        guard hasColors else { return .none }
        if let colorTerm, ["truecolor", "24bit"].contains(colorTerm.lowercased()) { return .truecolor }
        return colors >= 256 ? .palette256 : .none
    }
}
