import Library

/// The files a pass must read, kept in one byte buffer instead of one string each: a first scan
/// of 100,000 files lists them all before reading, and one large buffer is handed back to the
/// system when freed where 100,000 small strings would stay in the daemon's heap.
struct PathList {
    /// One listed file: where its path ends in the buffer, its stamp, and whether the library
    /// had it before (a changed file) or not (a new one).
    private struct Entry {
        var end: Int
        var stamp: FileStamp
        var isNew: Bool
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []

    /// Files listed.
    var count: Int { entries.count }

    /// Lists `path`.
    mutating func append(_ path: String, stamp: FileStamp, isNew: Bool) {
        bytes.append(contentsOf: path.utf8)
        entries.append(Entry(end: bytes.count, stamp: stamp, isNew: isNew))
    }

    /// The `index`th file listed.
    subscript(index: Int) -> (path: String, stamp: FileStamp, isNew: Bool) {
        let entry = entries[index]
        let start = index == 0 ? 0 : entries[index - 1].end
        return (String(decoding: bytes[start..<entry.end], as: UTF8.self), entry.stamp, entry.isNew)
    }
}
