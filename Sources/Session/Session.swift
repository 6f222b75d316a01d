import Catalog
import Checked
import Library
import MusicModel
import Player
import Synchronization
import Workout

#if canImport(Glibc)
    import Glibc
#endif

/// The one place commands are carried out (DESIGN.md, "One command path"): every key, `:` line,
/// `segue ctl` request and MPD command becomes a `Command` and comes here. Each completes with
/// a result or fails with a `CommandError` sentence; nothing else changes player state.
///
/// Thread-safe: the engine and the catalog are. Catalog commands block on the network, so a
/// front end runs them off its UI thread.
public final class Session: Sendable {
    /// The player engine: private, so every change of player state goes through `perform`.
    let player: MusicPlayer
    private let catalog: (any MusicCatalog)?
    private let library: MusicLibrary?
    private let item: @Sendable (String) -> PlayableItem
    private let clock: @Sendable () -> Double
    private let onQuit: (@Sendable () -> Void)?
    private let catalogNoticeSource: (@Sendable () -> String?)?
    private let observers = SessionObservers()
    private let keeper: QueueKeeper?
    /// The catalog notice last published, so each change is said once.
    private let lastNotice = Mutex<String?>(nil)
    /// Tempos by item: the library's table, then the analyzer.
    private let tempo: TempoKeeper
    /// Runs the workout, when one runs.
    private let workout: WorkoutDriver
    /// Scans and watches the library's folders (nil: no folders are scanned).
    private let scanner: (any LibraryScanning)?
    /// The commands of the user's own music, over the library and the scanner.
    private let local: LibraryCommands
    /// The configured output as `output list` shows it, and whether it is enabled.
    let outputState: Mutex<AudioOutputInfo>
    /// Where pictures come from: tags of local files, folder covers, the catalog's artwork.
    let pictures: PictureSource
    /// When each playlist last changed in this run (by name); one not changed since the session
    /// started reads as changed then (`playlistsSince`), which is what a client's cache needs.
    let playlistTimes = Mutex<[String: Double]>([:])
    /// When the session started, seconds since 1970.
    let playlistsSince: Double

    /// Creates a session over `player`; `catalog` answers catalog commands and `library` the
    /// library's (nil: they fail with a sentence); `item` turns what a user typed (a path, URL or
    /// `itunes:ID`) into a queue item; `clock` gives seconds since 1970 for history. `onQuit` is
    /// called by `quit` after it paused playback, on the thread performing the command and before
    /// `perform` returns (so it must not wait for the reply to be delivered); nil makes `quit`
    /// fail with a sentence. With `keepsQueue` (and a library) the queue is kept between runs:
    /// `.restoreSavedQueue` puts it back and every change after that is saved; `restoreMarker` is
    /// the file that guards a restore against crashing every start (see `SessionOperation`).
    /// `workout` gives workouts and `tempo` their settings, featured tracks, tempo analyzer and
    /// monotonic clock.
    ///
    /// The player's events must reach `handle(_:)` (the `makePlayer` initializer wires that).
    public init(
        player: MusicPlayer, catalog: (any MusicCatalog)?, library: MusicLibrary? = nil,
        item: @escaping @Sendable (String) -> PlayableItem = { PlayableItem(location: $0) },
        clock: @escaping @Sendable () -> Double = { Double(time(nil)) },
        onQuit: (@Sendable () -> Void)? = nil,
        catalogNotice: (@Sendable () -> String?)? = nil,
        keepsQueue: Bool = false, restoreMarker: String? = nil,
        workout: WorkoutSetup = WorkoutSetup(), scanner: (any LibraryScanning)? = nil,
        output: AudioOutputInfo = .standard, pictures: PictureSource = PictureSource()
    ) {
        self.outputState = Mutex(output)
        self.pictures = pictures
        self.playlistsSince = clock()
        self.scanner = scanner
        self.local = LibraryCommands(library: library, scanner: scanner, home: { LibraryPaths.home })
        self.catalogNoticeSource = catalogNotice
        self.player = player
        self.catalog = catalog
        self.library = library
        self.item = item
        self.clock = clock
        self.onQuit = onQuit
        self.keeper = keepsQueue ? library.map { QueueKeeper(library: $0, marker: restoreMarker) } : nil
        let tempo = TempoKeeper(library: library, analyze: workout.analyze)
        self.tempo = tempo
        // The driver announces catalog switches it finds through this session, made below.
        let relay = EventRelay()
        self.workout = WorkoutDriver(
            player: player, catalog: catalog, library: library, setup: workout, tempo: tempo, item: item, wallClock: clock,
            publish: { [observers] in observers.publish($0) }, catalogWorkDone: { relay.session?.publishCatalogNoticeChange() })
        relay.session = self
        scanner?.start { [observers] activity in observers.publish(.library(activity)) }
    }

