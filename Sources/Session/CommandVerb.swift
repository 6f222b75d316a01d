/// One verb of the command syntax: its canonical name, the aliases that read as it, how it is
/// written, what it does, and the keywords its first argument may be (for completion).
public struct CommandVerb: Equatable, Sendable {
    /// The canonical name, which `Command.text` prints.
    public let name: String
    /// Other names that parse as this verb.
    public let aliases: [String]
    /// How it is written, e.g. `seek TIME`.
    public let usage: String
    /// One line on what it does.
    public let summary: String
    /// The sentence shown when its arguments are wrong.
    public let expected: String
    /// Fixed words its first argument may be, for completion.
    public let keywords: [String]

    init(_ name: String, _ aliases: [String] = [], _ usage: String, _ summary: String, _ expected: String, keywords: [String] = []) {
        self.name = name
        self.aliases = aliases
        self.usage = usage
        self.summary = summary
        self.expected = expected
        self.keywords = keywords
    }

    /// Every verb, in the order `help` lists them.
    public static let all: [CommandVerb] = [
        CommandVerb("play", [], "play", "Play, or resume when paused.", "play takes no arguments."),
        CommandVerb("pause", [], "pause", "Pause.", "pause takes no arguments."),
        CommandVerb("toggle", [], "toggle", "Pause when playing, play otherwise.", "toggle takes no arguments."),
        CommandVerb("stop", [], "stop", "Stop; the queue stays.", "stop takes no arguments."),
        CommandVerb("next", ["n"], "next", "Skip to the next entry.", "next takes no arguments."),
        CommandVerb(
            "previous", ["prev"], "previous", "Restart the entry, or go to the previous one when under 3 s in.",
            "previous takes no arguments."),
        CommandVerb("restart", [], "restart", "Play the current entry again from its start.", "restart takes no arguments."),
        CommandVerb(
            "seek", [], "seek TIME|+SECONDS|-SECONDS|PERCENT%", "Move within the entry.",
            "seek needs a time like 1:23, +10 or 50%."),
        CommandVerb(
            "volume", ["vol"], "volume LEVEL|+N|-N", "Set the volume (0–100) or change it.",
            "volume needs a level from 0 to 100, or a change like +5 or -5."),
        CommandVerb(
            "repeat", [], "repeat [one|all|none]", "Set repeat, or cycle it with no argument.",
            "repeat takes one, all or none, or nothing to cycle.", keywords: ["one", "all", "none"]),
        CommandVerb(
            "shuffle", [], "shuffle [on|off]", "Set shuffle, or toggle it with no argument.",
            "shuffle takes on or off, or nothing to toggle.", keywords: ["on", "off"]),
        CommandVerb(
            "crossfade", [], "crossfade SECONDS", "Overlap entries by 0–30 seconds (0: gapless).",
            "crossfade needs seconds from 0 to 30, like crossfade 4."),
        CommandVerb(
            "single", [], "single [on|off|oneshot]", "Stop after the current entry: always, once, or not (no argument toggles).",
            "single takes on, off or oneshot, or nothing to toggle.", keywords: ["on", "off", "oneshot"]),
        CommandVerb(
            "consume", [], "consume [on|off]", "Remove entries from the queue once played (no argument toggles).",
            "consume takes on or off, or nothing to toggle.", keywords: ["on", "off"]),
        CommandVerb("status", [], "status", "Show what is playing and the player's settings.", "status takes no arguments."),
        CommandVerb(
            "queue", [], "queue [--since VERSION]", "List the queue, or what changed in it since a version.",
            "queue takes nothing, or --since and a queue version, like queue --since 41."),
        CommandVerb(
            "add", ["playlater"], "add [--at POSITION] ITEM…",
            "Add files, URLs or itunes:ID items at the end of the queue, or from a position on.",
            "add needs one or more files, URLs or itunes:ID items, after --at and a position counting from 1 if given."),
        CommandVerb(
            "playnext", ["insert"], "playnext ITEM…", "Add items right after the current entry.",
            "playnext needs one or more files, URLs or itunes:ID items."),
        CommandVerb(
            "move", ["mv"], "move POSITION|FIRST-LAST|#ID TO", "Move queue entries to another position.",
            "move needs an entry (a queue position counting from 1, a range of them, or #ID) and a position, like move 5 2, move 3-5 1 or move #12 1."
        ),
        CommandVerb(
            "swap", [], "swap POSITION|#ID POSITION|#ID", "Swap two queue entries' places.",
            "swap needs two entries (queue positions counting from 1, or #ID), like swap 1 4."),
        CommandVerb(
            "mix", [], "mix [FIRST-LAST]", "Put the queue, or part of it, in a random order once.",
            "mix takes nothing, or a range of queue positions like 3-9."),
        CommandVerb(
            "remove", ["rm", "delete"], "remove POSITION|FIRST-LAST|#ID…", "Remove queue entries.",
            "remove needs queue positions counting from 1 or entry ids, like remove 3, remove 2-5 or remove #12."),
        CommandVerb("clear", [], "clear", "Empty the queue and stop.", "clear takes no arguments."),
        CommandVerb(
            "jump", ["goto"], "jump POSITION|#ID [TIME]", "Play the queue entry at a position, or with an id (from TIME in).",
            "jump needs one queue position counting from 1, or #ID, and maybe a time, like jump 4, jump #12 or jump 4 1:30."),
        CommandVerb(
            "replace", [], "replace START ITEM…", "Replace the queue with the items and play the START-th (counting from 1).",
            "replace needs a position counting from 1 and at least that many items, like replace 3 itunes:1 itunes:2 itunes:3."),
        CommandVerb(
            "search", [], "search [songs|albums|artists] TERM", "Search the catalog; the rest of the line is the term.",
            "search needs a term, like search songs Guns N' Roses.", keywords: ["songs", "albums", "artists"]),
        CommandVerb(
            "lookup", [], "lookup ID…", "Look up catalog ids (songs, albums or artists).",
            "lookup needs catalog ids (digits), like lookup 1440857781."),
        CommandVerb(
            "album", [], "album ID", "Show a catalog album's tracks.",
            "album needs one catalog album id (digits), like album 1440857781."),
        CommandVerb(
            "artist", [], "artist ID", "Show a catalog artist and their albums.",
            "artist needs one catalog artist id (digits), like artist 5040714."),
        CommandVerb(
            "topsongs", [], "topsongs ARTIST-ID", "Show a catalog artist's most popular songs.",
            "topsongs needs one catalog artist id (digits), like topsongs 5040714."),
        CommandVerb(
            "charts", [], "charts [CC]", "Show the most played songs of a storefront.",
            "charts takes one two-letter storefront code, like charts us, or nothing."),
        CommandVerb(
            "save", [], "save [ID]", "Save a catalog song or album (or the entry playing) to the library.",
            "save takes one catalog id (digits), or nothing to save the entry playing."),
        CommandVerb(
            "unsave", [], "unsave [ID]", "Remove a song or album (or the entry playing) from the library.",
            "unsave takes one catalog id (digits), or nothing for the entry playing."),
        CommandVerb(
            "saved", [], "saved [songs|albums]", "List saved songs or albums.", "saved takes songs or albums.",
            keywords: ["songs", "albums"]),
        CommandVerb(
            "playlist", ["pl"], "playlist list|show|create|rename|delete|add|remove|move|play|import|export …",
            "Work on playlists.",
            "playlist needs one of list, show, create, rename, delete, add, remove, move, play, import or export.",
            keywords: ["list", "show", "create", "rename", "delete", "add", "remove", "move", "play", "import", "export"]),
        CommandVerb(
            "history", [], "history [list|on|off|clear]", "List recently played entries, or switch or clear the history.",
            "history takes list, on, off or clear.", keywords: ["list", "on", "off", "clear"]),
        CommandVerb(
            "folder", [], "folder add|remove DIR | folder list", "Add, remove or list the folders of your own music.",
            "folder takes add DIR, remove DIR or list, like folder add ~/Music.", keywords: ["add", "remove", "list"]),
        CommandVerb(
            "rescan", ["update"], "rescan [DIR]", "Scan the library folders (or one) again; only changed files are read.",
            "rescan takes nothing, or one library folder, like rescan ~/Music."),
        CommandVerb(
            "stats", [], "stats", "Count your songs, albums, artists and their time, and tell the last scan.", "stats takes no arguments."),
        CommandVerb(
            "find", [], "find TERM", "Search your library (your files and saved songs); the rest of the line is the term.",
            "find needs a term, like find daft punk."),
        CommandVerb(
            "library", ["lib"], "library songs|albums|artists|folders|album ID|artist ID|folder DIR …",
            "List your own music: songs, albums, artists, folders, and what they hold.",
            "library takes songs, albums, artists, folders, album ID, artist ID or folder DIR, like library albums --sort year.",
            keywords: ["songs", "albums", "artists", "folders", "album", "artist", "folder"]),
        CommandVerb(
            "workout", [],
            "workout start [running|cycling|walking|hiit|other] [--cadence SPM] [--minutes N] | pause | resume | end | status | cadence SPM|+N|-N | history | add ITEM… | play ITEM",
            "Run a workout: a stopwatch and music matched to your cadence.",
            "workout takes start, pause, resume, end, status, cadence, history, add or play, like workout start running --cadence 170.",
            keywords: ["start", "pause", "resume", "end", "status", "cadence", "history", "add", "play"]),
        CommandVerb(
            "tempo", ["bpm"], "tempo ITEM…", "Estimate the tempo (BPM) of files, URLs or itunes:ID items.",
            "tempo needs one or more files, URLs or itunes:ID items."),
        CommandVerb(
            "output", [], "output [list|enable N|disable N|toggle N]", "List the sound outputs, or switch one on or off.",
            "output takes list, or enable, disable or toggle and an output number from output list.",
            keywords: ["list", "enable", "disable", "toggle"]),
        CommandVerb(
            "picture", ["cover"], "picture ITEM", "Fetch an item's cover picture (its tags' or the catalog's).",
            "picture needs one file, URL or itunes:ID item."),
        CommandVerb("help", ["?"], "help [VERB]", "List the commands, or explain one.", "help takes one command name, like help seek."),
        CommandVerb("quit", [], "quit", "Pause and end the daemon (its state is saved for the next start).", "quit takes no arguments."),
    ]

