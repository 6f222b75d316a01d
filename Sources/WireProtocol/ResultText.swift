import Checked
import FoundationEssentials
import Library
import MusicModel
import POSIXSupport
import Session

/// How Segue's results look as text for people: aligned tables (CJK-aware) and one-line status.
/// Shared by `segue search`/`lookup`, `segue ctl` and the daemon's replies.
public enum ResultText {
    /// A result as text at most `width` columns wide.
    public static func render(_ result: CommandResult, width: Int) -> String {
        switch result {
        case .done(let snapshot): return statusLine(snapshot) + "\n"
        case .workout(let status): return workout(status, width: width)
        case .workouts(let summaries): return workouts(summaries, width: width)
        case .tempo(let reports): return tempo(reports, width: width)
        case .folders(let folders): return Self.folders(folders, width: width)
        case .stats(let stats): return Self.stats(stats)
        case .added(let ids, let snapshot): return statusLine(snapshot) + "\n" + addedText(ids)
        case .queueChanges(let changes):
            let count = changes.changes.count
            return
                "\(count == 1 ? "1 change" : "\(count) changes") since version \(changes.since); the queue is at version \(changes.version).\n"
        case .queue(let entries, let current, _):
            if entries.isEmpty { return "The queue is empty.\n" }
            return lines(Array(entries.enumerated())) { index, e in
                (e.id == current ? "▶" : " ") + String(index + 1).leftPadded(4) + "  " + e.title + (e.subtitle.map { " — \($0)" } ?? "")
                    + "  #\(e.id.rawValue)"
            }
        case .songs(let songs): return songs.isEmpty ? "No results.\n" : table(songs: songs, width: width)
        case .albums(let albums): return albums.isEmpty ? "No results.\n" : table(albums: albums, width: width)
        case .artists(let artists): return artists.isEmpty ? "No results.\n" : table(artists: artists, width: width)
        case .playlists(let lists):
            return lists.isEmpty ? "No playlists.\n" : lists.map { "\($0.name)  (\($0.itemCount))" }.joined(separator: "\n") + "\n"
        case .items(let items):
            return items.isEmpty
                ? "The playlist is empty.\n"
                : items.enumerated().map { String($0.offset + 1).leftPadded(4) + "  " + ($0.element.title ?? $0.element.location) }.joined(
                    separator: "\n") + "\n"
        case .history(let entries):
            return entries.isEmpty
                ? "Nothing played yet.\n"
                : entries.map { "\($0.playCount)×  " + ($0.item.title ?? $0.item.location) }.joined(separator: "\n") + "\n"
        case .text(let text): return text.hasSuffix("\n") ? text : text + "\n"
        case .outputs(let outputs):
            return outputs.map { "\($0.id)  \($0.name) (\($0.plugin))  \($0.enabled ? "enabled" : "disabled")" }.joined(separator: "\n")
                + "\n"
        case .picture(let picture):
            guard let picture else { return "No picture.\n" }
            return "A picture of \(picture.bytes.count) bytes" + (picture.mimeType.map { " (\($0))" } ?? "") + ".\n"
        case .tracks(let tracks):
            return tracks.isEmpty ? "No songs.\n" : lines(tracks, trackLine)
        case .directory(let directory):
            let lines = directory.folders.map { fileName($0) + "/" } + directory.tracks.map { trackLine($0) }
            return lines.isEmpty ? "Nothing in \(directory.path).\n" : lines.joined(separator: "\n") + "\n"
        case .tagValues(let rows):
            return rows.isEmpty ? "No values.\n" : rows.map { $0.joined(separator: "  ") }.joined(separator: "\n") + "\n"
        case .counts(let counts):
            return counts.map { c in
                (c.group.map { "\($0): " } ?? "") + "\(c.songs == 1 ? "1 song" : "\(c.songs) songs"), \(clock(c.seconds))"
            }.joined(separator: "\n") + "\n"
        }
    }

