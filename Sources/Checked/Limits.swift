/// Every cap Segue puts on input it did not make, in one place, so that a reviewer can read
/// them together and `docs/ARCHITECTURE.md` can list them (what, cap, why).
///
/// A number from outside — JSON, an HTTP header, file bytes, a playlist, the socket, the config —
/// is checked against one of these before it sizes an allocation, a loop or a wait.
public enum Limits {
    /// The longest duration, position or delay accepted from outside: 10 days. Longer than any
    /// track or mix anyone plays; short enough that seconds × 48,000 frames fits any integer.
    public static let maxDurationSeconds: Double = 10 * 24 * 3600

    /// The longest `Retry-After` honoured: one day. A service asking for more is answered with
    /// a day's wait, not a week's silence.
    public static let maxRetryAfterSeconds: Double = 24 * 3600

    /// The largest text file read whole (M3U, config, history): 8 MiB, about 50,000 playlist
    /// entries with their `#EXTINF` lines.
    public static let maxTextFileBytes = 8 << 20

    /// The largest catalog answer (JSON) accepted: 8 MiB. A 200-result search is about 300 KB.
    public static let maxCatalogBodyBytes = 8 << 20

    /// The largest audio stream held in memory: 512 MiB, a little more than a two-hour
    /// 320 kbit/s MP3 or an hour of CD-quality FLAC. Previews are about 1 MB.
    public static let maxStreamBytes = 512 << 20

    /// The most clients the daemon serves at once (MPD's default `max_connections`).
    public static let maxClients = 100

    /// The most entries one queue or playlist holds; enough for any real collection, and
    /// small enough that an edit or a saved state never costs more than a fraction of a second.
    public static let maxQueueEntries = 200_000

    /// The most header fields kept from one HTTP response: 100. Segue reads five of them; a
    /// server sending thousands gets the first hundred remembered and the rest ignored.
    public static let maxHeaderFields = 100

    /// The longest HTTP header line kept: 8 KiB (curl itself refuses lines past 100 KB). The
    /// fields Segue reads are a few dozen bytes; longer lines are dropped, not stored.
    public static let maxHeaderLineBytes = 8 << 10

    /// The longest line a client accepts from the daemon's socket: 64 MiB. A reply for a
    /// 25,000-entry queue is about 5 MB; whatever sends more than this is not a Segue daemon
    /// (or is broken), and the client stops reading rather than buffer without end.
    public static let maxReplyLineBytes = 64 << 20
}
