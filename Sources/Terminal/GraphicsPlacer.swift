/// What the terminal must do, frame after frame, for the pictures drawn by a graphics protocol
/// (`Frame.Graphic`), so that it transmits each picture once and never keeps one the frame no
/// longer shows. A value type fed the images of each frame; it returns the bytes to write after
/// curses' update and the rows curses must repaint first. Pure, so every byte can be tested.
///
/// * kitty: a picture is transmitted once (`a=t`) under an id of its own and placed (`a=p`) at
///   its box; a frame showing it in the same place writes nothing; moved, or after curses
///   repainted everything (Ctrl-L, a resize, a return from a suspend), it is placed again (the
///   placement replaces the old one); a frame without it deletes it (`a=d,d=I`: placements and
///   data), and `clearAll` deletes every one (quitting, suspending).
/// * sixel: the pixels live in the cells, so a sixel that goes or changes has its rows repainted
///   by curses (`repaintRows`), and a sixel is written again whenever its rows were repainted or
///   it is new.
///
/// A picture is drawn only when its whole box is on the screen (a protocol picture cannot be cut
/// at the screen's edge cheaply); otherwise its box stays blank.
public struct GraphicsPlacer: Sendable {
    /// One picture on the screen: its name and its box.
    private struct Placed: Sendable, Equatable {
        var name: String
        var row: Int
        var column: Int
        var width: Int
        var height: Int

        init(_ image: Frame.Image, _ graphic: Frame.Graphic) {
            name = graphic.name
            row = image.row
            column = image.column
            width = image.width
            height = image.height
        }
    }

    /// What one frame needs.
    public struct Step: Sendable, Equatable {
        /// Rows (zero-based, sorted) whose every cell curses must send again before `bytes` are
        /// written: where a sixel was drawn that is gone or changed.
        public var repaintRows: [Int] = []
        /// What to write after curses' update (empty when nothing changed).
        public var bytes: [UInt8] = []
    }

    /// Whether kitty commands are wrapped in tmux's passthrough (the probe proved it works).
    public let throughTmux: Bool
    /// kitty: the ids of the pictures the terminal holds, by name, and where each is placed.
    private var kittyIDs: [String: UInt32] = [:]
    private var kittyPlaced: [String: Placed] = [:]
    private var nextKittyID: UInt32 = firstKittyID
    /// sixel: the pictures written and still on the screen.
    private var sixels: [Placed] = []

    /// The first id given to a kitty picture: clear of the probe's own (`TerminalProbe.kittyID`).
    static let firstKittyID: UInt32 = 1_000
    /// The base64 characters in one kitty command (the protocol's limit is 4,096).
    static let kittyChunk = 4_096

    /// A placer for a terminal that holds no picture yet.
    public init(throughTmux: Bool = false) { self.throughTmux = throughTmux }

