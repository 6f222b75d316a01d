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
public final class StreamBuffer: ByteSource {
    struct State {
        var bytes: [UInt8] = []
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
        append(completeBytes)
        finish()
    }

    public var knownLength: Int? {
        lock.withLock { $0.finished ? $0.bytes.count : $0.expectedLength }
    }

    /// Bytes received so far.
    public var count: Int { lock.withLock { $0.bytes.count } }

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
            guard chunk.count <= capacity - s.bytes.count else {
                if !s.finished { s.failure = .tooLarge(name: name, limit: capacity) }
                return false
            }
            s.bytes.append(contentsOf: chunk)
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
        return try lock.wait(until: { $0.cancelled || $0.finished || $0.failure != nil || $0.bytes.count > offset }) { s in
            if s.cancelled { throw AudioError.cancelled }
            if s.bytes.count > offset {
                // `offset + count` may overflow (counts can come from a damaged file); the room
                // left after `offset` cannot.
                let end = offset + min(count, s.bytes.count - offset)
                return Array(s.bytes[offset..<end])
            }
            if let failure = s.failure { throw failure }
            return []
        }
    }

    /// Waits up to `timeout` seconds for at least `bytes` bytes or the end; returns the count then.
    @discardableResult
    public func waitForBytes(_ bytes: Int, timeout: Double) -> Int {
        lock.wait(until: { $0.bytes.count >= bytes || $0.finished || $0.failure != nil || $0.cancelled }, timeout: timeout) {
            $0.bytes.count
        }
    }
}
