#if canImport(Glibc)
    import Glibc
#endif

/// Splits a byte stream into newline-terminated lines of UTF-8 text.
///
/// A trailing "\r" is stripped, invalid UTF-8 is decoded with U+FFFD, NULs are kept. A line whose
/// bytes (before its "\n") exceed `maxLineBytes` is reported once as `.oversize`, and the rest of
/// it is discarded up to its newline; the next line is handled normally. Bytes after the last
/// newline wait in `pending` for the next `feed`.
struct LineSplitter {
    enum Event {
        case line(String)
        case oversize
    }

    let maxLineBytes: Int
    private(set) var pending: [UInt8] = []
    private(set) var discarding = false
    /// How many bytes of the last oversize line were held when it was found too long (at most
    /// `maxLineBytes`): what a client can report it buffered before giving up.
    private(set) var heldAtOversize = 0

    init(maxLineBytes: Int) { self.maxLineBytes = max(1, maxLineBytes) }

    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Event) -> Void) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var start = 0
        while start < count {
            let newline = memchr(base + start, 10, count - start)
            let end = newline.map { UnsafeRawPointer($0) - base } ?? count
            if !discarding {
                if pending.count + (end - start) > maxLineBytes {
                    discarding = true
                    heldAtOversize = pending.count
                    pending = []
                    emit(.oversize)
                } else {
                    pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                }
            }
            guard end < count else { return }
            if !discarding {
                var length = pending.count
                if length > 0, pending[length - 1] == 13 { length -= 1 }
                let line = String(decoding: pending[..<length], as: UTF8.self)
                pending.removeAll(keepingCapacity: pending.capacity <= 1 << 16)
                emit(.line(line))
            }
            discarding = false
            start = end + 1
        }
    }
}
