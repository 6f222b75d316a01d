/// A box found inside some bytes: its four-character type and where its header and body lie.
struct MP4Box: Sendable {
    /// The type as a big-endian number; compare with `FourCC` constants.
    var type: UInt32
    /// Offset of the box's first header byte in the buffer it was found in.
    var start: Int
    /// Offset of the first body byte (after size, type, largesize and uuid).
    var bodyStart: Int
    /// Offset one past the last body byte.
    var end: Int

    var bodyRange: Range<Int> { bodyStart..<end }
}

/// Bounds-checked big-endian reading of an in-memory byte range, and walking the boxes in it.
///
/// Every read either succeeds inside `position..<end` or throws `AudioError.corrupt`, so no
/// byte sequence can make the demuxer trap; every `nextBox()` advances by at least 8 bytes or
/// stops, so no byte sequence can make it loop forever.
struct MP4BoxReader {
    let bytes: [UInt8]
    private(set) var position: Int
    let end: Int

    /// A reader over `range` of `bytes`, clamped to the array.
    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        let lower = min(max(0, range.lowerBound), bytes.count)
        self.position = lower
        self.end = min(max(lower, range.upperBound), bytes.count)
    }

    /// A reader over a box's body.
    init(_ bytes: [UInt8], box: MP4Box) {
        self.init(bytes, range: box.bodyRange)
    }

    var remaining: Int { end - position }

    private mutating func take(_ count: Int, _ what: String) throws -> Int {
        guard count >= 0, count <= remaining else { throw AudioError.corrupt("\(what) is cut short") }
        let at = position
        position += count
        return at
    }

    mutating func skip(_ count: Int, in what: String = "a box") throws {
        _ = try take(count, what)
    }

    mutating func u8(_ what: String = "a box") throws -> UInt8 {
        bytes[try take(1, what)]
    }

    mutating func u16(_ what: String = "a box") throws -> UInt16 {
        let at = try take(2, what)
        return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    mutating func u24(_ what: String = "a box") throws -> UInt32 {
        let at = try take(3, what)
        return UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2])
    }

    mutating func u32(_ what: String = "a box") throws -> UInt32 {
        let at = try take(4, what)
        return UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    mutating func u64(_ what: String = "a box") throws -> UInt64 {
        let high = UInt64(try u32(what))
        return high << 32 | UInt64(try u32(what))
    }

    mutating func take(bytes count: Int, _ what: String = "a box") throws -> [UInt8] {
        let at = try take(count, what)
        return Array(bytes[at..<at + count])
    }

    /// The rest of the range as a slice, leaving the reader at its end.
    mutating func rest() -> ArraySlice<UInt8> {
        let slice = bytes[position..<end]
        position = end
        return slice
    }

    /// Reads a full box's version and flags.
    mutating func versionAndFlags(_ what: String = "a box") throws -> (version: UInt8, flags: UInt32) {
        let word = try u32(what)
        return (UInt8(word >> 24), word & 0xFF_FFFF)
    }

    /// The next child box, or nil at the end of the range.
    ///
    /// Fewer than 8 bytes left count as the end: QuickTime writers close `udta` with a 4-byte
    /// zero terminator. Size 0 means "to the end of the parent", as at the top level.
    mutating func nextBox() throws -> MP4Box? {
        guard remaining >= 8 else {
            position = end
            return nil
        }
        let start = position
        let size32 = try u32()
        let type = try u32()
        var size: Int
        switch size32 {
        case 0:
            size = end - start
        case 1:
            let large = try u64("a box header")
            guard large <= UInt64(Int.max) else { throw AudioError.corrupt("\(FourCC.describe(type)) claims an impossible size") }
            size = Int(large)
        default:
            size = Int(size32)
        }
        var bodyStart = position
        if type == FourCC.uuid { bodyStart += 16 }
        guard size >= bodyStart - start else {
            throw AudioError.corrupt("\(FourCC.describe(type)) is smaller than its own header")
        }
        guard size <= end - start else {
            throw AudioError.corrupt("\(FourCC.describe(type)) runs past the end of the box holding it")
        }
        position = start + size
        return MP4Box(type: type, start: start, bodyStart: bodyStart, end: start + size)
    }

    /// The first child of type `type` in the rest of the range, or nil.
    mutating func firstBox(_ type: UInt32) throws -> MP4Box? {
        while let box = try nextBox() {
            if box.type == type { return box }
        }
        return nil
    }
}
