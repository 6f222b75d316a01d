import CSpng
import Checked

/// One libspng decoding context (owned here, freed in deinit), for one PNG.
final class SpngDecoder {
    private let context: OpaquePointer

    init() throws(CoverArtError) {
        if let problem = CoverArtLibraries.spngProblem { throw .libraryMissing(problem) }
        guard let context = shim_spng_ctx_new(0) else { throw .broken(format: "PNG", reason: "the decoder could not start") }
        self.context = context
    }

    deinit { shim_spng_ctx_free(context) }

    /// Decodes `bytes` (whose Swift-read header is `header`, already within the caps) to RGB.
    func decode(_ bytes: [UInt8], header: ImageHeader) throws(CoverArtError) -> PixelImage {
        try bytes.withUnsafeBufferPointer { (source) throws(CoverArtError) -> PixelImage in
            // libspng's own limits as a second fence: the sides, and 1 MB per chunk / 8 MB of
            // chunk cache (text and ICC chunks of a hostile file).
            try check(shim_spng_set_image_limits(context, UInt32(Limits.maxArtworkSide), UInt32(Limits.maxArtworkSide)))
            try check(shim_spng_set_chunk_limits(context, 1 << 20, 8 << 20))
            try check(shim_spng_set_png_buffer(context, source.baseAddress, source.count))
            var ihdr = spng_ihdr()
            try check(shim_spng_get_ihdr(context, &ihdr))
            let width = Int(ihdr.width)
            let height = Int(ihdr.height)
            try ImageHeader(format: .png, width: width, height: height).checkCaps()
            var size = 0
            try check(shim_spng_decoded_image_size(context, Int32(SPNG_FMT_RGB8.rawValue), &size))
            let (expected, overflow) = width.multipliedReportingOverflow(by: height * 3)
            guard !overflow, size == expected, size <= Limits.maxArtworkDecodedBytes else {
                throw .tooLarge(width: width, height: height)
            }
            CoverDecoder.bufferObserver?(size)
            var pixels = [UInt8](repeating: 0, count: size)
            let code = pixels.withUnsafeMutableBytes { out in
                shim_spng_decode_image(context, out.baseAddress, out.count, Int32(SPNG_FMT_RGB8.rawValue), 0)
            }
            try check(code)
            guard let image = PixelImage(width: width, height: height, pixels: pixels) else {
                throw .broken(format: "PNG", reason: "the decoder gave the wrong size")
            }
            return image
        }
    }

    private func check(_ code: Int32) throws(CoverArtError) { try Self.check(code) }

    /// libspng's return `code` as CoverArt's sentence (its own words); nothing for 0. The encoder's too.
    static func check(_ code: Int32) throws(CoverArtError) {
        guard code != 0 else { return }
        let text = shim_spng_strerror(code).map { String(cString: $0) } ?? "error \(code)"
        throw .broken(format: "PNG", reason: text)
    }
}