    /// As `init(player:…)`, with the player made by `makePlayer` from the event handler it must
    /// call: its events reach this session (and so its observers) from the start.
    public convenience init(
        makePlayer: (@escaping @Sendable (PlayerEvent) -> Void) -> MusicPlayer, catalog: (any MusicCatalog)?,
        library: MusicLibrary? = nil,
        item: @escaping @Sendable (String) -> PlayableItem = { PlayableItem(location: $0) },
        clock: @escaping @Sendable () -> Double = { Double(time(nil)) },
        onQuit: (@Sendable () -> Void)? = nil,
        catalogNotice: (@Sendable () -> String?)? = nil,
        keepsQueue: Bool = false, restoreMarker: String? = nil,
        workout: WorkoutSetup = WorkoutSetup(), scanner: (any LibraryScanning)? = nil,
        output: AudioOutputInfo = .standard, pictures: PictureSource = PictureSource()
    ) {
        let relay = EventRelay()
        self.init(
            player: makePlayer { relay.session?.handle($0) }, catalog: catalog, library: library, item: item, clock: clock,
            onQuit: onQuit, catalogNotice: catalogNotice, keepsQueue: keepsQueue, restoreMarker: restoreMarker, workout: workout,
            scanner: scanner, output: output, pictures: pictures)
        relay.session = self
    }

    /// Why the catalog's last answer came from the demo catalog (the service was unreachable),
    /// or nil when it came from the service.
    public var catalogNotice: String? { catalogNoticeSource?() }

    /// Calls `observer` with every event from now on, until the returned observation is
    /// cancelled or released. Events arrive on the thread that caused them (a command's or the
    /// player's), in order per thread; an observer must not block for long.
    public func observe(_ observer: @escaping @Sendable (SessionEvent) -> Void) -> SessionObservation {
        observers.add(observer)
    }

    /// Where the player's events come in: entries heard to the end or past half go into the
    /// listening history (when it is on), observers hear the event, and a kept queue saves
    /// what it changed.
    public func handle(_ event: PlayerEvent) {
        if case .entryPlayed(let entry) = event { try? library?.recordPlay(entry.item, at: clock()) }
        observers.publish(.player(event))
        keeper?.handle(event, player: player)
        workout.handle(event)
    }

    /// The queue as it is now (entries, the current one, modes).
    public var queue: PlayerQueue { player.queue }

    /// Tells observers that playlists or outputs changed (MPD's `stored_playlist`, `output`).
    func publish(_ change: SessionChange) { observers.publish(.changed(change)) }

    /// Whether the player is playing now (the output's switch pauses it when it is silenced).
    var isPlaying: Bool { player.playerState.playbackStatus == .playing }

    /// Seconds since 1970 by the session's clock.
    var now: Double { clock() }

    /// Pauses the player (the output was silenced).
    func pausePlayer() { player.pause() }

    /// Stops the session for good: the workout's worker stops (a workout running is dropped), a
    /// kept queue is saved and its restore marker removed, then the player stops and lets go of the output. Nothing may be performed afterwards.
    public func shutdown() {
        scanner?.shutdown()
        workout.shutdown()
        keeper?.stop(player)
        player.shutdown()
    }

