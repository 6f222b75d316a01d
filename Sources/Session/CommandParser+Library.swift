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
        default: return .folder(try onePath(args, sub, wrong))  // folder
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
