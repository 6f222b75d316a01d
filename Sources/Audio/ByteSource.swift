/// Random-access bytes of one track: a local file, or a download still arriving.
///
/// Reads block until the requested bytes are there, the source has ended, failed or been
/// cancelled, so a decoder can run on bytes as they arrive without knowing where they come from.
/// Any thread may read; reads are independent of each other.
public protocol ByteSource: AnyObject, Sendable {
    /// Total size in bytes when known: at once for files, from `Content-Length` or at the end for downloads.
    var knownLength: Int? { get }
    /// A name for messages: a path or a URL.
    var name: String { get }
    /// Up to `count` bytes at `offset`. Returns at least one byte unless `offset` is at or past
    /// the end (then empty); returns fewer than `count` when that is all there is for now.
    /// Throws the source's failure (`AudioError`) or `AudioError.cancelled`.
    func read(at offset: Int, count: Int) throws -> [UInt8]
    /// Stops the source: pending and future reads throw `AudioError.cancelled`.
    func cancel()
}

extension ByteSource {
    /// Exactly `count` bytes at `offset`, or fewer only when the source ends first.
    public func readFully(at offset: Int, count: Int) throws -> [UInt8] {
        var result = try read(at: offset, count: count)
        while result.count < count {
            let more = try read(at: offset + result.count, count: count - result.count)
            if more.isEmpty { break }
            result += more
        }
        return result
    }
}
