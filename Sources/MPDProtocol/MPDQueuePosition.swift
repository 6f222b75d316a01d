import Session

/// Queue positions as MPD counts them (from 0) turned into what `Command` takes (from 1): the
/// one place the two countings meet, so no command is off by one on its own.
enum MPDQueuePosition {
    /// The entry at wire position `position` (from 0).
    static func reference(_ position: Int) -> EntryReference { .position(position + 1) }

    /// Wire position `position` as a `Command` position (from 1).
    static func command(_ position: Int) -> Int { position + 1 }

    /// Wire positions `start..<end` as `Command` positions (from 1, both ends included); the
    /// caller has checked `end > start`.
    static func command(_ start: Int, _ end: Int) -> ClosedRange<Int> { (start + 1)...end }

    /// A 1-based `Snapshot.queuePosition` on the wire (from 0).
    static func wire(_ commandPosition: Int) -> Int { commandPosition - 1 }
}
