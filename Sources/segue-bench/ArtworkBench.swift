import CoverArt
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// `segue-bench artwork [JPEG]`: the cover pipeline in-process. A 600×600 JPEG (made by ffmpeg's
/// testsrc2 when none is given) decoded, scaled and turned into 40×20 cells in each mode (CPU
/// milliseconds of this thread, median and min of repeated runs); the bytes a 40×20 cover writes
/// to the terminal (half-blocks and 256 colours with one cursor move a row, kitty and sixel
/// payloads at 8×16-pixel cells, the kitty PNG's encode time); and the resident memory each library adds when first loaded
/// (VmRSS before and after: libturbojpeg at the first decode, libchafa and glib at the first
/// sextant cover). Printed as "artwork-NAME VALUE UNIT", never asserted.
enum ArtworkBench {
    static func run(jpegPath: String?) {
        let baseRSS = residentMB()
        guard let bytes = jpegPath.map(readFile) ?? madeJPEG(), !bytes.isEmpty else {
            Console.error("segue-bench artwork: no JPEG (give one, or install ffmpeg)")
            exit(1)
        }
        let box = CellBox(columns: 40, rows: 20)
        print("artwork-jpeg-bytes \(bytes.count) B")

        // First use: loads libturbojpeg.
        guard let first = try? CoverRenderer.render(bytes, box: box, mode: .truecolorHalfBlocks) else {
            Console.error("segue-bench artwork: the JPEG does not decode")
            exit(1)
        }
        let afterJPEG = residentMB()
        print("artwork-rss-turbojpeg-added \(rounded(afterJPEG - baseRSS)) MB")

        report(
            "artwork-600-jpeg-to-40x20-halfblocks", times(40) { _ = try? CoverRenderer.render(bytes, box: box, mode: .truecolorHalfBlocks) }
        )
        report("artwork-600-jpeg-to-40x20-256", times(40) { _ = try? CoverRenderer.render(bytes, box: box, mode: .palette256) })
        report("artwork-600-jpeg-decode-full", times(20) { _ = try? CoverDecoder.decode(bytes) })

        let halfBlockBytes = terminalBytes(first)
        print("artwork-40x20-halfblocks-terminal-bytes \(halfBlockBytes) B")
        if let palette = try? CoverRenderer.render(bytes, box: box, mode: .palette256) {
            print("artwork-40x20-256-terminal-bytes \(terminalBytes(palette)) B")
        }

        // First sextant cover: loads libchafa and glib.
        let beforeChafa = residentMB()
        guard let sextants = try? CoverRenderer.render(bytes, box: box, mode: .truecolorSextants) else {
            Console.error("segue-bench artwork: sextants failed (libchafa?)")
            exit(1)
        }
        print("artwork-rss-chafa-added \(rounded(residentMB() - beforeChafa)) MB")
        report("artwork-600-jpeg-to-40x20-sextants", times(20) { _ = try? CoverRenderer.render(bytes, box: box, mode: .truecolorSextants) })
        print("artwork-40x20-sextants-terminal-bytes \(terminalBytes(sextants)) B")

        let cell = PixelSize(width: 8, height: 16)
        if let image = try? CoverDecoder.decode(bytes) {
            print("artwork-40x20-kitty-bytes \(GraphicsPayload.kitty(image: image, box: box, cell: cell, imageID: 1).utf8.count) B")
            if let sixel = try? GraphicsPayload.sixel(image: image, box: box, cell: cell) {
                print("artwork-40x20-sixel-bytes \(sixel.utf8.count) B")
            }
            report("artwork-600-to-40x20-kitty", times(10) { _ = GraphicsPayload.kitty(image: image, box: box, cell: cell, imageID: 1) })
            // The PNG encode alone, of the 320×320 pixels a 40×20 kitty cover sends; and the
            // large now-playing cover of a 120×40 screen (66×33 cells: 528×528 pixels).
            // (Sampled to 320×320 here: the payload's own scaler averages, which is internal.)
            let scaled = PixelImage(width: 320, height: 320) { x, y in image[x * image.width / 320, y * image.height / 320] }
            report("artwork-40x20-kitty-png-encode", times(10) { _ = try? GraphicsPayload.png(of: scaled) })
            let large = CellBox(columns: 66, rows: 33)
            print("artwork-66x33-kitty-bytes \(GraphicsPayload.kitty(image: image, box: large, cell: cell, imageID: 1).utf8.count) B")
            report("artwork-600-to-40x20-sixel", times(10) { _ = try? GraphicsPayload.sixel(image: image, box: box, cell: cell) })
        }
        placedBytes(bytes, box: box, cell: cell)
        print("artwork-rss-total-added \(rounded(residentMB() - baseRSS)) MB")
    }