    /// The work for a frame showing `images` on a `rows` × `columns` screen; `damaged` when
    /// curses repaints the whole screen this time (every picture must be drawn again).
    public mutating func step(_ images: [Frame.Image], rows: Int, columns: Int, damaged: Bool) -> Step {
        var step = Step()
        var kitty: [(Placed, Frame.Graphic)] = []
        var sixel: [(Placed, Frame.Graphic)] = []
        for image in images {
            guard let graphic = image.graphic, image.row >= 0, image.column >= 0, image.row + image.height <= rows,
                image.column + image.width <= columns
            else { continue }
            switch graphic.kind {
            case .kitty: kitty.append((Placed(image, graphic), graphic))
            case .sixel: sixel.append((Placed(image, graphic), graphic))
            }
        }

        // kitty: delete what the frame no longer shows (in id order, so the bytes are the same
        // every run), transmit what is new, place what moved or was wiped.
        let shown = Set(kitty.map(\.0.name))
        for (name, id) in kittyIDs.sorted(by: { $0.value < $1.value }) where !shown.contains(name) {
            step.bytes += kittyCommand("a=d,d=I,i=\(id),q=2", data: [])
            kittyIDs[name] = nil
            kittyPlaced[name] = nil
        }
        for (placed, graphic) in kitty {
            let id: UInt32
            if let known = kittyIDs[placed.name] {
                id = known
            } else {
                id = newKittyID()
                kittyIDs[placed.name] = id
                step.bytes += transmit(graphic, id: id)
            }
            guard damaged || kittyPlaced[placed.name] != placed else { continue }
            kittyPlaced[placed.name] = placed
            step.bytes += Array("\u{1b}7\u{1b}[\(placed.row + 1);\(placed.column + 1)H".utf8)
            step.bytes += kittyCommand("a=p,i=\(id),p=1,c=\(placed.width),r=\(placed.height),C=1,q=2", data: [])
            step.bytes += Array("\u{1b}8".utf8)
        }

        // sixel: the rows of a picture that went or changed are repainted (unless curses
        // repaints everything anyway); a picture on a repainted row is written again.
        var repaint = Set<Int>()
        if !damaged {
            for old in sixels where !sixel.contains(where: { $0.0 == old }) {
                repaint.formUnion(max(0, old.row)..<min(rows, old.row + old.height))
            }
        }
        for (placed, graphic) in sixel {
            let rowsOfIt = placed.row..<(placed.row + placed.height)
            guard damaged || !sixels.contains(placed) || rowsOfIt.contains(where: repaint.contains) else { continue }
            step.bytes += Array("\u{1b}7\u{1b}[\(placed.row + 1);\(placed.column + 1)H".utf8)
            step.bytes += graphic.payload
            step.bytes += Array("\u{1b}8".utf8)
        }
        sixels = sixel.map(\.0)
        step.repaintRows = repaint.sorted()
        return step
    }

    /// The bytes deleting every kitty picture the terminal holds (sixels go with the alternate
    /// screen, or are repainted by curses); afterwards the placer holds nothing, so the next
    /// frame transmits and draws its pictures anew.
    public mutating func clearAll() -> [UInt8] {
        var out: [UInt8] = []
        for id in kittyIDs.values.sorted() { out += kittyCommand("a=d,d=I,i=\(id),q=2", data: []) }
        kittyIDs = [:]
        kittyPlaced = [:]
        sixels = []
        return out
    }

    /// Whether the terminal may hold a picture from this placer.
    public var holdsPictures: Bool { !kittyIDs.isEmpty || !sixels.isEmpty }

    private mutating func newKittyID() -> UInt32 {
        let id = nextKittyID
        nextKittyID = nextKittyID == UInt32.max ? Self.firstKittyID : nextKittyID + 1
        return id
    }

    /// `a=t`: the pixels sent once, in chunks (`m=1` while more follow), quiet (`q=2`: the
    /// terminal's answers would arrive as keys); a PNG as `f=100` (its size is in the file),
    /// RGB as `f=24` with its size.
    private func transmit(_ graphic: Frame.Graphic, id: UInt32) -> [UInt8] {
        guard case .kitty(let width, let height, let format) = graphic.kind else { return [] }
        let keys =
            switch format {
            case .png: "f=100,t=d"
            case .rgb: "f=24,t=d,s=\(width),v=\(height)"
            }
        let payload = graphic.payload
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + payload.count / Self.kittyChunk * 24 + 96)
        var start = 0
        repeat {
            let end = min(payload.count, start + Self.kittyChunk)
            let more = end < payload.count ? 1 : 0
            let control = start == 0 ? "a=t,\(keys),i=\(id),q=2,m=\(more)" : "m=\(more)"
            out += kittyCommand(control, data: payload[start..<end])
            start = end
        } while start < payload.count
        return out
    }

    /// One kitty graphics command, wrapped for tmux when it goes through tmux (every ESC
    /// inside doubled).
    private func kittyCommand(_ control: String, data: ArraySlice<UInt8>) -> [UInt8] {
        var command = Array("\u{1b}_G\(control)".utf8)
        if !data.isEmpty {
            command.append(UInt8(ascii: ";"))
            command += data
        }
        command += [0x1b, UInt8(ascii: "\\")]
        guard throughTmux else { return command }
        var wrapped = Array("\u{1b}Ptmux;".utf8)
        wrapped.reserveCapacity(command.count + 16)
        for byte in command {
            if byte == 0x1b { wrapped.append(0x1b) }
            wrapped.append(byte)
        }
        wrapped += [0x1b, UInt8(ascii: "\\")]
        return wrapped
    }
}
