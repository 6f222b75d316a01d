import MusicModel
import Player

extension Session {
    /// The modes and queue edits MPD clients need (`single`, `consume`, `jump ENTRY TIME`,
    /// `move FIRST-LAST TO`, `swap`, `mix`), carried out on the player like every other command.
    /// Positions count from 1 and are all checked against one copy of the queue before anything
    /// changes, with a sentence naming the one outside it.
    func queueEdit(_ command: Command) throws -> CommandResult {
        switch command {
        case .single(let mode):
            player.setSingleMode(mode ?? (player.playerState.singleMode == .off ? .on : .off))
        case .consume(let mode):
            player.setConsumeMode(mode ?? (player.playerState.consumeMode == .off ? .on : .off))
        case .jumpTo(let entry, let seconds):
            let id = try entryID(entry)
            try Self.naming(id) { try player.jump(to: id, seconds: seconds) }
        case .moveRange(let range, let to):
            let count = player.queue.entries.count
            try Self.check(range, count: count)
            guard to >= 1, to <= count - range.count + 1 else {
                let what = range.count == 1 ? "entry" : "\(range.count) entries"
                throw CommandError.failed(
                    "There is no room for the \(what) at position \(to); the queue has \(count), so the last place they fit is \(count - range.count + 1)."
                )
            }
            let start = try Self.zeroBased(range.lowerBound)
            try Self.naming(nil) { try player.move(range: start..<(start + range.count), to: try Self.zeroBased(to)) }
        case .swap(let a, let b):
            let first = try entryID(a)
            let second = try entryID(b)
            try Self.naming(first) { try player.swap(first, second) }
        case .mix(let range):
            if let range {
                try Self.check(range, count: player.queue.entries.count)
                let start = try Self.zeroBased(range.lowerBound)
                try Self.naming(nil) { try player.mix(range: start..<(start + range.count)) }
            } else {
                try player.mix()
            }
        default:
            throw CommandError.failed("\(command.verb.name) is not a queue edit.")
        }
        return .done(snapshot)
    }
}
