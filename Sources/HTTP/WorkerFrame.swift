// The messages between a parent and its `segue http-worker` (docs/ARCHITECTURE.md, "Transfers in
// a worker process"). A frame is a one-byte tag, a payload length as four bytes little-endian,
// and the payload. The parent sends one request frame; the worker answers with header-line
// frames and body frames in the order curl delivered them, then one end frame, and exits.
// Both sides check every frame as outside input: a length past `maxPayload` is refused before
// anything is allocated for it, and a short or unknown frame is a sentence, never a trap.

import Checked

/// One message of the worker protocol.
enum WorkerFrame {
    /// Parent → worker: the request to perform.
    case request(CurlRequest)
    /// Worker → parent: one raw response header line as curl delivered it (CRLF included).
    case headerLine([UInt8])
    /// Worker → parent: a piece of the body.
    case body([UInt8])
    /// Worker → parent: how the transfer ended, and the status curl reported (for a response
    /// whose status line never came through the header callback).
    case end(TransferEnd, status: Int)

    /// The largest payload either side accepts: a body chunk is split to fit (curl delivers at
    /// most 16 KB at a time anyway), and a header line is cut to one byte more than
    /// `ResponseHead` keeps, so it is still dropped as overlong.
    static let maxPayload = 64 << 10
    /// Tag and length.
    static let headerSize = 5

    enum Tag: UInt8 {
        case request = 0x52  // R
        case headerLine = 0x48  // H
        case body = 0x42  // B
        case end = 0x45  // E
    }

    /// The frame as bytes. The caller keeps payloads within `maxPayload` (`WorkerFrame.body`
    /// pieces, header lines cut, a request refused beforehand when too large).
    var encoded: [UInt8] {
        switch self {
        case .request(let request): return Self.frame(.request, request.workerPayload)
        case .headerLine(let line): return Self.frame(.headerLine, line)
        case .body(let bytes): return Self.frame(.body, bytes)
        case .end(let end, let status): return Self.frame(.end, Self.encode(end, status: status))
        }
    }

    static func frame(_ tag: Tag, _ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [tag.rawValue]
        bytes.reserveCapacity(headerSize + payload.count)
        appendUInt32(UInt32(truncatingIfNeeded: payload.count), to: &bytes)
        bytes.append(contentsOf: payload)
        return bytes
    }

    /// Decodes the frame tagged `tag` from `payload`; throws a sentence for anything malformed.
    static func decode(tag: UInt8, payload: ArraySlice<UInt8>) throws(WorkerFrameError) -> WorkerFrame {
        switch Tag(rawValue: tag) {
        case .request?: return .request(try CurlRequest(workerPayload: payload))
        case .headerLine?: return .headerLine(Array(payload))
        case .body?: return .body(Array(payload))
        case .end?:
            var reader = FieldReader(payload)
            let kind = try reader.uint8()
            let code = try reader.uint32()
            let status = Int(try reader.uint32())
            let text = String(decoding: reader.rest(), as: UTF8.self)
            let end: TransferEnd
            switch kind {
            case 0: end = .finished(code: code, message: text)
            case 1: end = .stopped
            case 2: end = .stalled
            case 3: end = .overtime
            case 4: end = .unavailable(reason: text)
            default: throw WorkerFrameError("an end frame of unknown kind \(kind)")
            }
            guard (0...999).contains(status) else { throw WorkerFrameError("an end frame with status \(status)") }
            return .end(end, status: status)
        case nil:
            throw WorkerFrameError("a frame with the unknown tag \(tag)")
        }
    }

    private static func encode(_ end: TransferEnd, status: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var code: UInt32 = 0
        var text = ""
        switch end {
        case .finished(let c, let message):
            bytes.append(0)
            code = c
            text = message
        case .stopped: bytes.append(1)
        case .stalled: bytes.append(2)
        case .overtime: bytes.append(3)
        case .unavailable(let reason):
            bytes.append(4)
            text = reason
        case .workerFailed: bytes.append(255)  // never sent: only the parent makes it
        }
        appendUInt32(code, to: &bytes)
        appendUInt32(UInt32(clamping: max(0, status)), to: &bytes)
        bytes.append(contentsOf: text.utf8.prefix(4096))
        return bytes
    }