    /// Whether carrying the verb out asks the catalog, which may wait on the network (or the
    /// rate limiter) and may be answered by the demo catalog instead.
    public var asksTheCatalog: Bool { Self.catalogVerbs.contains(name) }

    private static let catalogVerbs: Set<String> = ["search", "lookup", "album", "artist", "charts", "topsongs", "save", "tempo"]

    /// The verb a command line starts with, when its first word names one.
    public static func of(line: String) -> CommandVerb? {
        line.split(whereSeparator: { $0.unicodeScalars.allSatisfy(CommandWords.isSpace) }).first.flatMap { named(String($0)) }
    }

    /// The verb whose name or alias is `word` (case-insensitive).
    public static func named(_ word: String) -> CommandVerb? {
        let word = word.lowercased()
        return all.first { $0.name == word || $0.aliases.contains(word) }
    }

    /// The workout subcommands: usage and the sentence shown when their arguments are wrong.
    static let workoutForms: [String: (usage: String, expected: String)] = [
        "start": (
            "workout start [running|cycling|walking|hiit|other] [--cadence SPM] [--minutes N]",
            "workout start takes a kind (running, cycling, walking, hiit or other), --cadence SPM and --minutes N, like workout start running --cadence 170 --minutes 30."
        ),
        "pause": ("workout pause", "workout pause takes no more arguments."),
        "resume": ("workout resume", "workout resume takes no more arguments."),
        "end": ("workout end", "workout end takes no more arguments."),
        "status": ("workout status", "workout status takes no more arguments."),
        "history": ("workout history", "workout history takes no more arguments."),
        "cadence": (
            "workout cadence SPM|+N|-N",
            "workout cadence needs steps a minute from 30 to 250, or a nudge from +1 to +100 or -1 to -100, like workout cadence 170 or workout cadence +5."
        ),
        "add": (
            "workout add ITEM…",
            "workout add needs one or more songs, albums or playlists: itunes:ID items, files, URLs or playlist:NAME."
        ),
        "play": ("workout play ITEM", "workout play needs one item (itunes:ID, a file or a URL), like workout play itunes:1440857781."),
    ]