    /// The state every front end shows.
    public var snapshot: Snapshot {
        let now = player.moment
        let queue = now.queue
        var snapshot = Snapshot(
            state: now.state, current: queue.currentEntry, queuePosition: queue.currentIndex.map { $0 + 1 },
            queueLength: queue.entries.count, position: now.position, duration: now.duration, queueVersion: queue.version,
            scan: scanner?.progress)
        if let next = Self.nextEntry(in: queue) {
            snapshot.nextEntry = next
            snapshot.nextPosition = queue.index(of: next.id).map { $0 + 1 }
        }
        if now.heard != nil, now.heard == queue.currentEntryID { snapshot.heardFormat = player.nowPlaying?.sourceFormat }
        return snapshot
    }

    /// The entry that plays after the current one ends, as MPD's `nextsong` tells it: itself
    /// under repeat one, else the next in play order (the first again under repeat all).
    private static func nextEntry(in queue: PlayerQueue) -> QueueEntry? {
        guard let current = queue.currentEntryID else { return nil }
        if queue.repeatMode == .one { return queue.currentEntry }
        return queue.entry(after: current, reason: .userSkipped).flatMap(queue.entry)
    }

    /// Parses `line` and carries it out.
    public func perform(line: String) -> Result<CommandResult, CommandError> {
        do {
            return perform(try Command.parse(line))
        } catch {
            return .failure(error)
        }
    }

    /// Carries out `command`.
    public func perform(_ command: Command) -> Result<CommandResult, CommandError> {
        perform(.command(command))
    }

    /// Carries out `operation`: the one path on which player state changes. Observers hear the
    /// catalog notice change (if the operation found one) before this returns.
    public func perform(_ operation: SessionOperation) -> Result<CommandResult, CommandError> {
        defer { publishCatalogNoticeChange() }
        do {
            switch operation {
            case .command(let command):
                try refuseSilentPlayback(command)
                defer { pauseWhenSilenced() }
                return .success(try run(command))
            case .restoreSavedQueue:
                if let notice = keeper?.restore(into: player) { observers.publish(.notice(notice)) }
                return .success(.done(snapshot))
            case .openLibrary(let folders): return .success(.text(local.start(configured: folders).joined(separator: "\n")))
            }
        } catch let error as CommandError {
            return .failure(error)
        } catch {
            return .failure(.failed(String(describing: error)))
        }
    }

    /// Tells observers when the catalog became unreachable (the demo answers instead) or
    /// reachable again.
    private func publishCatalogNoticeChange() {
        guard catalogNoticeSource != nil else { return }
        let notice = catalogNotice
        let changed = lastNotice.withLock { last in
            defer { last = notice }
            return last != notice
        }
        if changed { observers.publish(.catalogNotice(notice)) }
    }

