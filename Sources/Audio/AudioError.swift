import Checked

/// Everything that can go wrong between bytes and samples, as a sentence a user can read.
///
/// Wrapper modules (decoders, HTTP, outputs) convert their C return codes into this type once,
/// at the edge, so front ends only ever print `description`.
public enum AudioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a format Segue can play (`detail` says what was found).
    case unsupportedFormat(String)
    /// The file or stream claims a known format but its contents are broken.
    case corrupt(String)
    /// The input ended before any audio could be decoded.
    case empty
    /// A local file could not be opened or read.
    case file(path: String, reason: String)
    /// A local item is not a regular file (`kind` says what it is, such as "a FIFO"); Segue
    /// opens only files, so that nothing waits for ever on a pipe or a device.
    case notAFile(path: String, kind: String)
    /// A stream grew past the `limit` in bytes Segue holds in memory for one stream.
    case tooLarge(name: String, limit: Int)
    /// A network transfer failed for good (after retries).
    case network(String)
    /// The sound output could not be opened or written.
    case output(String)
    /// The operation was stopped on purpose (skip, quit); not shown as a failure.
    case cancelled

    public var description: String {
        switch self {
        case .unsupportedFormat(let detail): return "This is not audio Segue can play (\(detail))."
        case .corrupt(let detail): return "The audio is damaged: \(detail)."
        case .empty: return "The file is empty or holds no audio."
        case .file(let path, let reason): return "Cannot read \(path): \(reason)."
        case .notAFile(let path, let kind): return "\(path) is not a regular file (\(kind)); Segue plays only files."
        case .tooLarge(let name, let limit):
            return "\(name) is larger than the \(ByteCountText.format(limit)) Segue streams; download it and play the file instead."
        case .network(let detail): return detail
        case .output(let detail): return detail
        case .cancelled: return "Stopped."
        }
    }
}
