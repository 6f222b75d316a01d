import Checked
import POSIXSupport

/// Bytes of a download held in memory as they arrive, readable while the download goes on.
///
/// One producer (the network thread) appends; any number of readers read at any offset and
/// sleep until their bytes arrive. Preview audio lives only here, never on disk. A producer that
/// restarts a dropped transfer with a `Range` request just keeps appending at `count`.
///
/// The buffer never holds more than `capacity` bytes: an append past it is refused and fails
/// the stream with `AudioError.tooLarge`, so a body that never ends costs at most `capacity`.
/// Readers sleep without a timeout, but `cancel()` (stop, next) wakes every one of them.
///
/// The bytes are kept in segments of `segmentBytes`, never in one growing array: a growing
/// array doubles its storage and copies itself, so a 1 MB preview would briefly cost 1.5 MB and
/// keep up to 2 MB. Segmented, the buffer holds what arrived plus at most one segment's slack.
public final class StreamBuffer: ByteSource {
    /// The size of each segment but the last.
    static let segmentBytes = 64 << 10

    struct State {
        /// Every segment but the last holds exactly `segmentBytes` bytes.
        var segments: [[UInt8]] = []
        /// Bytes received so far: the sum of the segments' counts.
        var count = 0
        var expectedLength: Int?
        var finished = false
        var failure: AudioError?
        var cancelled = false
    }

    private let lock = ConditionLock(State())
    /// The URL or name being downloaded.
    public let name: String
    /// The most bytes this buffer holds (`Limits.maxStreamBytes` unless given).
    public let capacity: Int

    /// Creates an empty buffer for the download `name` that holds at most `capacity` bytes.
    public init(name: String, capacity: Int = Limits.maxStreamBytes) {
        self.name = name
        self.capacity = max(0, capacity)
    }

    /// Creates a buffer that already holds all of `bytes` (tests, small files).
    public convenience init(name: String, completeBytes: [UInt8]) {
        self.init(name: name, capacity: max(completeBytes.count, Limits.maxStreamBytes))
        setExpectedLength(completeBytes.count)
        append(completeBytes)
        finish()
    }

    public var knownLength: Int? {
        lock.withLock { $0.finished ? $0.count : $0.expectedLength }
    }

    /// Bytes received so far.
    public var count: Int { lock.withLock { $0.count } }

    /// Bytes of storage the buffer has reserved for what it holds: what arrived plus at most
    /// one segment's unused room.
    var reservedBytes: Int { lock.withLock { $0.segments.reduce(0) { $0 + $1.capacity } } }

    /// True once the producer finished or failed.
    public var isComplete: Bool { lock.withLock { $0.finished || $0.failure != nil } }

    /// True when the consumer gave up on this source; the producer should stop.
    public var isCancelled: Bool { lock.withLock { $0.cancelled } }

    /// The error the producer failed with, if it has.
    public var failure: AudioError? { lock.withLock { $0.failure } }

    /// Producer: the total length announced by the server, if any.
    public func setExpectedLength(_ length: Int?) {
        lock.withLockBroadcast { $0.expectedLength = length }
    }

    /// Producer: more bytes, in order. Returns false, keeping none of `chunk`, when they would
    /// take the buffer past `capacity` (the stream has then failed with `AudioError.tooLarge`)
    /// or the stream has already failed; the producer should then stop.
    @discardableResult
    public func append(_ chunk: some Collection<UInt8>) -> Bool {
        guard !chunk.isEmpty else { return true }
        return lock.withLockBroadcast { s in
            guard s.failure == nil else { return false }
            guard chunk.count <= capacity - s.count else {
                if !s.finished { s.failure = .tooLarge(name: name, limit: capacity) }
                return false
            }
            var rest = chunk[...]
            while !rest.isEmpty {
                if s.segments.last.map({ $0.count == Self.segmentBytes }) ?? true {
                    // A new segment is made as large as what is known to follow, up to a full
                    // one, so a preview whose length the server announced has no slack at all.
                    let announced = s.expectedLength.map { max(0, $0 - s.count) } ?? Self.segmentBytes
                    var segment = [UInt8]()
                    segment.reserveCapacity(min(Self.segmentBytes, max(announced, rest.count)))
                    s.segments.append(segment)
                }
                let last = s.segments.count - 1
                let taken = rest.prefix(Self.segmentBytes - s.segments[last].count)
                s.segments[last].append(contentsOf: taken)
                s.count += taken.count
                rest = rest[taken.endIndex...]
            }
            return true
        }
    }

    /// Producer: the download is complete.
    public func finish() {
        lock.withLockBroadcast { $0.finished = true }
    }

    /// Producer: the download failed for good; readers past the received bytes get `error`.
    /// The first failure stays: it is the cause.
    public func fail(_ error: AudioError) {
        lock.withLockBroadcast { if !$0.finished, $0.failure == nil { $0.failure = error } }
    }

    public func cancel() {
        lock.withLockBroadcast { $0.cancelled = true }
    }

    public func read(at offset: Int, count: Int) throws -> [UInt8] {
        guard count > 0, offset >= 0 else { return [] }
        return try lock.wait(until: { $0.cancelled || $0.finished || $0.failure != nil || $0.count > offset }) { s in
            if s.cancelled { throw AudioError.cancelled }
            if s.count > offset {
                // `offset + count` may overflow (counts can come from a damaged file); the room
                // left after `offset` cannot.
                return Self.copy(from: s.segments, at: offset, count: min(count, s.count - offset))
            }
            if let failure = s.failure { throw failure }
            return []
        }
    }

    /// Waits up to `timeout` seconds for at least `bytes` bytes or the end; returns the count then.
    @discardableResult
    public func waitForBytes(_ bytes: Int, timeout: Double) -> Int {
        lock.wait(until: { $0.count >= bytes || $0.finished || $0.failure != nil || $0.cancelled }, timeout: timeout) {
            $0.count
        }
    }

    /// `count` bytes from `offset` on, which the segments hold.
    private static func copy(from segments: [[UInt8]], at offset: Int, count: Int) -> [UInt8] {
        var result = [UInt8]()
        result.reserveCapacity(count)
        var index = offset / segmentBytes
        var within = offset % segmentBytes
        while result.count < count {
            let segment = segments[index]
            let end = within + min(count - result.count, segment.count - within)
            result.append(contentsOf: segment[within..<end])
            index += 1
            within = 0
        }
        return result
    }
}