    private func run(_ command: Command) throws -> CommandResult {
        switch command {
        case .play: try player.play()
        case .pause: player.pause()
        case .toggle: player.playerState.playbackStatus == .playing ? player.pause() : try player.play()
        case .stop: player.stop()
        case .next:
            workout.skipped()
            try player.skipToNextEntry()
        case .previous: try player.skipToPreviousEntry()
        case .restart: try player.restartCurrentEntry()
        case .seek(let target): try player.seek(to: seconds(for: target))
        case .volume(let change): player.setVolume(volume(after: change))
        case .repeatMode(let mode): player.setRepeatMode(mode ?? next(after: player.playerState.repeatMode))
        case .shuffle(let mode): player.setShuffleMode(mode ?? (player.playerState.shuffleMode == .off ? .songs : .off))
        case .crossfade(let seconds): player.setCrossfade(seconds: seconds)
        case .single, .consume, .jumpTo, .moveRange, .swap, .mix: return try queueEdit(command)
        case .output(let command): return try output(command)
        case .picture(let text): return .picture(try picture(of: item(text), catalog: catalog))
        case .status: break
        case .queue:
            let queue = player.queue
            return .queue(queue.entries, current: queue.currentEntryID, version: queue.version)
        case .queueChanges(let version):
            // One copy of the queue answers both ways, so the changes and the version agree.
            let queue = player.queue
            if let changes = queue.changes(since: version) { return .queueChanges(changes) }
            return .queue(queue.entries, current: queue.currentEntryID, version: queue.version)
        case .add(let locations, let position):
            let held = player.queue.entries.count
            try Self.checkRoom(in: "The queue", holding: held, adding: locations.count)
            let wasEmpty = held == 0
            let ids = player.insert(described(locations), position: position)
            if wasEmpty { try player.play() }
            return .added(ids, snapshot)
        case .move(let from, let to):
            let id = try entryID(from)
            try Self.naming(id) { try player.move(id, to: try Self.zeroBased(to)) }
        case .remove(let selections):
            let ids = try entryIDs(selections)
            try Self.naming(ids.first) { try player.remove(ids) }
        case .clear: player.clear()
        case .jump(let entry):
            let id = try entryID(entry)
            try Self.naming(id) { try player.setCurrentEntry(id) }
        case .replace(let locations, let start):
            // The parser checks this too, but a Command can be built without it.
            guard start >= 1, start <= locations.count else {
                throw CommandError.failed("There is no item \(start) to start at; replace was given \(locations.count).")
            }
            try Self.checkRoom(in: "The queue", holding: 0, adding: locations.count)
            // setQueue makes the start current; under shuffle it reshuffles with the current entry
            // first, so the chosen item plays first either way.
            let ids = player.setQueue(described(locations), startingAt: start - 1)
            try player.play()
            return .added(ids, snapshot)
        case .search(let kind, let term):
            let catalog = try requireCatalog()
            switch kind {
            case .songs: return .songs(Array(try catalog.searchSongs(term: term)))
            case .albums: return .albums(Array(try catalog.searchAlbums(term: term)))
            case .artists: return .artists(Array(try catalog.searchArtists(term: term)))
            }
        case .lookup(let ids): return .songs(try requireCatalog().lookupSongs(ids: ids))
        case .album(let id): return .songs(Array(try requireCatalog().albumTracks(albumID: id).tracks ?? []))
        case .artist(let id): return .albums(Array(try requireCatalog().artistAlbums(artistID: id)))
        case .topSongs(let id): return .songs(Array(try requireCatalog().artistTopSongs(artistID: id, limit: Self.topSongsLimit)))
        case .charts(let storefront): return .songs(try requireCatalog().topCharts(storefront: storefront))
        case .save(let id): try save(id)
        case .unsave(let id):
            let target = try catalogID(id)
            try requireLibrary().removeSavedSong(id: target)
            try requireLibrary().removeSavedAlbum(id: target)
        case .saved(.songs): return .songs(try requireLibrary().savedSongs())
        case .saved(.albums): return .albums(try requireLibrary().savedAlbums())
        case .playlist(let command):
            let result = try playlist(command)
            playlistsChanged(by: command)
            return result
        case .workout(let command): return try workout.perform(command)
        case .tempo(let words): return .tempo(try tempoReports(words))
        case .history(.list): return .history(try requireLibrary().recentlyPlayed(limit: 50))
        case .history(.on): try requireLibrary().setHistoryEnabled(true)
        case .history(.off): try requireLibrary().setHistoryEnabled(false)
        case .history(.clear): try requireLibrary().clearHistory()
        case .folder, .rescan, .stats, .find, .library: return try local.run(command)
        case .help(let verb): return .text(CommandHelp.text(for: verb))
        case .quit:
            guard let onQuit else { throw CommandError.failed("This session cannot be quit from here.") }
            // Paused, not stopped: stopping forgets the position, and the daemon saves it on the way
            // out so the next start resumes there.
            player.pause()
            onQuit()
        }
        return .done(snapshot)
    }

