extension Command {
    /// The verb its canonical text starts with.
    public var verb: CommandVerb {
        // Every name below is in `CommandVerb.all` (CommandTextTests checks each case).
        CommandVerb.named(verbName)!
    }

    private var verbName: String {
        switch self {
        case .play: "play"
        case .pause: "pause"
        case .toggle: "toggle"
        case .stop: "stop"
        case .next: "next"
        case .previous: "previous"
        case .restart: "restart"
        case .seek: "seek"
        case .volume: "volume"
        case .repeatMode: "repeat"
        case .shuffle: "shuffle"
        case .crossfade: "crossfade"
        case .single: "single"
        case .consume: "consume"
        case .jumpTo: "jump"
        case .add(_, .index): "add"
        case .moveRange: "move"
        case .swap: "swap"
        case .mix: "mix"
        case .output: "output"
        case .picture: "picture"
        case .status: "status"
        case .queue, .queueChanges: "queue"
        case .add(_, .tail): "add"
        case .add(_, .afterCurrentEntry): "playnext"
        case .move: "move"
        case .remove: "remove"
        case .clear: "clear"
        case .jump: "jump"
        case .replace: "replace"
        case .search: "search"
        case .lookup: "lookup"
        case .album: "album"
        case .artist: "artist"
        case .topSongs: "topsongs"
        case .charts: "charts"
        case .save: "save"
        case .unsave: "unsave"
        case .saved: "saved"
        case .playlist: "playlist"
        case .history: "history"
        case .folder: "folder"
        case .rescan: "rescan"
        case .stats: "stats"
        case .find: "find"
        case .library: "library"
        case .workout: "workout"
        case .tempo: "tempo"
        case .help: "help"
        case .quit: "quit"
        }
    }

    /// Whether carrying it out may wait on the catalog (the network, or its rate limiter): the
    /// catalog's verbs, and adding catalog items to the queue or a playlist (the session looks
    /// them up for their titles). A front end sends these on a connection of their own, so they
    /// never hold up a key like pause.
    public var asksTheCatalog: Bool {
        switch self {
        case .add(let items, _), .replace(let items, _), .playlist(.add(_, let items)), .workout(.add(let items)):
            items.contains { $0.hasPrefix("itunes:") }
        case .workout(.play(let item)): item.hasPrefix("itunes:")
        // Starting gathers the candidates (looked up by id) and analyses them.
        case .workout(.start): true
        case .workout: false
        default: verb.asksTheCatalog
        }
    }

    /// The command with its file arguments rewritten, for a front end whose working folder is
    /// not the daemon's: `item` is called with each item of `add`, `playnext`, `replace` and
    /// `playlist add`, `workout add`, `workout play` and `tempo` (a path, URL or `itunes:ID`;
    /// not a `playlist:NAME` of `workout add`), `path` with the file of `playlist import` and
    /// `playlist export` and the folder of `folder add`, `folder remove`, `rescan` and `library folder`. No other word is touched (`next` stays `next` beside a file named `next`).
    public func rewritingFiles(item: (String) -> String, path: (String) -> String) -> Command {
        switch self {
        case .add(let items, let position): .add(items.map(item), position: position)
        case .picture(let one): .picture(item(one))
        case .replace(let items, let start): .replace(items.map(item), start: start)
        case .playlist(.add(let name, let items)): .playlist(.add(name, items: items.map(item)))
        case .playlist(.importM3U(let file, let name)): .playlist(.importM3U(path: path(file), name: name))
        case .playlist(.exportM3U(let name, let file?)): .playlist(.exportM3U(name, path: path(file)))
        case .workout(.add(let items)): .workout(.add(items.map { $0.lowercased().hasPrefix("playlist:") ? $0 : item($0) }))
        case .workout(.play(let one)): .workout(.play(item(one)))
        case .tempo(let items): .tempo(items.map(item))
        case .folder(.add(let folder)): .folder(.add(path(folder)))
        case .folder(.remove(let folder)): .folder(.remove(path(folder)))
        case .rescan(let folder?): .rescan(path(folder))
        case .library(.folder(let folder)): .library(.folder(path(folder)))
        default: self
        }
    }
}
