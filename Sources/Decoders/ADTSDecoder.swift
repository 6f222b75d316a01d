import Audio

/// Raw AAC in ADTS frames (`.aac` files and streams), decoded frame by frame with FAAD2.
/// ADTS carries no length or priming information, so the length is unknown and nothing is
/// trimmed; seeking walks the frame headers from the start.
public final class ADTSDecoder: AudioDecoder {
    private let source: any ByteSource
    private var faad: FAADHandle
    private var offset = 0
    private var firstFrameOffset = 0
    private var skipFrames = 0
    private var consecutiveErrors = 0
    /// The stream's sample-rate index, from its first header: resynchronising must find the same.
    private var rateIndex: Int?
    public private(set) var format: PCMFormat
    public var totalFrames: Int? { nil }
    public let metadata = TrackMetadata()
    public var codecName: String { "AAC (ADTS)" }

    /// Finds the first ADTS frame and prepares FAAD2.
    public init(source: any ByteSource) throws {
        self.source = source
        let head = try source.readFully(at: 0, count: 4096)
        guard let start = Self.findFrame(in: head) else { throw AudioError.corrupt("no ADTS frame header was found") }
        firstFrameOffset = start
        offset = start
        rateIndex = ADTSHeader.parse(head[start...])?.sampleRateIndex
        faad = try FAADHandle()
        let announced = try faad.start(adts: Array(head[start...]))
        format = PCMFormat(sampleRate: announced.sampleRate, channels: 2)
    }

    /// The first offset in `bytes` where an ADTS frame starts. After a damaged frame, bytes
    /// inside the audio data can look like a header (`0xFFF` and a sane length), so a candidate
    /// counts only when its sample rate matches the stream's (when known) and the bytes right
    /// after it are another header, or the window ends before they could be.
    private static func findFrame(in bytes: [UInt8], rateIndex: Int? = nil) -> Int? {
        var i = 0
        while i + 7 <= bytes.count {
            if let header = ADTSHeader.parse(bytes[i...]), rateIndex.map({ $0 == header.sampleRateIndex }) ?? true {
                let next = i + header.frameLength
                if next + 7 > bytes.count { return i }
                if let following = ADTSHeader.parse(bytes[next...]), following.sampleRateIndex == header.sampleRateIndex {
                    return i
                }
            }
            i += 1
        }
        return nil
    }

    public func decode() throws -> PCMChunk? {
        while true {
            let headerBytes = try source.readFully(at: offset, count: 9)
            guard headerBytes.count >= 7 else { return nil }
            guard let header = ADTSHeader.parse(headerBytes[...]) else {
                // Lost sync: look for the next header a little further on.
                let window = try source.readFully(at: offset + 1, count: 16384)
                guard let next = Self.findFrame(in: window, rateIndex: rateIndex) else { return nil }
                offset += 1 + next
                continue
            }
            let frame = try source.readFully(at: offset, count: header.frameLength)
            guard frame.count == header.frameLength else { return nil }
            offset += header.frameLength
            var samples: [Int16]
            do {
                samples = try faad.decode(frame: frame)
                consecutiveErrors = 0
            } catch let error as AudioError {
                consecutiveErrors += 1
                if consecutiveErrors > 16 { throw error }
                samples = [Int16](repeating: 0, count: 1024 * format.channels)
            }
            if samples.isEmpty { continue }
            let chunkFormat = consecutiveErrors == 0 ? faad.lastFormat : format
            format = chunkFormat
            if skipFrames > 0 {
                let frames = samples.count / chunkFormat.channels
                let drop = min(frames, skipFrames)
                skipFrames -= drop
                samples.removeFirst(drop * chunkFormat.channels)
                if samples.isEmpty { continue }
            }
            return PCMChunk(format: chunkFormat, samples: samples)
        }
    }

    public func seek(toFrame frame: Int) throws -> Int {
        // Restart from the first frame and drop output up to the target.
        faad = try FAADHandle()
        let head = try source.readFully(at: firstFrameOffset, count: 4096)
        _ = try faad.start(adts: head)
        offset = firstFrameOffset
        skipFrames = max(0, frame)
        return skipFrames
    }
}
