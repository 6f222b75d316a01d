import Library
import MusicModel

/// The player's state as the daemon sends it (`WireEncoding.snapshot`, docs/protocol.md), in
/// `status` replies and events. Read back, every number is in its range: times within
/// `Limits.maxDurationSeconds` (else nil), the volume 0…100, the crossfade 0…30 s, the length
/// not negative and the position within 1…length (else nil).
public struct WireSnapshot: Sendable, Equatable, Decodable {
    /// `stopped`, `playing`, `paused`, `interrupted`, `seekingForward` or `seekingBackward`.
    public var status: String
    /// The current entry, if any.
    public var current: WireEntry?
    /// Its position in the queue, counting from 1.
    public var queuePosition: Int?
    /// How many entries the queue holds.
    public var queueLength: Int
    /// Seconds heard of the current entry when the snapshot was taken.
    public var position: Double?
    /// Its length in seconds, when known.
    public var duration: Double?
    /// `none`, `one` or `all`.
    public var `repeat`: String
    /// `off` or `songs`.
    public var shuffle: String
    /// `off`, `on` or `oneshot`; `off` from a daemon older than the mode (or one sending a word
    /// this client does not know).
    public var single: String
    /// `off` or `on`; `off` from a daemon older than the mode (or one sending a word this client
    /// does not know).
    public var consume: String
    /// 0 to 100.
    public var volume: Double
    /// Seconds consecutive entries overlap (0: gapless).
    public var crossfade: Double
    /// True when the current entry is ready to play at once.
    public var prepared: Bool
    /// The queue's version (it changes with every edit of the entries); nil from a daemon
    /// older than versions, or when it is not a whole number from 0 to 2^53.
    public var queueVersion: Int?
    /// The library scan running now ("scanning 3,120 of 10,000"); nil when none runs, or from a
    /// daemon older than the library of local files.
    public var scan: ScanProgress?

    /// Creates a snapshot; the defaults are those of an idle player with an empty queue.
    public init(
        status: String = "stopped", current: WireEntry? = nil, queuePosition: Int? = nil, queueLength: Int = 0,
        position: Double? = nil, duration: Double? = nil, repeat: String = "none", shuffle: String = "off", single: String = "off",
        consume: String = "off", volume: Double = 100, crossfade: Double = 0, prepared: Bool = false, queueVersion: Int? = nil,
        scan: ScanProgress? = nil
    ) {
        self.single = single
        self.consume = consume
        self.queueVersion = queueVersion
        self.scan = scan
        self.status = status
        self.current = current
        self.queuePosition = queuePosition
        self.queueLength = queueLength
        self.position = position
        self.duration = duration
        self.repeat = `repeat`
        self.shuffle = shuffle
        self.volume = volume
        self.crossfade = crossfade
        self.prepared = prepared
    }

    private enum Key: String, CodingKey {
        case status, current, queuePosition, queueLength, position, duration, `repeat`, shuffle, single, consume, volume, crossfade,
            prepared, queueVersion, scan
    }

    /// Reads a snapshot; the fields without a default must be there, as the daemon always writes them.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        status = try c.decode(String.self, forKey: .status)
        current = try c.decodeIfPresent(WireEntry.self, forKey: .current)
        queueLength = try c.count(.queueLength)
        queuePosition = queueLength > 0 ? c.whole(.queuePosition, in: 1...queueLength) : nil
        position = c.seconds(.position)
        duration = c.seconds(.duration)
        self.repeat = try c.decode(String.self, forKey: .repeat)
        shuffle = try c.decode(String.self, forKey: .shuffle)
        // Newer than the other fields: an older daemon sends neither, and an unknown word is off.
        single = (try? c.decodeIfPresent(String.self, forKey: .single)).flatMap { SingleMode(rawValue: $0)?.rawValue } ?? "off"
        consume = (try? c.decodeIfPresent(String.self, forKey: .consume)).flatMap { ConsumeMode(rawValue: $0)?.rawValue } ?? "off"
        volume = try c.clamped(.volume, to: 0...100)
        crossfade = try c.clamped(.crossfade, to: 0...30)
        prepared = try c.decode(Bool.self, forKey: .prepared)
        queueVersion = c.whole(.queueVersion, in: 0...(1 << 53))
        // A scan in a shape this client cannot read is shown as none rather than losing the status.
        scan = (try? c.decodeIfPresent(WireScanProgress.self, forKey: .scan))?.value
    }
}
