import MusicModel
import Synchronization

/// Every song the catalog has decoded lately, by id, so that looking up a song just seen in a
/// search, a chart or an album (as playing it does) needs no request and no rate-limit token.
/// Entries last as long as cached answers do; the memo forgets everything when it grows past
/// `capacity`, which keeps it small without bookkeeping.
final class SongMemo: Sendable {
    private let songs = Mutex<[String: (song: Song, expiresAt: Double)]>([:])
    let capacity: Int

    init(capacity: Int = 20_000) { self.capacity = capacity }

    func remember(_ new: [Song], expiresAt: Double) {
        guard !new.isEmpty else { return }
        songs.withLock { memo in
            if memo.count + new.count > capacity { memo = [:] }
            for song in new { memo[song.id] = (song, expiresAt) }
        }
    }

    func song(_ id: String, now: Double) -> Song? {
        songs.withLock { memo in
            guard let entry = memo[id], entry.expiresAt > now else { return nil }
            return entry.song
        }
    }
}