    /// The sentence for a `--cadence` value out of its range (`WorkoutRules.cadences`).
    static let cadenceOptionSentence = "--cadence takes steps a minute from 30 to 250, like --cadence 170."
    /// The sentence for a `--minutes` value out of its range (`WorkoutCommand.minutesRange`).
    static let minutesOptionSentence = "--minutes takes a length from 1 to 1440 minutes, like --minutes 30."

    /// Fixed words after a verb's first argument, for completion: `workout start` takes a kind
    /// and its options.
    static let secondKeywords: [String: [String: [String]]] = [
        "workout": ["start": ["running", "cycling", "walking", "hiit", "other", "--cadence", "--minutes"]],
        "library": [
            "songs": ["--sort", "--from"], "albums": ["--sort"], "tracks": ["--where", "--search", "--after"],
            "values": ["--group", "--where"], "count": ["--group", "--where"],
        ],
    ]

    /// The folder subcommands: usage and the sentence shown when their arguments are wrong.
    static let folderForms: [String: (usage: String, expected: String)] = [
        "add": ("folder add DIR", "folder add needs one folder, like folder add ~/Music."),
        "remove": ("folder remove DIR", "folder remove needs one library folder, like folder remove ~/Music."),
        "list": ("folder list", "folder list takes no more arguments."),
    ]