    /// What the UI writes for a 40×20 protocol cover frame after frame (`GraphicsPlacer`, as
    /// `Terminal.draw` uses it): the first frame (kitty: transmit and place), an unchanged frame
    /// (nothing), a frame after Ctrl-L or a resize (kitty: placed again; sixel: written again),
    /// and the frame after it goes (kitty: the delete).
    private static func placedBytes(_ bytes: [UInt8], box: CellBox, cell: PixelSize) {
        for kind in GraphicsKind.allCases {
            guard let grid = try? CoverRenderer.renderGraphic(bytes, box: box, kind: kind, cell: cell), let payload = grid.graphic else {
                Console.error("segue-bench artwork: no \(kind) picture (libchafa?)")
                continue
            }
            let graphicKind: Frame.Graphic.Kind =
                kind == .kitty
                ? .kitty(pixelWidth: payload.pixels.width, pixelHeight: payload.pixels.height, format: payload.format == .png ? .png : .rgb)
                : .sixel
            guard let graphic = Frame.Graphic(kind: graphicKind, name: "bench", payload: payload.bytes),
                let image = Frame.Image(row: 2, column: 2, width: grid.columns, height: grid.rows, graphic: graphic)
            else { continue }
            var placer = GraphicsPlacer()
            let first = placer.step([image], rows: 24, columns: 80, damaged: true).bytes.count
            let same = placer.step([image], rows: 24, columns: 80, damaged: false).bytes.count
            let again = placer.step([image], rows: 24, columns: 80, damaged: true).bytes.count
            let gone = placer.step([], rows: 24, columns: 80, damaged: false).bytes.count
            print("artwork-40x20-\(kind)-first-frame-bytes \(first) B")
            print("artwork-40x20-\(kind)-unchanged-frame-bytes \(same) B")
            print("artwork-40x20-\(kind)-redraw-frame-bytes \(again) B")
            print("artwork-40x20-\(kind)-gone-frame-bytes \(gone) B")
        }
    }

    /// What drawing `grid` writes: each row's SGR text and one cursor move (`ESC[RR;CCH`) before it.
    private static func terminalBytes(_ grid: CellGrid) -> Int {
        grid.terminalRows().reduce(0) { $0 + $1.utf8.count + "\u{1B}[10;10H".utf8.count }
    }

    static func madeJPEG() -> [UInt8]? {
        let path = "/tmp/segue-bench-artwork-\(getpid()).jpg"
        defer { unlink(path) }
        let command = "ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc2=s=600x600 -frames:v 1 -q:v 3 \(path)"
        guard system(command) == 0 else { return nil }
        return readFile(path)
    }

    private static func readFile(_ path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
            if bytes.count > 32 << 20 { break }
        }
        return bytes
    }

    private static func times(_ runs: Int, _ body: () -> Void) -> [Double] {
        (0..<runs).map { _ in
            var start = timespec()
            var end = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
            body()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
            return Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6
        }
    }

    private static func report(_ name: String, _ values: [Double]) {
        let sorted = values.sorted()
        print("\(name)-median \(rounded(sorted[sorted.count / 2])) ms")
        print("\(name)-min \(rounded(sorted[0])) ms")
    }

    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// The process's resident size now (VmRSS), in MB.
    static func residentMB() -> Double {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard line.hasPrefix("VmRSS:") else { continue }
            let kilobytes = line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Double($0) } ?? 0
            return kilobytes / 1024
        }
        return 0
    }
}
