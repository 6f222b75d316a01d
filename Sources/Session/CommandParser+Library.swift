import Library
import MusicModel

extension Arguments {
    /// `folder add DIR`, `folder remove DIR`, `folder list` (`folder` alone lists).
    func folder() throws(CommandError) -> FolderCommand {
        guard let sub = words.first?.lowercased() else { return .list }
        guard let form = CommandVerb.folderForms[sub] else { throw bad }
        let args = Array(words.dropFirst())
        let wrong = CommandError.badArguments(verb: verb.name, expected: form.expected)
        switch sub {
        case "list":
            guard args.isEmpty else { throw wrong }
            return .list
        case "add": return .add(try onePath(args, sub, wrong))
        default: return .remove(try onePath(args, sub, wrong))  // remove
        }
    }

    /// `library songs|albums|artists|folders|album ID|artist ID|folder DIR`.
    func library() throws(CommandError) -> LibraryQuery {
        guard let sub = words.first?.lowercased(), let form = CommandVerb.libraryForms[sub] else { throw bad }
        let args = Array(words.dropFirst())
        let wrong = CommandError.badArguments(verb: verb.name, expected: form.expected)
        switch sub {
        case "songs":
            let (sort, offset) = try listOptions(args, allowsFrom: true, wrong)
            return .songs(sort ?? LibraryQuery.defaultSort, offset: offset ?? 0)
        case "albums":
            let (sort, _) = try listOptions(args, allowsFrom: false, wrong)
            return .albums(sort ?? LibraryQuery.defaultSort)
        case "artists":
            guard args.isEmpty else { throw wrong }
            return .artists
        case "folders":
            guard args.isEmpty else { throw wrong }
            return .folders
        case "album":
            guard args.count == 1, let id = LibraryID(parsing: args[0].lowercased()), case .album = id else { throw wrong }
            return .album(id.text)
        case "artist":
            guard args.count == 1, let id = LibraryID(parsing: args[0].lowercased()), case .artist = id else { throw wrong }
            return .artist(id.text)
        case "directory": return .directory(try onePath(args, sub, wrong))
        case "tracks": return try tracks(args, wrong)
        case "values":
            guard let first = args.first, let field = TrackField(mpdName: first), field != .any else { throw wrong }
            let (groups, filter) = try tagOptions(Array(args.dropFirst()), manyGroups: true, wrong)
            return .values(field, groups: groups, matching: filter)
        case "count":
            let (groups, filter) = try tagOptions(args, manyGroups: false, wrong)
            return .count(group: groups.first, matching: filter)
        default: return .folder(try onePath(args, sub, wrong))  // folder
        }
    }

    /// `library tracks [DIR] [--where FILTER | --search FILTER] [--after PATH]`.
    private func tracks(_ args: [String], _ wrong: CommandError) throws(CommandError) -> LibraryQuery {
        var folder: String?
        var filter: (TrackFilter, Bool)?
        var after: String?
        var options = OptionWords(args)
        while let item = options.next() {
            switch item {
            case .word(let word):
                guard folder == nil, !word.isEmpty else { throw wrong }
                folder = word
            case .option(let name, let value):
                guard let value else { throw wrong }
                switch name {
                case "--where", "--search":
                    guard filter == nil else { throw wrong }
                    filter = (try trackFilter(value), name == "--search")
                case "--after":
                    guard after == nil, !value.isEmpty else { throw wrong }
                    after = value
                default: throw wrong
                }
            }
        }
        return .tracks(under: folder, matching: filter?.0, ignoringCase: filter?.1 ?? false, after: after)
    }

    /// `--group TAG` (once, or as often as `manyGroups` allows) and `--where FILTER`.
    private func tagOptions(_ args: [String], manyGroups: Bool, _ wrong: CommandError) throws(CommandError) -> (
        [TrackField], TrackFilter?
    ) {
        var groups: [TrackField] = []
        var filter: TrackFilter?
        var options = OptionWords(args)
        while let item = options.next() {
            guard case .option(let name, let value) = item, let value else { throw wrong }
            switch name {
            case "--group":
                guard manyGroups || groups.isEmpty, groups.count < MusicLibrary.maxGroups,
                    let field = TrackField(mpdName: value), field != .any
                else { throw wrong }
                groups.append(field)
            case "--where":
                guard filter == nil else { throw wrong }
                filter = try trackFilter(value)
            default: throw wrong
            }
        }
        return (groups, filter)
    }

    /// A filter in MPD's syntax, its files and folders absolute paths.
    private func trackFilter(_ text: String) throws(CommandError) -> TrackFilter {
        do throws(LibraryError) {
            return try TrackFilter(parsing: text)
        } catch {
            throw .badArguments(verb: verb.name, expected: "\(error.description) A filter is written like (Artist == \"Nina Simone\").")
        }
    }

    /// One non-empty path; more words than one is nearly always a path with spaces not quoted.
    private func onePath(_ args: [String], _ sub: String, _ wrong: CommandError) throws(CommandError) -> String {
        if args.count > 1 {
            throw .badArguments(
                verb: verb.name,
                expected:
                    "\(verb.name) \(sub) takes one folder and was given \(args.count) words. A path with spaces goes in quotes, like \(verb.name) \(sub) \"/music/My Albums\"."
            )
        }
        guard args.count == 1, !args[0].isEmpty else { throw wrong }
        return args[0]
    }

    /// `--sort KEY` and (for songs) `--from N`, in any order, each at most once; a value follows
    /// its option or comes after `=`.
    private func listOptions(
        _ args: [String], allowsFrom: Bool, _ wrong: CommandError
    ) throws(CommandError) -> (LibrarySort?, Int?) {
        var sort: LibrarySort?
        var offset: Int?
        var options = OptionWords(args)
        while let item = options.next() {
            guard case .option(let name, let value) = item else { throw wrong }
            switch name {
            case "--sort":
                guard sort == nil else { throw wrong }
                guard let key = value.flatMap({ LibrarySort(rawValue: $0.lowercased()) }) else {
                    throw .badArguments(verb: verb.name, expected: CommandVerb.sortOptionSentence)
                }
                sort = key
            case "--from" where allowsFrom:
                guard offset == nil else { throw wrong }
                guard let start = value.flatMap({ Numbers.ranged($0, LibraryQuery.offsets) }) else {
                    throw .badArguments(verb: verb.name, expected: CommandVerb.fromOptionSentence)
                }
                offset = start
            default: throw wrong
            }
        }
        return (sort, offset)
    }
}
