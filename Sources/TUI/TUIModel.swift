import Library
import Session
import Terminal
import WireProtocol

/// The terminal UI's whole state, as a value: events (keys, mouse, resizes, lines from the
/// daemon, the clock) go in and come back as `Effect`s; `Screen.render` draws it. Nothing in here
/// blocks or performs I/O, so every behaviour is testable without a terminal or a daemon.
public struct TUIModel: Sendable {
    /// The four views the tab bar shows.
    public enum Tab: Int, CaseIterable, Sendable {
        case search, library, charts, queue

        /// Its name on the tab bar.
        public var title: String {
            switch self {
            case .search: "Search"
            case .library: "Library"
            case .charts: "Charts"
            case .queue: "Queue"
            }
        }
    }

    /// What the keyboard is doing.
    public enum Mode: Sendable, Equatable {
        /// Keys go through the key map.
        case normal
        /// Typing a `:` command line; `completions` cycle with Tab.
        case command(LineEditor, completions: [String], index: Int?)
        /// Typing a search; results follow as you type.
        case search(LineEditor)
    }

    /// A line on the message row: an error stays until the next key, as does a notice.
    public struct Message: Sendable, Equatable {
        /// The sentence shown.
        public var text: String
        /// Whether it reports a failure (drawn as an error) rather than a notice.
        public var isError: Bool
    }

    /// The settings in force.
    public internal(set) var config: TUIConfig
    /// The view on screen.
    public internal(set) var tab: Tab = .search
    /// Each tab's pages, its root first.
    public internal(set) var stacks: [[Page]]
    /// What the keyboard is doing.
    public internal(set) var mode: Mode = .normal
    /// The message row's text, until the next key.
    public internal(set) var message: Message?
    /// The daemon's last snapshot and the clock reading when it arrived.
    public internal(set) var snapshot: WireSnapshot?
    var snapshotTime = 0.0
    /// The screen's height; the runner sets it with `resize`.
    public internal(set) var screenRows = 24
    /// The screen's width; the runner sets it with `resize`.
    public internal(set) var screenColumns = 80
    /// Rows the list area has.
    public var listHeight: Int { Layout(rows: screenRows, columns: screenColumns).listRows.count }

    var commandHistory: [String]
    /// Set while the catalog is unreachable and the demo catalog answers (the tab bar says so).
    public internal(set) var catalogNotice: String?
    var searchTerm = ""
    var searchDeadline: Double?
    var searchesInFlight = 0
    var searchQueued = false
    var results = SearchResults()
    var savedSongs: [WireSong] = []
    var savedAlbums: [WireAlbum] = []
    var playlists: [WirePlaylist] = []
    var history: [WireHistoryItem] = []
    /// What `find` answered for the Search page's term, and whether one is in flight (and
    /// another term waits for it).
    var found = FoundResults()
    var findInFlight = false
    var findQueued = false
    /// The counts of the user's own music, once `stats` answered.
    var libraryStats: LibraryStats?
    /// Set when the library changed while the Library view was not on screen.
    var libraryStale = false
    /// The library scan under way, from the last snapshot or `library` event (nil: none).
    public internal(set) var scan: ScanProgress?
    var queueStale = true
    /// The queue's entries as last read, and the version they are at (nil until a daemon that
    /// has versions said one): a `queueChanged` event then asks only for what changed since.
    var queueEntries: [WireEntry] = []
    var queueVersion: Int?
    /// Queue entries that could not be played, by id, with the daemon's reason (a file gone
    /// missing, say): their rows say so.
    var failedEntries: [Int: String] = [:]
    var chartsLoaded = false
    var touched = false
    var nextID = 1
    var pending: [Int: Purpose] = [:]
    /// The workout screen's state and the daemon's last word on the workout.
    public internal(set) var workout = WorkoutState()
    /// The covers asked for, ready or missing.
    public internal(set) var covers = CoverStore()
    /// Catalog artwork URLs (at the catalog's size) found for covers, so frames need not search.
    var artworkBase: [CoverKey: String] = [:]
    /// What the terminal can draw pictures with; none until the runner says.
    public internal(set) var graphics = TerminalGraphics.cells(.none)
    /// Whether the now-playing view (a large cover and the song) replaces the list.
    public internal(set) var coverView = false

