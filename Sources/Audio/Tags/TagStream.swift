/// Bytes read in order from a region of a file that may be scattered (an Ogg packet over pages)
/// and far larger than anything worth holding: a parser reads the small fields and skips the
/// large ones, so memory follows what it keeps, not what a length field claims.
struct TagStream {
    /// Where the region's bytes lie in the file, in order.
    private var spans: [Range<Int>]
    private var span = 0
    private var position: Int
    private let source: TagSource

    /// The bytes of `spans` of `source`, in order.
    init(_ source: TagSource, spans: [Range<Int>]) {
        self.source = source
        self.spans = spans.filter { !$0.isEmpty }
        position = self.spans.first?.lowerBound ?? 0
    }

    /// Whether every byte has been read or skipped.
    var isAtEnd: Bool { span >= spans.count }

    /// The next `count` bytes (fewer only at the end of the region), at most `TagSource.largestRead`.
    mutating func read(_ count: Int) throws(AudioError) -> [UInt8] {
        var result: [UInt8] = []
        var wanted = min(count, TagSource.largestRead)
        while wanted > 0, span < spans.count {
            let available = spans[span].upperBound - position
            let piece = try source.read(at: position, count: min(wanted, available))
            if piece.isEmpty {  // the file is shorter than the region claims
                span = spans.count
                break
            }
            result += piece
            wanted -= piece.count
            advance(by: piece.count)
        }
        return result
    }

    /// Skips `count` bytes; false when the region ended first.
    mutating func skip(_ count: Int) -> Bool {
        var left = count
        while left > 0, span < spans.count {
            let step = min(left, spans[span].upperBound - position)
            left -= step
            advance(by: step)
        }
        return left == 0
    }

    /// A little-endian 32-bit number, nil at the end.
    mutating func u32le() throws(AudioError) -> Int? {
        let bytes = try read(4)
        guard bytes.count == 4 else { return nil }
        return Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
    }

    private mutating func advance(by count: Int) {
        position += count
        if position >= spans[span].upperBound {
            span += 1
            if span < spans.count { position = spans[span].lowerBound }
        }
    }
}
