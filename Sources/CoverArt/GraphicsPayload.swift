/// The strings that draw a cover through a terminal graphics protocol, for a screen that probed
/// the terminal and found kitty graphics (`a=q` answered) or sixel (DA1 attribute 4). The screen
/// writes a payload with the cursor at the box's top-left cell, and must clear it itself on a
/// change or resize (`kittyDelete`; sixels are overwritten by redrawing the cells under them).
public enum GraphicsPayload {
    /// The kitty graphics command transmitting and showing `image` fitted into `box` (cells of
    /// `cell` pixels) as image `imageID`: the fitted pixel box as PNG (`f=100`; RGB, `f=24` with
    /// its size, when libspng is missing or the PNG would be larger), base64 in chunks of 4,096
    /// (`m=1` … `m=0`), quiet (`q=2`), the cursor left where it was (`C=1`). A 40×20-cell cover
    /// at 8×16 pixels is 410 KB as RGB, a fraction of that as PNG (docs/artwork.md).
    public static func kitty(image: PixelImage, box: CellBox, cell: PixelSize, imageID: UInt32) -> String {
        guard let kitty = kittyPixels(image: image, box: box, cell: cell) else { return "" }
        let fitted = kitty.box
        let encoded = kitty.base64
        var out = ""
        out.reserveCapacity(encoded.count + encoded.count / 4096 * 16 + 128)
        var start = 0
        var first = true
        repeat {
            let end = min(encoded.count, start + 4096)
            let more = end < encoded.count ? 1 : 0
            out += "\u{1B}_G"
            if first {
                out += "a=T,\(kittyFormatKeys(kitty.format, kitty.size)),c=\(fitted.columns),r=\(fitted.rows),i=\(imageID),q=2,C=1,"
                first = false
            }
            out += "m=\(more);"
            out += String(decoding: encoded[start..<end], as: UTF8.self)
            out += "\u{1B}\\"
            start = end
        } while start < encoded.count
        return out
    }

    /// The keys naming a kitty payload's format, sent directly (`t=d`): `f=100` for PNG (the
    /// file holds its size), `f=24` and `s=W,v=H` for RGB.
    static func kittyFormatKeys(_ format: KittyFormat, _ size: PixelSize) -> String {
        switch format {
        case .png: "f=100,t=d"
        case .rgb: "f=24,t=d,s=\(size.width),v=\(size.height)"
        }
    }

    /// What a kitty transmission of `image` fitted into `box` carries: the fitted box in cells,
    /// the pixel size (the box in pixels, at most `maxPixelSide` a side), the format and the
    /// base64 of those pixels: a PNG made by libspng, or the RGB pixels themselves when libspng
    /// cannot be loaded, fails, or would send more. Nil when the fitted box is empty. The
    /// terminal builds the commands around it (`a=t` once, `a=p` to place).
    public static func kittyPixels(image: PixelImage, box: CellBox, cell: PixelSize)
        -> (box: CellBox, size: PixelSize, format: KittyFormat, base64: [UInt8])?
    {
        kittyPixels(image: image, box: box, cell: cell, pngProblem: CoverArtLibraries.spngProblem)
    }

    /// The same, with libspng's state given (`CoverArtLibraries.probe` lets a test say it is missing).
    static func kittyPixels(image: PixelImage, box: CellBox, cell: PixelSize, pngProblem: String?)
        -> (box: CellBox, size: PixelSize, format: KittyFormat, base64: [UInt8])?
    {
        let fitted = ImageScaler.fitted(PixelSize(width: image.width, height: image.height), in: box, cell: cell)
        guard fitted.columns > 0, fitted.rows > 0 else { return nil }
        let pixels = capped(PixelSize(width: fitted.columns * cell.width, height: fitted.rows * cell.height))
        let scaled = ImageScaler.scaled(image, to: pixels)
        // PNG: a tenth (flat art) to two thirds (a busy photo) of the bytes over a slow link
        // (SSH); RGB: what every kitty terminal takes too, so a missing libspng costs bytes,
        // never the picture.
        if let png = try? SpngEncoder(problem: pngProblem).encode(scaled), png.count < scaled.pixels.count {
            return (fitted, pixels, .png, Base64.encode(png))
        }
        return (fitted, pixels, .rgb, Base64.encode(scaled.pixels))
    }

    /// `image` as a PNG file, as a kitty payload carries it before base64 (the bench times it);
    /// a sentence when libspng is missing or refuses.
    public static func png(of image: PixelImage) throws(CoverArtError) -> [UInt8] { try SpngEncoder().encode(image) }

    /// The most pixels a payload's image has on a side (the terminal scales it to the box's
    /// cells): a full-screen cover fits, and a hostile cell size cannot make a giant payload.
    public static let maxPixelSide = 2_048

    /// `size` shrunk, keeping its shape, to at most `maxPixelSide` a side.
    private static func capped(_ size: PixelSize) -> PixelSize {
        let side = max(size.width, size.height)
        guard side > maxPixelSide else { return size }
        return PixelSize(width: size.width * maxPixelSide / side, height: size.height * maxPixelSide / side)
    }

    /// The kitty command deleting image `imageID` and its placements (quiet).
    public static func kittyDelete(imageID: UInt32) -> String { "\u{1B}_Ga=d,d=I,i=\(imageID),q=2\u{1B}\\" }

    /// A sixel image of `image` fitted into `box` (cells of `cell` pixels), made by libchafa
    /// (palette quantisation and dithering are its work); loads chafa and glib on first use.
    /// Empty when the fitted box is under 6 pixels a side (less than one sixel band).
    public static func sixel(image: PixelImage, box: CellBox, cell: PixelSize) throws(CoverArtError) -> String {
        let fitted = ImageScaler.fitted(PixelSize(width: image.width, height: image.height), in: ChafaCanvas.capped(box), cell: cell)
        guard fitted.columns > 0, fitted.rows > 0 else { return "" }
        // The canvas is the box in pixels: at most `maxPixelSide` a side.
        let cell = PixelSize(
            width: min(cell.width, maxPixelSide / fitted.columns), height: min(cell.height, maxPixelSide / fitted.rows))
        // Sixels are drawn in bands of six pixel rows: a box shorter than one band (chafa divides
        // by its band count) or narrower has nothing to show.
        guard fitted.rows * cell.height >= 6, fitted.columns * cell.width >= 6 else { return "" }
        let canvas = try ChafaCanvas(kind: .sixels, image: image, box: fitted, cell: cell)
        return canvas.printed(term: "mlterm")
    }
}

/// Standard base64 with padding (RFC 4648), for kitty payloads.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: UInt8(ascii: "="), count: (bytes.count + 2) / 3 * 4)
        alphabet.withUnsafeBufferPointer { alphabet in
            out.withUnsafeMutableBufferPointer { out in
                var i = 0
                var o = 0
                while i + 2 < bytes.count {
                    let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
                    out[o] = alphabet[n >> 18]
                    out[o + 1] = alphabet[n >> 12 & 63]
                    out[o + 2] = alphabet[n >> 6 & 63]
                    out[o + 3] = alphabet[n & 63]
                    i += 3
                    o += 4
                }
                let rest = bytes.count - i
                guard rest > 0 else { return }
                // One or two bytes left: two or three characters, the rest stays "=".
                let n = Int(bytes[i]) << 16 | (rest == 2 ? Int(bytes[i + 1]) << 8 : 0)
                out[o] = alphabet[n >> 18]
                out[o + 1] = alphabet[n >> 12 & 63]
                if rest == 2 { out[o + 2] = alphabet[n >> 6 & 63] }
            }
        }
        return out
    }
}