    /// The most items one `tempo` command analyses.
    static let maxTempoItems = 100

    /// `tempo ITEM…`: each item's tempo from the library, else analysed now (this thread waits)
    /// and stored; an item that cannot be analysed gets a sentence, and the rest go on.
    private func tempoReports(_ words: [String]) throws -> [TempoReport] {
        guard words.count <= Self.maxTempoItems else {
            throw CommandError.failed("tempo takes at most \(Self.maxTempoItems) items at once; \(words.count) were given.")
        }
        let cadence = workout.cadence.map(Double.init)
        // One lookup names the catalog songs and gives their previews, which are analysed
        // (streamed from the preview host, not the rate-limited catalog).
        let items = words.map(item)
        let ids = items.compactMap { $0.parsedLocation?.catalogID }
        var songs: [String: Song]?
        if !ids.isEmpty, let catalog, let found = try? catalog.lookupSongs(ids: ids) {
            songs = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return zip(words, items).map { word, item in
            var item = item
            let id = item.parsedLocation?.catalogID
            let song = id.flatMap { songs?[$0] }
            if let song {
                item.title = song.title
                item.artist = song.artistName
            } else if let id, songs != nil, tempo.cached(item) == nil {
                // The catalog answered without it: nothing to analyse.
                return TempoReport(item: word, error: "The catalog has no song with the id \(id).")
            }
            do {
                let estimate = try tempo.estimate(item, preview: song?.previewURL, cadence: cadence)
                return TempoReport(item: word, title: item.title, estimate: estimate)
            } catch {
                return TempoReport(item: word, title: item.title, error: String(describing: error))
            }
        }
    }

    /// How many songs `topsongs` asks the catalog for.
    static let topSongsLimit = 25

    /// Queue items for what a user typed, with the titles, artists, albums and lengths of local
    /// files from the library's tags and of catalog songs (and their artwork URLs) from the catalog (one lookup for all
    /// of them, usually from its cache), so the queue, playlists and history read as music
    /// rather than paths and ids. What neither knows stays bare.
    private func described(_ locations: [String]) -> [PlayableItem] {
        var items = local.described(locations.map(item))
        guard let catalog else { return items }
        var bare: [Int] = []
        var ids: [String] = []
        for index in items.indices where items[index].title == nil {
            guard case .catalog(catalog.name, let id)? = items[index].parsedLocation else { continue }
            bare.append(index)
            ids.append(id)
        }
        guard !bare.isEmpty, let songs = try? catalog.lookupSongs(ids: ids) else { return items }
        let byID = Dictionary(songs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, id) in zip(bare, ids) {
            guard let song = byID[id] else { continue }
            items[index].title = song.title
            items[index].artist = song.artistName
            items[index].album = song.albumTitle
            // The artwork template, so a client can show the cover of a song it never listed.
            items[index].artworkURL = items[index].artworkURL ?? song.artwork?.baseURL
            // Not the duration: the catalog gives the whole track's, a preview lasts 30 s.
        }
        return items
    }

    private func requireLibrary() throws -> MusicLibrary {
        guard let library else { throw CommandError.failed("The library is not open.") }
        return library
    }

    /// A catalog id as given, or the playing entry's when none is (catalog items only).
    private func catalogID(_ id: String?) throws -> String {
        if let id { return id }
        guard let location = player.queue.currentEntry?.item.location else { throw CommandError.failed("Nothing is playing.") }
        guard let id = ItemLocation(parsing: location)?.catalogID else {
            throw CommandError.failed("Only catalog songs can be saved; add files to a playlist instead.")
        }
        return id
    }

    /// Saves a catalog song or album (looked up so its metadata is complete).
    private func save(_ id: String?) throws {
        let target = try catalogID(id)
        let library = try requireLibrary()
        switch try requireCatalog().lookup(id: target) {
        case .song(let song): try library.save(song: song)
        case .album(let album): try library.save(album: try requireCatalog().albumTracks(albumID: album.id))
        case .artist: throw CommandError.failed("Artists cannot be saved; save their songs or albums.")
        }
    }

    private func playlist(_ command: PlaylistCommand) throws -> CommandResult {
        let library = try requireLibrary()
        func id(_ name: String) throws -> PlaylistID {
            guard let found = try library.playlists().first(where: { $0.name == name }) else {
                throw CommandError.failed("There is no playlist called \"\(name)\".")
            }
            return found.id
        }
        switch command {
        case .list: return .playlists(dated(try library.playlists()))
        case .show(let name): return .items(try library.playlistItems(try id(name)))
        case .create(let name): _ = try library.createPlaylist(name: name)
        case .rename(let name, let newName): try library.renamePlaylist(try id(name), to: newName)
        case .delete(let name): try library.deletePlaylist(try id(name))
        case .add(let name, let locations):
            let held = try library.playlists().first { $0.name == name }?.itemCount ?? 0
            try Self.checkRoom(in: "The playlist \"\(name)\"", holding: held, adding: locations.count)
            try library.addToPlaylist(try id(name), items: described(locations))
        case .remove(let name, let ranges):
            // Positions count from 1 here and from 0 in the library; a range is shifted, never expanded.
            try positionsChecked(in: name) {
                let zeroBased = try ranges.map { try Self.zeroBased($0.lowerBound)...($0.upperBound - 1) }
                try library.removeFromPlaylist(try id(name), ranges: zeroBased)
            }
        case .move(let name, let from, let to):
            try positionsChecked(in: name) {
                try library.movePlaylistItem(try id(name), from: try Self.zeroBased(from), to: try Self.zeroBased(to))
            }
        case .play(let name):
            let items = try library.playlistItems(try id(name))
            guard !items.isEmpty else { throw CommandError.failed("The playlist \"\(name)\" is empty.") }
            player.setQueue(items)
            try player.play()
        case .importM3U(let path, let name):
            let text = try TextFile.read(path)
            // Counted before anything is parsed or stored: an 8 MB file of one-letter lines
            // would otherwise become four million rows.
            let entries = text.split(whereSeparator: \.isNewline).count { !$0.isEmpty && $0.first != "#" }
            guard entries <= Limits.maxQueueEntries else {
                throw CommandError.failed(
                    "\(path) lists \(entries) entries; a playlist can hold at most \(Limits.maxQueueEntries).")
            }
            let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
            let base = String(path.split(separator: "/").last ?? Substring(path))
            let fallback = base.hasSuffix(".m3u8") ? String(base.dropLast(5)) : base.hasSuffix(".m3u") ? String(base.dropLast(4)) : base
            _ = try library.importM3U(name: name ?? fallback, text: text, baseDirectory: folder)
        case .exportM3U(let name, let path):
            guard let path else { return .text(try library.exportM3U(try id(name))) }
            // Files under the playlist file's own folder are written relative to it, so the
            // folder can move (or be mounted elsewhere) with its playlists.
            let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
            try TextFile.write(try library.exportM3U(try id(name), relativeTo: folder), to: path)
        }
        return .done(snapshot)
    }

    /// Refuses an edit that would take a queue or playlist past `Limits.maxQueueEntries`, with
    /// a sentence saying how many it holds, before anything is added.
    static func checkRoom(in what: String, holding held: Int, adding count: Int) throws(CommandError) {
        let cap = Limits.maxQueueEntries
        guard let total = Checked.sum(held, count), total > cap else { return }
        let has = held > 0 ? " and already holds \(held)" : ""
        throw CommandError.failed("\(what) can hold at most \(cap) entries\(has); \(count) more cannot be added.")
    }

    private func requireCatalog() throws -> any MusicCatalog {
        guard let catalog else { throw CommandError.failed("No catalog is configured.") }
        return catalog
    }

    /// Runs a playlist edit, turning the library's 0-based "outside the list" into the sentence
    /// the queue's commands give, with the position as the user wrote it.
    private func positionsChecked(in name: String, _ edit: () throws -> Void) throws {
        do {
            try edit()
        } catch LibraryError.indexOutOfRange(let index, let count) {
            throw CommandError.failed(
                count == 0
                    ? "The playlist \"\(name)\" is empty."
                    : "There is no entry \(index &+ 1); the playlist has \(count).")
        }
    }

    /// A position counting from 1 as an index counting from 0; the parser reads no position
    /// below 1, but a `Command` can be built without it.
    static func zeroBased(_ position: Int) throws -> Int {
        guard position >= 1 else { throw CommandError.failed("There is no entry \(position); positions count from 1.") }
        return position - 1
    }

    /// The entry a command names: the one at a 1-based queue position (or a sentence saying the
    /// queue is shorter), or the one with an id (or a sentence saying there is none).
    func entryID(_ entry: EntryReference) throws -> QueueEntryID {
        let queue = player.queue
        switch entry {
        case .position(let position):
            try Self.check(position...position, count: queue.entries.count)
            return queue.entries[position - 1].id
        case .id(let id):
            guard queue.entry(id) != nil else { throw Self.noEntry(id) }
            return id
        }
    }

    /// The entries `remove` names (each once, in queue order), all read from one copy of the
    /// queue. Every position and id is checked before anything is removed, and no range is
    /// expanded beyond the queue: `remove 1-999999999` costs what the queue's length costs.
    private func entryIDs(_ selections: [EntrySelection]) throws -> [QueueEntryID] {
        let entries = player.queue.entries
        var chosen = [Bool](repeating: false, count: entries.count)
        var named: Set<QueueEntryID> = []
        for selection in selections {
            switch selection {
            case .positions(let range): try Self.check(range, count: entries.count)
            case .id(let id): named.insert(id)
            }
        }
        for selection in selections {
            if case .positions(let range) = selection { for position in range { chosen[position - 1] = true } }
        }
        for index in entries.indices where named.remove(entries[index].id) != nil { chosen[index] = true }
        if let unknown = named.min() { throw Self.noEntry(unknown) }
        return entries.indices.filter { chosen[$0] }.map { entries[$0].id }
    }

    /// The sentence for an id that names no entry of the queue.
    private static func noEntry(_ id: QueueEntryID) -> CommandError {
        .failed("There is no entry #\(id.rawValue) in the queue.")
    }

    /// Runs a player edit of entries named a moment ago; when another client removed one in
    /// between, the player's "unknown entry" becomes the sentence naming `id`.
    static func naming(_ id: QueueEntryID?, _ edit: () throws -> Void) throws {
        do {
            try edit()
        } catch PlayerError.unknownEntry {
            guard let id else { throw PlayerError.unknownEntry }
            throw noEntry(id)
        }
    }

    /// Throws the sentence for a range of 1-based positions that reaches outside a queue of `count`.
    static func check(_ range: ClosedRange<Int>, count: Int) throws {
        guard range.lowerBound < 1 || range.upperBound > count else { return }
        let outside = range.lowerBound < 1 || range.lowerBound > count ? range.lowerBound : range.upperBound
        throw CommandError.failed(count == 0 ? "The queue is empty." : "There is no entry \(outside); the queue has \(count).")
    }

    private func seconds(for target: SeekTarget) throws -> Double {
        switch target {
        case .absolute(let s): return s
        case .relative(let delta): return max(0, player.playbackTime + delta)
        case .percent(let p):
            guard let duration = player.currentDuration else {
                throw CommandError.failed("The length of this entry is not known, so it cannot seek to a percentage.")
            }
            return duration * p / 100
        }
    }

    private func volume(after change: VolumeChange) -> Double {
        switch change {
        case .absolute(let percent): return Double(percent) / 100
        case .relative(let delta): return min(1, max(0, player.playerState.volume + Double(delta) / 100))
        }
    }

    private func next(after mode: RepeatMode) -> RepeatMode {
        switch mode {
        case .none: .all
        case .all: .one
        case .one: .none
        }
    }
}