    /// A UI with these settings; `commandHistory` is the `:` lines of earlier sessions, oldest first.
    public init(config: TUIConfig = TUIConfig(), commandHistory: [String] = []) {
        self.config = config
        self.commandHistory = commandHistory
        stacks = [
            [Page(kind: .search, title: "Search", status: "Press / and type to search the catalog and your library.")],
            [Page(kind: .library, title: "Library", rows: TUIModel.sectionRows(stats: nil))],
            [Page(kind: .charts, title: "Charts", status: "Loading the charts…")],
            [Page(kind: .queue, title: "Queue", status: "Loading the queue…")],
        ]
    }

    /// The terminal is now `rows` × `columns`; the cursor stays in view.
    public mutating func resize(rows: Int, columns: Int) {
        screenRows = max(0, rows)
        screenColumns = max(0, columns)
        for t in stacks.indices {
            for p in stacks[t].indices { stacks[t][p].list.reveal(height: listHeight) }
        }
    }

    /// The `:` lines typed so far, oldest first (the runner saves them).
    public var typedCommands: [String] { commandHistory }

    /// The page on screen.
    public var page: Page {
        get { stacks[tab.rawValue].last! }
        set { stacks[tab.rawValue][stacks[tab.rawValue].count - 1] = newValue }
    }

    /// The position to show for the entry playing, moving on with the clock while playing.
    public func position(now: Double) -> Double? {
        guard let snapshot, let position = snapshot.position else { return nil }
        var p = position
        if snapshot.status == "playing" { p += max(0, now - snapshotTime) }
        if let d = snapshot.duration { p = min(p, d) }
        return p
    }

    /// When the runner must call `tick` next even with no input: at the next whole second of the
    /// playing position, or of the workout's stopwatch while the workout screen shows it running,
    /// or when a search is due. Nil while paused with nothing due: no wake-ups.
    public func nextWake(now: Double) -> Double? {
        var wake = searchDeadline
        if let next = workoutWake(now: now) { wake = min(wake ?? next, next) }
        if let snapshot, snapshot.status == "playing", let p = position(now: now) {
            let next = now + (p.rounded(.down) + 1 - p) + 0.005
            wake = min(wake ?? next, next)
        }
        return wake
    }

    /// The requests a freshly attached UI sends: the queue, the library and the workout.
    public mutating func start() -> [Effect] {
        [
            request(.queue, .queue), request(.savedSongs, .saved(.songs)), request(.savedAlbums, .saved(.albums)),
            request(.playlists, .playlist(.list)), request(.history, .history(.list)),
            request(.workoutStatus, .workout(.status)), request(.stats, .stats),
        ]
    }

    /// The clock moved on: fires a search whose debounce ran out.
    /// Also asks for the status while an entry plays whose length is not known yet (the daemon
    /// learns it once decoding starts and sends no event for that).
    public mutating func tick(now: Double) -> [Effect] {
        var effects: [Effect] = []
        if let snapshot, snapshot.status == "playing", snapshot.current != nil, snapshot.duration == nil,
            !pending.values.contains(.refresh), now - snapshotTime >= 0.5
        {
            effects.append(request(.refresh, .status))
        }
        guard let deadline = searchDeadline, now >= deadline else { return effects }
        searchDeadline = nil
        return effects + fireSearch()
    }

    /// Sends `command` for `purpose`, remembering why, on the connection the command calls for:
    /// one that may wait on the catalog (`Command.asksTheCatalog`) goes on the catalog
    /// connection and never holds up a key like pause.
    mutating func request(_ purpose: Purpose, _ command: Command) -> Effect {
        let id = nextID
        nextID += 1
        pending[id] = purpose
        return .send(id: id, command: command, channel: command.asksTheCatalog ? .catalog : .control)
    }

    /// Shows `text` on the message line as an error (a config problem, for example).
    public mutating func showError(_ text: String) { error(text) }

    mutating func notice(_ text: String) { message = Message(text: text, isError: false) }
    mutating func error(_ text: String) { message = Message(text: text, isError: true) }

    /// Opens `page` on top of the current tab's stack.
    mutating func push(_ page: Page) { stacks[tab.rawValue].append(page) }

    /// Updates every page of `kind` in every tab.
    mutating func updatePages(_ kind: Page.Kind, _ change: (inout Page) -> Void) {
        for t in stacks.indices {
            for p in stacks[t].indices where stacks[t][p].kind == kind { change(&stacks[t][p]) }
        }
    }
}

/// The catalog's answers to the search being shown.
struct SearchResults: Sendable {
    var term = ""
    var songs: [WireSong]?
    var albums: [WireAlbum]?
    var artists: [WireArtist]?
    var failure: String?
}
