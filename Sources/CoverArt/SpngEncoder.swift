import CSpng

#if canImport(Glibc)
    import Glibc
#endif

/// One libspng encoding context (owned here, freed in deinit), for one PNG: a kitty cover sent
/// as PNG (`f=100`) is a tenth of its RGB for flat art, about two thirds for a busy photo.
final class SpngEncoder {
    private let context: OpaquePointer

    /// An encoder writing to memory; `.libraryMissing` when libspng cannot be loaded (`problem`
    /// is `CoverArtLibraries.spngProblem` unless a test names another).
    init(problem: String? = CoverArtLibraries.spngProblem) throws(CoverArtError) {
        if let problem { throw .libraryMissing(problem) }
        guard let context = shim_spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else {
            throw .broken(format: "PNG", reason: "the encoder could not start")
        }
        self.context = context
    }

    deinit { shim_spng_ctx_free(context) }

    /// `image` as a whole PNG file (8-bit truecolour, no interlace, no ancillary chunks): what
    /// `SpngDecoder` decodes back to exactly `image.pixels`.
    func encode(_ image: PixelImage) throws(CoverArtError) -> [UInt8] {
        guard let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height) else {
            throw .tooLarge(width: image.width, height: image.height)
        }
        try check(shim_spng_set_option(context, SPNG_ENCODE_TO_BUFFER, 1))
        // Paeth alone instead of libspng's try-all-five per row: the bench's 40×20 cover (320×320
        // pixels of testsrc2) is 0.3% larger and encodes in 4.8 ms instead of 8.0 (`segue-bench
        // artwork`); zlib's default level kept (docs/artwork.md: the levels tried).
        try check(shim_spng_set_option(context, SPNG_FILTER_CHOICE, Int32(SPNG_FILTER_CHOICE_PAETH.rawValue)))
        var ihdr = spng_ihdr(
            width: width, height: height, bit_depth: 8, color_type: UInt8(SPNG_COLOR_TYPE_TRUECOLOR.rawValue),
            compression_method: 0, filter_method: 0, interlace_method: 0)
        try check(shim_spng_set_ihdr(context, &ihdr))
        let code = image.pixels.withUnsafeBytes { pixels in
            shim_spng_encode_image(
                context, pixels.baseAddress, pixels.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        try check(code)
        var size = 0
        var error: Int32 = 0
        // The buffer is libspng's, allocated with malloc: ours to free once copied.
        guard let buffer = shim_spng_get_png_buffer(context, &size, &error) else {
            try check(error)
            throw .broken(format: "PNG", reason: "the encoder gave no data")
        }
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: size))
    }

    private func check(_ code: Int32) throws(CoverArtError) { try SpngDecoder.check(code) }
}
