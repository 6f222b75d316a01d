import Checked
import FoundationEssentials
import Library
import MusicModel
import Player
import Session
import Workout

#if canImport(Glibc)
    import Glibc
#endif

/// How Segue's values look in JSON — the same for `--json` output and the daemon's protocol
/// (schemas in docs/cli.md and docs/protocol.md). Keys always come in the order written here.
public enum WireEncoding {
    /// A catalog or library song.
    public static func song(_ s: Song) -> JSONValue {
        .object([
            ("type", .string("song")), ("id", .string(s.id)), ("title", .string(s.title)), ("artist", .string(s.artistName)),
            ("artistId", .string(s.artistID)), ("album", .string(s.albumTitle)), ("albumId", .string(s.albumID)),
            ("duration", .number(s.duration)), ("genre", .string(s.genreName)), ("releaseDate", .string(s.releaseDate.map(iso))),
            ("explicit", .string(s.explicitContent.rawValue)), ("disc", .integer(s.discNumber)), ("track", .integer(s.trackNumber)),
            ("playable", .bool(s.isPlayable)), ("previewUrl", .string(s.previewURL)),
            ("artworkUrl", .string(s.artwork?.url(width: 600, height: 600))), ("url", .string(s.url)),
        ])
    }

    /// A catalog or library album.
    public static func album(_ a: Album) -> JSONValue {
        .object([
            ("type", .string("album")), ("id", .string(a.id)), ("title", .string(a.title)), ("artist", .string(a.artistName)),
            ("artistId", .string(a.artistID)), ("trackCount", .integer(a.trackCount)), ("genre", .string(a.genreName)),
            ("releaseDate", .string(a.releaseDate.map(iso))), ("explicit", .string(a.explicitContent.rawValue)),
            ("single", .bool(a.isSingle)), ("ep", .bool(a.isEP)),
            ("artworkUrl", .string(a.artwork?.url(width: 600, height: 600))), ("url", .string(a.url)),
        ])
    }

    /// A catalog artist.
    public static func artist(_ a: Artist) -> JSONValue {
        .object([
            ("type", .string("artist")), ("id", .string(a.id)), ("name", .string(a.name)), ("genre", .string(a.genreName)),
            ("url", .string(a.url)),
        ])
    }

