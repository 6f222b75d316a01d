/// Resizes an image by area averaging: each output pixel is the mean of the source pixels its
/// rectangle covers (at least one), which is what a cover shrunk to a few dozen cells needs; an
/// upscale repeats pixels.
enum ImageScaler {
    static func scaled(_ image: PixelImage, to size: PixelSize) -> PixelImage {
        if size.width == image.width, size.height == image.height { return image }
        let (sw, sh, tw, th) = (image.width, image.height, size.width, size.height)
        var out = [UInt8](repeating: 0, count: tw * th * 3)
        // The source column span of each output column, computed once.
        let columnSpans = (0..<tw).map { ox -> (Int, Int) in
            let x0 = ox * sw / tw
            return (x0, max(x0 + 1, (ox + 1) * sw / tw))
        }
        image.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for oy in 0..<th {
                    let y0 = oy * sh / th
                    let y1 = max(y0 + 1, (oy + 1) * sh / th)
                    for ox in 0..<tw {
                        let (x0, x1) = columnSpans[ox]
                        var r = 0
                        var g = 0
                        var b = 0
                        for y in y0..<y1 {
                            var i = (y * sw + x0) * 3
                            for _ in x0..<x1 {
                                r += Int(source[i])
                                g += Int(source[i + 1])
                                b += Int(source[i + 2])
                                i += 3
                            }
                        }
                        let n = (y1 - y0) * (x1 - x0)
                        let o = (oy * tw + ox) * 3
                        target[o] = UInt8((r + n / 2) / n)
                        target[o + 1] = UInt8((g + n / 2) / n)
                        target[o + 2] = UInt8((b + n / 2) / n)
                    }
                }
            }
        }
        return PixelImage(width: tw, height: th, pixels: out)!
    }

    /// The largest box of whole cells inside `box` that keeps `image`'s shape, for cells of
    /// `cell` pixels; at least 1×1 when `box` is not empty.
    static func fitted(_ image: PixelSize, in box: CellBox, cell: PixelSize) -> CellBox {
        guard box.columns > 0, box.rows > 0 else { return CellBox(columns: 0, rows: 0) }
        // Compare image.width / image.height with (columns * cell.width) / (rows * cell.height) in integers.
        let boxWidth = box.columns * cell.width
        let boxHeight = box.rows * cell.height
        if image.width * boxHeight >= boxWidth * image.height {
            // As wide as the box; the height follows.
            let rows = (box.columns * cell.width * image.height + image.width * cell.height / 2) / (image.width * cell.height)
            return CellBox(columns: box.columns, rows: min(box.rows, max(1, rows)))
        } else {
            let columns = (box.rows * cell.height * image.width + image.height * cell.width / 2) / (image.height * cell.width)
            return CellBox(columns: min(box.columns, max(1, columns)), rows: box.rows)
        }
    }
}
