import Player

/// The log of a `MusicPlayer`'s events.
public typealias PlayerEventLog = EventLog<PlayerEvent>

extension EventLog where Event == PlayerEvent {
    /// Waits until the queue ended; returns the events so far.
    @discardableResult
    public func waitForEnd() -> [PlayerEvent] { wait { $0.contains { if case .queueEnded = $0 { true } else { false } } } }

    /// Waits until `count` entries have started; returns their locations in order.
    @discardableResult
    public func waitForStarts(_ count: Int) -> [String] {
        Self.started(wait { Self.started($0).count >= count })
    }

    /// The locations of the entries that started, in order.
    public static func started(_ events: [PlayerEvent]) -> [String] {
        events.compactMap { if case .entryStarted(let entry, _, _) = $0 { entry.item.location } else { nil } }
    }

    /// The locations of the entries that failed, in order.
    public static func failed(_ events: [PlayerEvent]) -> [String] {
        events.compactMap { if case .entryFailed(let entry, _) = $0 { entry.item.location } else { nil } }
    }

    /// The locations of the entries that played to their end, in order.
    public static func played(_ events: [PlayerEvent]) -> [String] {
        events.compactMap { if case .entryPlayed(let entry) = $0 { entry.item.location } else { nil } }
    }
}