    /// Something a queue or playlist plays. `artworkUrl` (a catalog song's artwork template) is
    /// left out when unknown, as it is for every local file: the queue's lines stay as short as before.
    public static func item(_ i: PlayableItem) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("location", .string(i.location)), ("title", .string(i.title)), ("artist", .string(i.artist)), ("album", .string(i.album)),
            ("duration", .number(i.duration)),
        ]
        if let artwork = i.artworkURL { fields.append(("artworkUrl", .string(artwork))) }
        return .object(fields)
    }

    /// A queue entry, with its stable id.
    public static func entry(_ e: QueueEntry) -> JSONValue {
        .object([
            ("id", id(e.id)), ("title", .string(e.title)), ("subtitle", .string(e.subtitle)),
            ("item", item(e.item)),
        ])
    }

    /// The player's snapshot.
    public static func snapshot(_ s: Snapshot) -> JSONValue {
        .object([
            ("status", .string(s.state.playbackStatus.rawValue)), ("current", s.current.map(entry) ?? .string(nil)),
            ("queuePosition", .integer(s.queuePosition)), ("queueLength", .integer(s.queueLength)), ("position", .number(s.position)),
            ("duration", .number(s.duration)), ("repeat", .string(s.state.repeatMode.rawValue)),
            ("shuffle", .string(s.state.shuffleMode.rawValue)), ("single", .string(s.state.singleMode.rawValue)),
            ("consume", .string(s.state.consumeMode.rawValue)), ("volume", .number(s.state.volume * 100)),
            ("crossfade", .number(s.state.crossfadeSeconds)), ("prepared", .bool(s.state.isPreparedToPlay)),
            ("queueVersion", version(s.queueVersion)),
            ("scan", s.scan.map(scanProgress) ?? .string(nil)),
        ])
    }

    /// An entry's id as a JSON number.
    static func id(_ id: QueueEntryID) -> JSONValue { .integer(Int(truncatingIfNeeded: id.rawValue)) }

    /// A queue version as a JSON number (queues keep theirs below 2^53, exact as a double).
    static func version(_ version: UInt64) -> JSONValue { .integer(Int(truncatingIfNeeded: version)) }

    /// One queue edit: `{"op": …}` with positions counting from 1.
    public static func change(_ change: QueueChange) -> JSONValue {
        switch change {
        case .inserted(let index, let entries):
            return .object([("op", .string("insert")), ("position", .integer(index + 1)), ("entries", .array(entries.map(entry)))])
        case .removed(let ids): return .object([("op", .string("remove")), ("ids", .array(ids.map(id)))])
        case .moved(let moved, let index): return .object([("op", .string("move")), ("id", id(moved)), ("position", .integer(index + 1))])
        case .updated(let updated): return .object([("op", .string("update")), ("entry", entry(updated))])
        case .cleared: return .object([("op", .string("clear"))])
        }
    }

    /// A track of a workout (a recommendation): the keys of `WorkoutTrack`'s own coding.
    public static func workoutTrack(_ t: WorkoutTrack) -> JSONValue {
        .object([
            ("location", .string(t.location)), ("title", .string(t.title)), ("artist", .string(t.artist)),
            ("artistID", .string(t.artistID)), ("bpm", .number(t.bpm)), ("duration", .number(t.duration)), ("featured", .bool(t.featured)),
        ])
    }

    /// A workout now (`workout` results and events): the keys of `WorkoutStatus`'s own coding.
    public static func workoutStatus(_ s: WorkoutStatus) -> JSONValue {
        .object([
            ("kind", .string(s.kind.rawValue)), ("phase", .string(s.phase.rawValue)), ("elapsed", .number(s.elapsed)),
            ("target", .number(s.target)), ("cadence", .integer(s.cadence)), ("currentBPM", .number(s.currentBPM)),
            ("onCadence", s.onCadence.map(JSONValue.bool) ?? .string(nil)), ("recommended", .array(s.recommended.map(workoutTrack))),
            ("tracksPlayed", .integer(s.tracksPlayed)), ("skips", .integer(s.skips)),
        ])
    }

    /// A finished workout (`workouts` results): the keys of `WorkoutSummary`'s own coding.
    public static func workoutSummary(_ s: WorkoutSummary) -> JSONValue {
        .object([
            ("kind", .string(s.kind.rawValue)), ("startedAt", .number(s.startedAt)), ("duration", .number(s.duration)),
            ("cadence", .integer(s.cadence)), ("tracksPlayed", .integer(s.tracksPlayed)), ("onCadenceShare", .number(s.onCadenceShare)),
            ("averageBPM", .number(s.averageBPM)), ("skips", .integer(s.skips)),
        ])
    }

    /// One item's tempo (`tempo` results): `bpm`, `confidence` and `source` are null when there
    /// is no estimate, and `error` says why.
    public static func tempoReport(_ r: TempoReport) -> JSONValue {
        .object([
            ("item", .string(r.item)), ("title", .string(r.title)), ("bpm", .number(r.estimate?.bpm)),
            ("confidence", .number(r.estimate?.confidence)), ("source", .string(r.estimate?.source.rawValue)), ("error", .string(r.error)),
        ])
    }

    /// What a command produced: `{"kind": …, …}`.
    public static func result(_ r: CommandResult) -> JSONValue {
        switch r {
        case .done(let snapshot): return .object([("kind", .string("status")), ("status", WireEncoding.snapshot(snapshot))])
        case .added(let ids, let snapshot):
            return .object([
                ("kind", .string("status")), ("status", WireEncoding.snapshot(snapshot)), ("added", .array(ids.map(id))),
            ])
        case .queue(let entries, let current, let queueVersion):
            return .object([
                ("kind", .string("queue")), ("entries", each(entries, entry)),
                ("current", current.map(id) ?? .integer(nil)), ("version", version(queueVersion)),
            ])
        case .queueChanges(let changes):
            return .object([
                ("kind", .string("queueChanges")), ("since", version(changes.since)), ("version", version(changes.version)),
                ("changes", .array(changes.changes.map(change))), ("current", changes.currentEntryID.map(id) ?? .integer(nil)),
                ("count", .integer(changes.count)),
            ])
        case .songs(let songs): return .object([("kind", .string("songs")), ("items", each(songs, song))])
        case .albums(let albums): return .object([("kind", .string("albums")), ("items", each(albums, album))])
        case .artists(let artists): return .object([("kind", .string("artists")), ("items", each(artists, artist))])
        case .playlists(let lists):
            return .object([
                ("kind", .string("playlists")),
                ("items", .array(lists.map { .object([("name", .string($0.name)), ("itemCount", .integer($0.itemCount))]) })),
            ])
        case .items(let items): return .object([("kind", .string("items")), ("items", each(items, item))])
        case .history(let entries):
            return .object([
                ("kind", .string("history")),
                (
                    "items",
                    each(entries) {
                        .object([
                            ("item", item($0.item)), ("lastPlayed", .number($0.lastPlayed)), ("playCount", .integer($0.playCount)),
                        ])
                    }
                ),
            ])
        case .text(let text): return .object([("kind", .string("text")), ("text", .string(text))])
        case .workout(let status): return .object([("kind", .string("workout")), ("workout", status.map(workoutStatus) ?? .string(nil))])
        case .workouts(let summaries): return .object([("kind", .string("workouts")), ("items", .array(summaries.map(workoutSummary)))])
        case .tempo(let reports): return .object([("kind", .string("tempo")), ("items", .array(reports.map(tempoReport)))])
        case .folders(let folders): return .object([("kind", .string("folders")), ("items", .array(folders.map(libraryFolder)))])
        case .stats(let stats): return .object([("kind", .string("stats")), ("stats", libraryStats(stats))])
        case .outputs(let outputs):
            return .object([
                ("kind", .string("outputs")),
                (
                    "items",
                    .array(
                        outputs.map {
                            .object([
                                ("id", .integer($0.id)), ("name", .string($0.name)), ("plugin", .string($0.plugin)),
                                ("enabled", .bool($0.enabled)),
                            ])
                        })
                ),
            ])
        // The bytes stay in the daemon: a client of the native protocol reads the size; MPD's
        // `albumart` sends them.
        case .picture(let picture):
            return .object([
                ("kind", .string("picture")), ("size", .integer(picture?.bytes.count)),
                ("mimeType", .string(picture?.mimeType)),
            ])
        case .tracks(let tracks): return .object([("kind", .string("tracks")), ("items", each(tracks, localTrack))])
        case .directory(let d):
            return .object([
                ("kind", .string("directory")), ("path", .string(d.path)), ("folders", .array(d.folders.map { .string($0) })),
                ("items", each(d.tracks, localTrack)),
            ])
        case .tagValues(let rows):
            return .object([("kind", .string("values")), ("items", each(rows) { .array($0.map { .string($0) }) })])
        case .counts(let counts):
            return .object([
                ("kind", .string("counts")),
                (
                    "items",
                    .array(
                        counts.map {
                            .object([("group", .string($0.group)), ("songs", .integer($0.songs)), ("seconds", .number($0.seconds))])
                        })
                ),
            ])
        }
    }

    /// `values` as a JSON array whose elements `encode` makes one at a time as the reply is
    /// written (long lists: queues, listings, search results).
    static func each<T: Sendable>(_ values: [T], _ encode: @escaping @Sendable (T) -> JSONValue) -> JSONValue {
        .elements(count: values.count) { encode(values[$0]) }
    }

    /// A song of the user's own music with its tags: `{"path", "title", "artist", "album",
    /// "albumArtist", "genre", "year", "track", "disc", "duration", "format", "size", "modified"}`.
    public static func localTrack(_ t: LocalTrack) -> JSONValue {
        .object([
            ("path", .string(t.path)), ("title", .string(t.tags.title)), ("artist", .string(t.tags.artist)),
            ("album", .string(t.tags.album)), ("albumArtist", .string(t.tags.albumArtist)), ("genre", .string(t.tags.genre)),
            ("year", .integer(t.tags.year)), ("track", .integer(t.tags.trackNumber)), ("disc", .integer(t.tags.discNumber)),
            ("duration", .number(t.tags.duration)),
            ("format", .string(t.tags.format)), ("size", .integer(Int(clamping: t.stamp.size))),
            ("modified", .number(Double(t.stamp.modified) / 1e9)),
        ])
    }

    /// A library scan under way: `{"folder", "done", "total"}`; `total` is null while the
    /// folders are still being walked.
    public static func scanProgress(_ p: ScanProgress) -> JSONValue {
        .object([("folder", .string(p.folder)), ("done", .integer(p.done)), ("total", .integer(p.total))])
    }

    /// A library folder (`folder list`): `{"path", "songs", "lastScan", "skipped"}`, the last
    /// scan in seconds since 1970 (null before the first).
    public static func libraryFolder(_ f: LibraryFolder) -> JSONValue {
        .object([
            ("path", .string(f.path)), ("songs", .integer(f.songs)), ("lastScan", .number(f.lastScan)), ("skipped", .integer(f.skipped)),
        ])
    }

    /// What `stats` counts, with the scan running now (null when none).
    public static func libraryStats(_ s: LibraryStats) -> JSONValue {
        .object([
            ("songs", .integer(s.songs)), ("albums", .integer(s.albums)), ("artists", .integer(s.artists)),
            ("totalSeconds", .number(s.totalSeconds)), ("folders", .integer(s.folders)), ("lastScan", .number(s.lastScan)),
            ("skipped", .integer(s.skipped)), ("scan", s.scan.map(scanProgress) ?? .string(nil)),
        ])
    }

    /// What a finished scan did.
    public static func scanOutcome(_ o: ScanOutcome) -> JSONValue {
        .object([
            ("folders", .array(o.folders.map { .string($0) })), ("added", .integer(o.added)), ("updated", .integer(o.updated)),
            ("removed", .integer(o.removed)), ("unchanged", .integer(o.unchanged)), ("skipped", .integer(o.skipped)),
            ("seconds", .number(o.seconds)),
        ])
    }

    /// The fields of a `library` event after its name: `"activity"` (`scanning`, `scanned` or
    /// `changed`), with `"scan"` for `scanning` and `"outcome"` for `scanned`.
    public static func libraryActivity(_ a: LibraryActivity) -> [(String, JSONValue)] {
        switch a {
        case .scanning(let progress): [("activity", .string("scanning")), ("scan", scanProgress(progress))]
        case .scanned(let outcome): [("activity", .string("scanned")), ("outcome", scanOutcome(outcome))]
        case .changed: [("activity", .string("changed"))]
        }
    }

    /// ISO 8601 in UTC, as the iTunes API writes dates. Safe for any date: one outside years
    /// 1…9999 (`ReleaseDate.secondsRange`; the edges let none through) is written as the nearest end.
    public static func iso(_ date: Date) -> String {
        let range = Int(ReleaseDate.secondsRange.lowerBound)...Int(ReleaseDate.secondsRange.upperBound)
        var t = time_t(Checked.clamped(date.timeIntervalSince1970, to: range, rounding: .down))
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return
            "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