    static func appendUInt32(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// A body of any size as frames of at most `maxPayload` bytes each.
    static func bodyFrames(_ chunk: UnsafeRawBufferPointer) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(chunk.count + (chunk.count / maxPayload + 1) * headerSize)
        var start = 0
        while start < chunk.count {
            let end = min(chunk.count, start + maxPayload)
            bytes.append(Tag.body.rawValue)
            appendUInt32(UInt32(truncatingIfNeeded: end - start), to: &bytes)
            bytes.append(contentsOf: chunk[start..<end])
            start = end
        }
        return bytes
    }
}

/// Why a frame could not be read, as a sentence fragment ("a frame of 4294967295 bytes, more
/// than the 64 KB a frame may hold").
struct WorkerFrameError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Reads the fields of one payload; every read is bounded by what is left.
struct FieldReader {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { bytes.isEmpty }

    mutating func uint8() throws(WorkerFrameError) -> UInt8 {
        guard let first = bytes.first else { throw WorkerFrameError("a frame shorter than its fields") }
        bytes = bytes.dropFirst()
        return first
    }

    mutating func uint32() throws(WorkerFrameError) -> UInt32 {
        guard bytes.count >= 4 else { throw WorkerFrameError("a frame shorter than its fields") }
        var value: UInt32 = 0
        for (shift, byte) in bytes.prefix(4).enumerated() { value |= UInt32(byte) << UInt32(shift * 8) }
        bytes = bytes.dropFirst(4)
        return value
    }

    /// A field written as a four-byte length and that many bytes.
    mutating func field() throws(WorkerFrameError) -> ArraySlice<UInt8> {
        let count = Int(try uint32())
        guard count <= bytes.count else { throw WorkerFrameError("a frame shorter than its fields") }
        let field = bytes.prefix(count)
        bytes = bytes.dropFirst(count)
        return field
    }

    mutating func text() throws(WorkerFrameError) -> String { String(decoding: try field(), as: UTF8.self) }

    mutating func rest() -> ArraySlice<UInt8> {
        defer { bytes = [] }
        return bytes
    }
}

/// A bounded accumulator of the bytes read from the other side, handing out whole frames.
///
/// It never holds more than one unfinished frame plus one read: a length past
/// `WorkerFrame.maxPayload` is refused as soon as the five header bytes are in.
struct WorkerFrameReader {
    private var pending: [UInt8] = []
    private var start = 0

    /// The most bytes one `read` should ask for: what curl delivers at most at a time (16 KB)
    /// and a frame header, so a read usually holds one whole body frame.
    static let readSize = (16 << 10) + WorkerFrame.headerSize

    /// Adds bytes just read.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        // Frames already handed out go first: what is kept is at most one unfinished frame.
        if start > 0 {
            pending.removeFirst(start)
            start = 0
        }
        pending.append(contentsOf: bytes)
    }

    /// True when bytes of an unfinished frame are waiting.
    var hasPartialFrame: Bool { start < pending.count }

    /// The next whole frame, nil when more bytes are needed; throws for a frame that is too
    /// long, unknown or malformed (the stream cannot be trusted after that).
    mutating func next() throws(WorkerFrameError) -> WorkerFrame? {
        guard pending.count - start >= WorkerFrame.headerSize else { return nil }
        let tag = pending[start]
        guard WorkerFrame.Tag(rawValue: tag) != nil else { throw WorkerFrameError("a frame with the unknown tag \(tag)") }
        var header = FieldReader(pending[(start + 1)..<(start + WorkerFrame.headerSize)])
        let length = try header.uint32()
        guard length <= UInt32(WorkerFrame.maxPayload) else {
            throw WorkerFrameError(
                "a frame of \(length) bytes, more than the \(ByteCountText.format(WorkerFrame.maxPayload)) a frame may hold")
        }
        let total = WorkerFrame.headerSize + Int(length)
        guard pending.count - start >= total else { return nil }
        let payload = pending[(start + WorkerFrame.headerSize)..<(start + total)]
        start += total
        return try WorkerFrame.decode(tag: tag, payload: payload)
    }
}