    /// One line per value, each ending with a newline, appended to one string: a listing of
    /// 100,000 songs is not also held as 100,000 strings and their joined copy.
    static func lines<T>(_ values: [T], _ line: (T) -> String) -> String {
        var out = ""
        for value in values {
            out += line(value)
            out += "\n"
        }
        return out
    }

    /// One song of the user's own music: its file's name, title and artist.
    static func trackLine(_ t: LocalTrack) -> String {
        fileName(t.path) + "  " + (t.tags.title ?? "") + (t.tags.artist.map { " — \($0)" } ?? "")
    }

    /// "Added #12." / "Added #12 to #511 (500 entries)." — the ids a later `remove #ID` or `move #ID` names.
    static func addedText(_ ids: [QueueEntryID]) -> String {
        guard let first = ids.first, let last = ids.last else { return "" }
        switch ids.count {
        case 1: return "Added #\(first.rawValue).\n"
        case 2...8: return "Added " + ids.map { "#\($0.rawValue)" }.joined(separator: " ") + ".\n"
        default: return "Added #\(first.rawValue) to #\(last.rawValue) (\(ids.count) entries).\n"
        }
    }

    /// Songs: id (for a file of the user's own, whose id is its path, the file's name, so files
    /// with the same tags tell apart and never pass for a catalog id), title (a catalog song marked
    /// when there is no preview), artist, album, length.
    public static func table(songs: [Song], width: Int) -> String {
        let ids = songs.map { isLocal($0) ? fileName($0.id) : $0.id }
        let idWidth = idWidth(ids)
        let room = max(40, width) - idWidth - 1 - 6 - 4
        let widths = [idWidth, max(10, room * 4 / 10), max(8, room * 3 / 10), max(6, room - room * 4 / 10 - room * 3 / 10), 5]
        return row(["ID", "TITLE", "ARTIST", "ALBUM", "TIME"], widths)
            + zip(songs, ids).map { s, id in
                let title = isLocal(s) || s.isPlayable ? s.title : s.title + " (no preview)"
                return row([id, title, s.artistName, s.albumTitle ?? "", clock(s.duration)], widths)
            }.joined()
    }

    /// The last part of a path (`/music/a b.flac` → `a b.flac`).
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The width of an id column: 11 (a catalog id), or as wide as the longest id shown up to 20
    /// (`local:album:1234`), so an id can be copied into `library album ID`.
    private static func idWidth(_ ids: [String]) -> Int {
        min(20, max(11, ids.map { TextWidth.columns($0) }.max() ?? 0))
    }

    /// Albums: id, title, artist, track count, year.
    public static func table(albums: [Album], width: Int) -> String {
        let idWidth = idWidth(albums.map(\.id))
        let room = max(40, width) - idWidth - 1 - 7 - 5
        let widths = [idWidth, max(10, room / 2), max(8, room - room / 2), 6, 4]
        return row(["ID", "ALBUM", "ARTIST", "TRACKS", "YEAR"], widths)
            + albums.map { a in row([a.id, a.title, a.artistName, a.trackCount.map(String.init) ?? "", year(a.releaseDate)], widths) }
            .joined()
    }

    /// Artists: id, name, genre.
    public static func table(artists: [Artist], width: Int) -> String {
        let idWidth = idWidth(artists.map(\.id))
        let nameWidth = max(10, (max(40, width) - idWidth - 1) * 6 / 10)
        let widths = [idWidth, nameWidth, max(5, max(40, width) - idWidth - 1 - nameWidth - 1)]
        return row(["ID", "ARTIST", "GENRE"], widths) + artists.map { row([$0.id, $0.name, $0.genreName ?? ""], widths) }.joined()
    }

    private static func row(_ cells: [String], _ widths: [Int]) -> String {
        var line = zip(cells, widths).map { TextWidth.fit($0, $1) }.joined(separator: " ")
        while line.last == " " { line.removeLast() }
        return line + "\n"
    }

    /// `m:ss`.
    public static func clock(_ seconds: Double?) -> String {
        guard let seconds else { return "" }
        return ClockText.format(seconds)
    }

    private static func year(_ date: Date?) -> String {
        guard let date else { return "" }
        return String(WireEncoding.iso(date).prefix(4))
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
