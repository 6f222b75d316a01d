import MusicModel
import Session

/// The queue as one command reads it: entries, the current one and the version, taken in one
/// go from the session so they agree.
struct MPDQueueView {
    var entries: [QueueEntry]
    var current: QueueEntryID?
    var version: UInt64

    /// The queue now.
    init(_ call: MPDCall) throws(MPDAck) {
        guard case .queue(let entries, let current, let version) = try call.perform(.queue) else {
            throw MPDAck(.system, "The queue did not answer.")
        }
        self.entries = entries
        self.current = current
        self.version = version
    }

    /// The wire position of the current entry.
    var currentPosition: Int? { current.flatMap { id in entries.firstIndex { $0.id == id } } }

    /// The wire position of the entry with MPD id `id`; `No such song` (ACK 50) when none has it.
    func position(ofID id: Int) throws(MPDAck) -> Int {
        guard let index = entries.firstIndex(where: { $0.id.rawValue == UInt64(id) }) else { throw MPDAck.noExist("No such song") }
        return index
    }

    /// Checks wire position `position` names an entry (`Bad song index`, ACK 2, otherwise).
    func check(_ position: Int) throws(MPDAck) {
        guard position < entries.count else { throw MPDAck.argument("Bad song index") }
    }

    /// A wire range `START:END` (END nil: to the end) clamped to the queue, as MPD does; `Bad song
    /// index` when it starts past the last entry (an empty range at the end is allowed when
    /// `allowEmpty`, as `playlistinfo` allows it).
    func clamp(_ range: (lowerBound: Int, upperBound: Int?), allowEmpty: Bool = false) throws(MPDAck) -> Range<Int> {
        let end = min(range.upperBound ?? entries.count, entries.count)
        guard range.lowerBound < end || (allowEmpty && range.lowerBound <= end) else { throw MPDAck.argument("Bad song index") }
        return range.lowerBound..<end
    }

    /// Writes the song blocks of the entries at `positions`.
    func write(_ positions: some Sequence<Int>, to call: inout MPDCall) {
        let namespace = call.environment.namespace()
        for index in positions {
            MPDSong(entry: entries[index], position: index, namespace: namespace).write(to: &call.response, tags: call.client.tags)
        }
    }
}