    /// The library subcommands: usage and the sentence shown when their arguments are wrong.
    static let libraryForms: [String: (usage: String, expected: String)] = [
        "songs": (
            "library songs [--sort title|artist|album|year|added|length] [--from N]",
            "library songs takes --sort KEY and --from N, like library songs --sort added --from 2000."
        ),
        "albums": (
            "library albums [--sort title|artist|album|year|added|length]",
            "library albums takes --sort KEY, like library albums --sort year."
        ),
        "artists": ("library artists", "library artists takes no more arguments."),
        "folders": ("library folders", "library folders takes no more arguments."),
        "album": ("library album ID", "library album needs one local album id, like library album local:album:12."),
        "artist": ("library artist ID", "library artist needs one local artist id, like library artist local:artist:7."),
        "folder": ("library folder DIR", "library folder needs one folder, like library folder ~/Music/Jazz."),
        "directory": ("library directory DIR", "library directory needs one folder, like library directory ~/Music/Jazz."),
        "tracks": (
            "library tracks [DIR] [--where FILTER | --search FILTER] [--after PATH]",
            "library tracks takes a folder, --where or --search FILTER and --after PATH, like library tracks --where '(Artist == \"Nina Simone\")'."
        ),
        "values": (
            "library values TAG [--group TAG]… [--where FILTER]",
            "library values needs a tag, then --group TAG and --where FILTER, like library values Album --group AlbumArtist."
        ),
        "count": (
            "library count [--group TAG] [--where FILTER]",
            "library count takes --group TAG and --where FILTER, like library count --group Artist."
        ),
    ]

    /// The sentence for a `--sort` key that is not one.
    static let sortOptionSentence = "--sort takes title, artist, album, year, added or length, like --sort year."
    /// The sentence for a `--from` value out of its range (`LibraryQuery.offsets`).
    static let fromOptionSentence = "--from takes a song number counting from 0, like --from 2000."

    /// The playlist subcommands: usage and the sentence shown when their arguments are wrong.
    static let playlistForms: [String: (usage: String, expected: String)] = [
        "list": ("playlist list", "playlist list takes no more arguments."),
        "show": ("playlist show NAME", "playlist show needs a playlist name, like playlist show Running."),
        "create": ("playlist create NAME", "playlist create needs a name, like playlist create Running."),
        "rename": ("playlist rename NAME NEW-NAME", "playlist rename needs the name and a new name, like playlist rename Old New."),
        "delete": ("playlist delete NAME", "playlist delete needs a playlist name, like playlist delete Running."),
        "add": ("playlist add NAME ITEM…", "playlist add needs a playlist name and one or more files, URLs or itunes:ID items."),
        "remove": (
            "playlist remove NAME POSITION|FIRST-LAST…",
            "playlist remove needs a playlist name and positions counting from 1, like playlist remove Running 3 5-7."
        ),
        "move": ("playlist move NAME FROM TO", "playlist move needs a playlist name and two positions counting from 1."),
        "play": ("playlist play NAME", "playlist play needs a playlist name, like playlist play Running."),
        "import": ("playlist import PATH [NAME]", "playlist import needs an M3U file path and, optionally, a name."),
        "export": ("playlist export NAME [PATH]", "playlist export needs a playlist name and, optionally, a file path."),
    ]
}
