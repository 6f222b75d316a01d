import Library

/// The arguments of `find`, `search`, `count` and `list` read as MPD reads them: one filter
/// expression (`(Artist == "X")`) or the old `TAG VALUE …` pairs, with their trailing
/// `sort TAG`, `window START:END` and `group TAG` taken off the end first.
struct MPDFilter {
    /// The filter (nil: every song).
    var filter: TrackFilter?
    /// `window START:END`: the matches from START (from 0) up to END (not included; nil: all).
    var window: (lowerBound: Int, upperBound: Int?)?
    /// `group TAG …`, outermost first.
    var groups: [TrackField] = []

    /// What the old form's pairs mean: `find` compares whole values, `search` looks inside them.
    enum PairMatch {
        case exact, substring
    }

    /// Reads `arguments` (after the command's own leading ones). `trailing` names the trailing
    /// keywords the command takes (`sort`, `window`, `group`). Files and folders are URIs of
    /// `namespace`; `""` and `/` are the whole library.
    static func parse(
        _ arguments: ArraySlice<String>, pairs: PairMatch, trailing: Set<String>, namespace: MPDNamespace
    ) throws(MPDAck) -> MPDFilter {
        var args = Array(arguments)
        var result = MPDFilter()
        // MPD takes `window`, then `sort`, then each `group` off the end.
        if trailing.contains("window"), args.count >= 2, args[args.count - 2] == "window" {
            result.window = try window(args.removeLast())
            args.removeLast()
        }
        if trailing.contains("sort"), args.count >= 2, args[args.count - 2] == "sort" {
            // Replies come in path order whatever the sort (docs/mpd.md); the tag is still checked.
            let sortWord = args.removeLast()
            let name = sortWord.hasPrefix("-") ? String(sortWord.dropFirst()) : sortWord
            guard TrackField(mpdName: name) != nil || name == "Last-Modified" else {
                throw MPDAck.argument("Unknown sort tag")
            }
            args.removeLast()
        }
        if trailing.contains("group") {
            while args.count >= 2, args[args.count - 2] == "group" {
                guard let field = TrackField(mpdName: args.removeLast()), field != .any else {
                    throw MPDAck.argument("Unknown tag type")
                }
                args.removeLast()
                result.groups.insert(field, at: 0)
                guard result.groups.count <= MusicLibrary.maxGroups else { throw MPDAck.argument("Too many groups") }
            }
        }
        let path: (String) -> String? = { uri in uri.isEmpty || uri == "/" ? "/" : namespace.path(for: uri) }
        var parts: [TrackFilter] = []
        var index = 0
        while index < args.count {
            let word = args[index]
            if word.hasPrefix("(") {
                do throws(LibraryError) {
                    parts.append(try TrackFilter(parsing: word, path: path))
                } catch {
                    throw MPDAck.argument(error.description)
                }
                index += 1
                continue
            }
            guard index + 1 < args.count else { throw MPDAck.argument("Incorrect number of filter arguments") }
            let value = args[index + 1]
            index += 2
            switch word.lowercased() {
            case "file":
                guard let found = path(value) else { throw MPDAck.noExist("No such song") }
                parts.append(.file(found))
            case "base":
                guard let found = path(value) else { throw MPDAck.noExist("No such directory") }
                parts.append(.base(found))
            case "modified-since":
                guard value.utf8.count <= 19, let seconds = Int64(value), seconds >= 0 else {
                    throw MPDAck.argument("Integer expected: \(value)")
                }
                parts.append(.modifiedSince(seconds))
            default:
                guard let field = TrackField(mpdName: word) else { throw MPDAck.argument("Unknown filter type: \(word)") }
                parts.append(.compare(field, pairs == .exact ? .equals : .contains, value))
            }
            guard parts.count <= TrackFilter.maxConditions else { throw MPDAck.argument("Too many filter conditions") }
        }
        result.filter = parts.isEmpty ? nil : parts.count == 1 ? parts[0] : .and(parts)
        return result
    }

    /// `START:END` or `START:` (MPD's window: END not included).
    private static func window(_ text: String) throws(MPDAck) -> (lowerBound: Int, upperBound: Int?) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        func number(_ part: Substring) -> Int? {
            guard part.utf8.count <= 10, let value = Int(part), value >= 0, value <= Int(Int32.max) else { return nil }
            return value
        }
        guard parts.count == 2, let start = number(parts[0]) else { throw MPDAck.argument("Range expected: \(text)") }
        if parts[1].isEmpty { return (start, nil) }
        guard let end = number(parts[1]), end >= start else { throw MPDAck.argument("Bad range: \(text)") }
        return (start, end)
    }
}
