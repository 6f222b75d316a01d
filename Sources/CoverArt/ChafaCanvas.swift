import CChafa

/// One libchafa canvas (config, symbol map and canvas owned here and unreferenced in deinit),
/// drawn once from an image. Only sextants and sixels use chafa, so only they load it and glib.
final class ChafaCanvas {
    enum Kind {
        /// Sextant (and space/solid) symbols in truecolour: read back cell by cell.
        case sextants
        /// A sixel image covering the box: read back as the printed payload.
        case sixels
    }

    private let config: OpaquePointer
    private let symbols: OpaquePointer
    private let canvas: OpaquePointer
    let box: CellBox

    /// A canvas of `box` cells of `cell` pixels showing `image` (which chafa scales to fill it).
    init(kind: Kind, image: PixelImage, box: CellBox, cell: PixelSize) throws(CoverArtError) {
        if let problem = CoverArtLibraries.chafaProblem { throw .libraryMissing(problem) }
        guard let config = shim_chafa_canvas_config_new() else { throw .broken(format: "chafa", reason: "no canvas") }
        guard let symbols = shim_chafa_symbol_map_new() else {
            shim_chafa_canvas_config_unref(config)
            throw .broken(format: "chafa", reason: "no symbol map")
        }
        shim_chafa_symbol_map_add_by_tags(
            symbols, Int32(SEGUE_CHAFA_SYMBOL_TAG_SEXTANT | SEGUE_CHAFA_SYMBOL_TAG_SPACE | SEGUE_CHAFA_SYMBOL_TAG_SOLID))
        shim_chafa_canvas_config_set_symbol_map(config, symbols)
        shim_chafa_canvas_config_set_geometry(config, Int32(box.columns), Int32(box.rows))
        shim_chafa_canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
        shim_chafa_canvas_config_set_canvas_mode(config, Int32(SEGUE_CHAFA_CANVAS_MODE_TRUECOLOR))
        let pixelMode = kind == .sixels ? SEGUE_CHAFA_PIXEL_MODE_SIXELS : SEGUE_CHAFA_PIXEL_MODE_SYMBOLS
        shim_chafa_canvas_config_set_pixel_mode(config, Int32(pixelMode))
        guard let canvas = shim_chafa_canvas_new(config) else {
            shim_chafa_symbol_map_unref(symbols)
            shim_chafa_canvas_config_unref(config)
            throw .broken(format: "chafa", reason: "no canvas")
        }
        self.config = config
        self.symbols = symbols
        self.canvas = canvas
        self.box = box
        image.pixels.withUnsafeBufferPointer {
            shim_chafa_canvas_draw_all_pixels(
                canvas, Int32(SEGUE_CHAFA_PIXEL_RGB8), $0.baseAddress, Int32(image.width), Int32(image.height),
                Int32(image.width * 3))
        }
    }

    deinit {
        shim_chafa_canvas_unref(canvas)
        shim_chafa_symbol_map_unref(symbols)
        shim_chafa_canvas_config_unref(config)
    }

    /// The cells of a symbol canvas, row after row.
    func cells() -> [ImageCell] {
        var cells = [ImageCell]()
        cells.reserveCapacity(box.columns * box.rows)
        for y in 0..<box.rows {
            for x in 0..<box.columns {
                let code = shim_chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))
                var foreground: Int32 = 0
                var background: Int32 = 0
                shim_chafa_canvas_get_colors_at(canvas, Int32(x), Int32(y), &foreground, &background)
                cells.append(
                    ImageCell(
                        character: Unicode.Scalar(code) ?? " ", foreground: .rgb(Self.rgb(foreground)),
                        background: .rgb(Self.rgb(background))))
            }
        }
        return cells
    }

    /// The canvas printed for a terminal chafa knows by `term` (a TERM value we choose, never the
    /// user's environment: the screen decides the protocol by probing).
    func printed(term: String) -> String {
        guard let db = shim_chafa_term_db_get_default() else { return "" }
        let entry = strdupArray(["TERM=\(term)"])
        defer { entry.forEach { free($0) } }
        var envp: [UnsafeMutablePointer<CChar>?] = entry + [nil]
        guard let info = envp.withUnsafeMutableBufferPointer({ shim_chafa_term_db_detect(db, $0.baseAddress) }) else { return "" }
        defer { shim_chafa_term_info_unref(info) }
        guard let gstring = shim_chafa_canvas_print(canvas, info) else { return "" }
        let text = gstring.pointee.str.map { String(cString: $0) } ?? ""
        _ = shim_g_string_free(gstring, 1)
        return text
    }

    private func strdupArray(_ items: [String]) -> [UnsafeMutablePointer<CChar>?] { items.map { strdup($0) } }

    /// chafa's packed 0xRRGGBB; a negative value (no colour: transparent) is black.
    private static func rgb(_ packed: Int32) -> RGB {
        guard packed >= 0 else { return RGB(0, 0, 0) }
        return RGB(UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8), UInt8(truncatingIfNeeded: packed))
    }
}

#if canImport(Glibc)
    import Glibc
#endif
