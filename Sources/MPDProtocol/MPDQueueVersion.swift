/// The queue's version as MPD clients see it: `status`' `playlist` is a 31-bit number (MPD's
/// own counter wraps there and libmpdclient reads it as unsigned), while Segue's `PlayerQueue.version`
/// is wider. The wire value is the low 31 bits; a client's value is read back as the newest
/// version at or below the queue's now with those low bits.
enum MPDQueueVersion {
    static let mask: UInt64 = 0x7FFF_FFFF

    /// What `status` shows for `version`.
    static func wire(_ version: UInt64) -> UInt64 { version & mask }

    /// The full version a client's `plchanges V` means, given the queue's version now; nil when
    /// it cannot be one (0, which MPD clients send for "everything", or one from before the
    /// queue's first version), and the whole queue is then the answer.
    static func full(_ wire: UInt64, now: UInt64) -> UInt64? {
        guard wire != 0, wire <= mask else { return nil }
        let candidate = (now & ~mask) | wire
        if candidate <= now { return candidate }
        guard candidate >= mask + 1 else { return nil }
        return candidate - (mask + 1)
    }
}
