import Checked

/// Bytes → pixels: the header is read in Swift and checked against the caps first, and only then
/// is a C decoder (libturbojpeg, libspng; each loaded at its first picture) asked to decode.
public enum CoverDecoder {
    /// The picture in `bytes` (JPEG or PNG), decoded; JPEGs are decoded at the smallest n/8 scale
    /// that still covers `target` (full size when nil). Throws a `CoverArtError` sentence for an
    /// empty, oversized, unknown or broken picture; a header past the caps (10,000×10,000) is
    /// refused before any decoder runs or any pixel buffer is allocated.
    public static func decode(_ bytes: [UInt8], covering target: PixelSize? = nil) throws(CoverArtError) -> PixelImage {
        let header = try checkedHeader(bytes)
        switch header.format {
        case .jpeg: return try TurboJPEGDecoder().decode(bytes, header: header, target: target)
        case .png: return try SpngDecoder().decode(bytes, header: header)
        }
    }

    /// The size `bytes` claim, once it has passed every cap (the check `decode` makes before
    /// decoding); a sentence otherwise. No C library is loaded for it.
    public static func size(of bytes: [UInt8]) throws(CoverArtError) -> PixelSize {
        let header = try checkedHeader(bytes)
        return PixelSize(width: header.width, height: header.height)
    }

    /// Called with the byte count of every pixel buffer a decoder is about to allocate, in the
    /// task that decodes: tests watch it to prove a refused header allocates nothing.
    @TaskLocal static var bufferObserver: (@Sendable (Int) -> Void)?

    private static func checkedHeader(_ bytes: [UInt8]) throws(CoverArtError) -> ImageHeader {
        guard bytes.count <= Limits.maxArtworkFileBytes else { throw .fileTooLarge(bytes: bytes.count) }
        let header = try ImageHeader.read(bytes)
        try header.checkCaps()
        return header
    }
}
