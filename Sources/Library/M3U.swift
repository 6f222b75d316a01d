import Checked
import MusicModel

/// Extended M3U playlists: writing and reading.
enum M3U {
    /// `#EXTM3U`, then per item an `#EXTINF` line (when a title, artist or duration is known) and the location.
    /// A duration that is not one (NaN, negative, beyond `Limits.maxDurationSeconds`) is written as -1, unknown.
    ///
    /// With `directory` (the folder the playlist file will be in), a file inside it is written as
    /// its path relative to that folder, so the folder and its playlist can move together; a
    /// relative path that would read back as something else (a name starting with `#` or looking
    /// like a URL) gets a leading `./`, and one that still would, or that has surrounding
    /// whitespace `parse` would trim, stays absolute.
    static func format(_ items: [PlayableItem], relativeTo directory: String? = nil) -> String {
        var lines = ["#EXTM3U"]
        for item in items {
            if item.title != nil || item.artist != nil || item.duration != nil {
                let seconds =
                    item.duration.flatMap { Checked.int($0, in: 0...Int(Limits.maxDurationSeconds), rounding: .toNearestOrAwayFromZero) }
                    ?? -1
                let display = [item.artist, item.title].compactMap { $0 }.joined(separator: " - ")
                lines.append("#EXTINF:\(seconds),\(oneLine(display))")
            }
            lines.append(oneLine(directory.map { relative(item.location, to: $0) } ?? item.location))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads M3U or extended M3U: blank lines and `#` comments are skipped, LF or CRLF line ends, and each
    /// `#EXTINF:seconds,Artist - Title` applies to the next location. A line that is not a comment is
    /// taken as a location even when it looks wrong, so nothing the user wrote is silently dropped.
    static func parse(_ text: String, baseDirectory: String) -> [PlayableItem] {
        var items: [PlayableItem] = []
        var pending: (duration: Double?, artist: String?, title: String?)?
        // Editors on Windows often start the file with a byte-order mark, which is not whitespace.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let line = String(rawLine).trimmingWhitespace()
            if line.isEmpty { continue }
            if line.hasPrefix("#EXTINF:") {
                pending = extinf(String(line.dropFirst("#EXTINF:".count)))
                continue
            }
            if line.hasPrefix("#") { continue }
            var item = PlayableItem(location: resolve(line, against: baseDirectory))
            if let info = pending {
                item.duration = info.duration
                item.artist = info.artist
                item.title = info.title
            }
            pending = nil
            items.append(item)
        }
        return items
    }

    /// Splits `seconds[ attributes],Artist - Title`. Only the first " - " splits, since titles often hold one.
    private static func extinf(_ body: String) -> (duration: Double?, artist: String?, title: String?) {
        guard let comma = body.firstIndex(of: ",") else { return (seconds(body), nil, nil) }
        // Some writers put attributes (`tvg-id="…"`) after the number; only the number matters here.
        let number = body[..<comma].split(separator: " ").first.map(String.init) ?? ""
        let display = String(body[body.index(after: comma)...]).trimmingWhitespace()
        guard !display.isEmpty else { return (seconds(number), nil, nil) }
        if let dash = display.firstRange(of: " - ") {
            let artist = String(display[..<dash.lowerBound]).trimmingWhitespace()
            let title = String(display[dash.upperBound...]).trimmingWhitespace()
            return (seconds(number), artist.isEmpty ? nil : artist, title.isEmpty ? nil : title)
        }
        return (seconds(number), nil, display)
    }

    /// A duration from 0 to `Limits.maxDurationSeconds`; anything else (M3U writes -1 for
    /// "unknown"; `1e300`, `nan`, `inf` or twenty digits are no duration) is nil.
    private static func seconds(_ text: String) -> Double? {
        Double(text.trimmingWhitespace()).flatMap { Checked.seconds($0) }
    }

    /// Relative paths are joined to `base` (`ItemLocation`'s rule); absolute paths, http(s) URLs and
    /// catalog items stay as they are, and so does a line no opener could use (another scheme, a
    /// bad catalog id), so nothing the user wrote is silently changed or dropped.
    private static func resolve(_ location: String, against base: String) -> String {
        ItemLocation(parsing: location, relativeTo: base)?.text ?? location
    }

    /// `location` relative to `directory` when it is a file inside it and reads back as the same file.
    private static func relative(_ location: String, to directory: String) -> String {
        guard case .file(let path)? = ItemLocation(parsing: location), let relative = LibraryPath.relative(path, to: directory) else {
            return location
        }
        for candidate in [relative, "./" + relative] {
            guard !candidate.hasPrefix("#"), candidate.trimmingWhitespace() == candidate, !candidate.contains(where: \.isNewline) else {
                continue
            }
            if resolve(candidate, against: LibraryPath.folder(directory)) == path { return candidate }
        }
        return location
    }

    /// A line break inside a field would start a new M3U line and corrupt the file.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
