import Testing

@testable import Audio

/// Issue 15: a download held in memory costs what arrived, not a doubling array's worth, and
/// reads stay byte-exact wherever they fall.
@Suite struct StreamBufferTests {
    /// A deterministic byte pattern that differs at every offset within a segment.
    private func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    }

    /// Appends `bytes` in pieces of `piece` bytes, the way a network thread delivers them.
    private func buffer(holding bytes: [UInt8], piece: Int, announced: Bool) -> StreamBuffer {
        let buffer = StreamBuffer(name: "test")
        if announced { buffer.setExpectedLength(bytes.count) }
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            #expect(buffer.append(bytes[start..<end]))
            start = end
        }
        buffer.finish()
        return buffer
    }

    /// Reads that start before, at and after segment boundaries and span several segments
    /// return exactly the bytes appended there.
    @Test func readsAcrossSegmentsAreByteExact() throws {
        let segment = StreamBuffer.segmentBytes
        let bytes = pattern(3 * segment + 1234)
        let buffer = buffer(holding: bytes, piece: 7001, announced: false)
        #expect(buffer.count == bytes.count)
        for offset in [0, 1, segment - 1, segment, segment + 1, 2 * segment - 3, 3 * segment, bytes.count - 1] {
            for count in [1, 2, 100, segment, 2 * segment + 5] {
                let read = try buffer.read(at: offset, count: count)
                let end = min(bytes.count, offset + count)
                let exact = read == Array(bytes[offset..<end])
                #expect(exact, "offset \(offset) count \(count): \(read.count) bytes read")
            }
        }
        #expect(try buffer.read(at: bytes.count, count: 10).isEmpty)
        let whole = try buffer.readFully(at: 0, count: 1 << 40) == bytes
        #expect(whole)
    }

    /// A preview whose length the server announced is held in its own size (give or take what
    /// malloc rounds each segment up to): the old single array grew by doubling to 1 MB for the
    /// 943 KB fixture preview.
    @Test func announcedLengthIsHeldWithoutSlack() {
        let size = 943_303  // the fixture preview.m4a
        let buffer = buffer(holding: pattern(size), piece: 16_384, announced: true)
        #expect(buffer.reservedBytes >= size)
        #expect(buffer.reservedBytes <= size + 4096)
    }

    /// Without an announced length the slack is at most one segment.
    @Test func unannouncedLengthCostsAtMostOneSegmentMore() {
        let size = 943_303
        let buffer = buffer(holding: pattern(size), piece: 16_384, announced: false)
        #expect(buffer.reservedBytes >= size)
        #expect(buffer.reservedBytes <= size + StreamBuffer.segmentBytes)
    }

    /// The capacity still holds across segments: the append that would pass it is refused
    /// whole and fails the stream.
    @Test func capacityRefusesTheAppendThatWouldPassIt() throws {
        let buffer = StreamBuffer(name: "capped", capacity: StreamBuffer.segmentBytes + 10)
        #expect(buffer.append(pattern(StreamBuffer.segmentBytes)))
        #expect(!buffer.append(pattern(11)))
        #expect(buffer.count == StreamBuffer.segmentBytes)
        #expect(buffer.failure == .tooLarge(name: "capped", limit: StreamBuffer.segmentBytes + 10))
    }
}
