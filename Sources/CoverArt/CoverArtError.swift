/// Why a cover could not be decoded or drawn: the one error type of CoverArt. Its description is
/// a sentence a screen may show beside the placeholder.
public enum CoverArtError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Zero bytes: nothing to decode.
    case empty
    /// More bytes than `Limits.maxArtworkFileBytes`.
    case fileTooLarge(bytes: Int)
    /// Neither a JPEG nor a PNG signature.
    case unknownFormat
    /// The header could not be read (truncated, or not what its signature claims).
    case brokenHeader(format: String)
    /// The header states a size past the caps; refused before any pixel buffer exists.
    case tooLarge(width: Int, height: Int)
    /// The decoder refused the data; `reason` is its own words.
    case broken(format: String, reason: String)
    /// A library could not be loaded (the `DynamicLibrary` sentence, without its full stop).
    case libraryMissing(String)
    /// A sixel picture would be wider or taller than `GraphicsPayload.maxPixelSide` (the cell
    /// size a terminal claimed times the box); the cover is drawn in cells instead.
    case pixelBoxTooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .empty: "The picture is empty."
        case .fileTooLarge(let bytes): "The picture is too large (\(bytes) bytes; at most \(maxFileMB) MB are read)."
        case .unknownFormat: "The picture is neither a JPEG nor a PNG."
        case .brokenHeader(let format): "The \(format) picture's header is broken."
        case .tooLarge(let width, let height): "The picture is too large (\(width)×\(height) pixels)."
        case .broken(let format, let reason): "The \(format) picture is broken: \(reason)."
        case .libraryMissing(let sentence): "The picture cannot be decoded: \(sentence)."
        case .pixelBoxTooLarge(let width, let height):
            "A sixel picture of \(width)×\(height) pixels is more than a terminal is sent (the terminal's cell size is too large)."
        }
    }

    private var maxFileMB: Int { 16 }
}
