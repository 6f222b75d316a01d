import CTurboJPEG
import Checked

/// One libturbojpeg decompressor (the C handle is owned here and freed in deinit). JPEG decoding
/// can scale by n/8 on the way, so a cover wanted at 80×80 pixels is decoded from a 600×600 file
/// at 1/4 (150×150) and never at full size.
final class TurboJPEGDecoder {
    private let handle: tjhandle

    init() throws(CoverArtError) {
        if let problem = CoverArtLibraries.turbojpegProblem { throw .libraryMissing(problem) }
        guard let handle = shim_tjInitDecompress() else { throw .broken(format: "JPEG", reason: "the decoder could not start") }
        self.handle = handle
    }

    deinit { _ = shim_tjDestroy(handle) }

    /// Decodes `bytes` (whose Swift-read header is `header`, already within the caps) scaled down
    /// by the smallest n/8 that still covers `target` (full size when nil).
    func decode(_ bytes: [UInt8], header: ImageHeader, target: PixelSize?) throws(CoverArtError) -> PixelImage {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let headerResult = bytes.withUnsafeBufferPointer {
            shim_tjDecompressHeader3(handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        guard headerResult == 0 else { throw .broken(format: "JPEG", reason: reason()) }
        // The library's reading must agree with the caps too (it may find another frame header).
        let fullWidth = Int(width)
        let fullHeight = Int(height)
        try ImageHeader(format: .jpeg, width: fullWidth, height: fullHeight).checkCaps()
        guard fullWidth >= 1, fullHeight >= 1 else { throw .broken(format: "JPEG", reason: "it has no pixels") }

        var eighths = 8
        if let target {
            for candidate in 1...8
            where Self.scaled(fullWidth, candidate) >= target.width && Self.scaled(fullHeight, candidate) >= target.height {
                eighths = candidate
                break
            }
        }
        let outWidth = Self.scaled(fullWidth, eighths)
        let outHeight = Self.scaled(fullHeight, eighths)
        let (count, overflow) = outWidth.multipliedReportingOverflow(by: outHeight * 3)
        guard !overflow, count <= Limits.maxArtworkDecodedBytes else { throw .tooLarge(width: fullWidth, height: fullHeight) }

        CoverDecoder.bufferObserver?(count)
        var pixels = [UInt8](repeating: 0, count: count)
        let result = bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                shim_tjDecompress2(
                    handle, source.baseAddress, UInt(bytes.count), out.baseAddress, Int32(outWidth), 0, Int32(outHeight),
                    Int32(TJPF_RGB.rawValue), TJFLAG_FASTDCT)
            }
        }
        // -1 with a warning only (a truncated file) still fills what it could: a partial cover
        // beats none, as every image viewer does. A fatal error is refused.
        guard result == 0 || shim_tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
            throw .broken(format: "JPEG", reason: reason())
        }
        guard let image = PixelImage(width: outWidth, height: outHeight, pixels: pixels) else {
            throw .broken(format: "JPEG", reason: "the decoder gave the wrong size")
        }
        return image
    }

    private static func scaled(_ side: Int, _ eighths: Int) -> Int { (side * eighths + 7) / 8 }

    private func reason() -> String {
        guard let text = shim_tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
