/// The key a local file's tempo estimate is stored under: `file:SIZE:SECONDS.NANOSECONDS:PATH`,
/// the file's size and modification time when it was analysed, so a rewritten file is analysed
/// again. (Session's `TempoKeeper` writes these keys from `stat`; the library reads them back to
/// find which of its songs have an estimate for their current stamp.)
public struct TempoFileKey: Equatable, Sendable {
    /// The file's path.
    public var path: String
    /// Its size and modification time as analysed.
    public var stamp: FileStamp

    /// Creates a key.
    public init(path: String, stamp: FileStamp) {
        self.path = path
        self.stamp = stamp
    }

    /// Reads a key; nil for anything that is not one (another item's key, a damaged row).
    public init?(parsing text: String) {
        guard text.hasPrefix("file:") else { return nil }
        let parts = text.dropFirst(5).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let size = Int64(parts[0]) else { return nil }
        let time = parts[1].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard time.count == 2, let seconds = Int64(time[0]), let nanoseconds = Int64(time[1]), (0..<1_000_000_000).contains(nanoseconds)
        else { return nil }
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (modified, overflow2) = product.addingReportingOverflow(nanoseconds)
        guard !overflow, !overflow2 else { return nil }
        self.init(path: String(parts[2]), stamp: FileStamp(size: size, modified: modified))
    }

    /// The key's text, as `TempoKeeper` writes it from `stat` (`st_mtim.tv_sec`, `.tv_nsec`).
    public var text: String {
        // tv_nsec is never negative: a time before 1970 has its seconds rounded down.
        var seconds = stamp.modified / 1_000_000_000
        var nanoseconds = stamp.modified % 1_000_000_000
        if nanoseconds < 0 {
            seconds -= 1
            nanoseconds += 1_000_000_000
        }
        return "file:\(stamp.size):\(seconds).\(nanoseconds):\(path)"
    }
}
