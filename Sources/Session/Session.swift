import Catalog
import MusicModel
import Player

/// The one place commands are carried out (DESIGN.md, "One command path"): every key, `:` line,
/// `segue ctl` request and MPD command becomes a `Command` and comes here. Each completes with
/// a result or fails with a `CommandError` sentence; nothing else changes player state.
///
/// Thread-safe: the engine and the catalog are. Catalog commands block on the network, so a
/// front end runs them off its UI thread.
public final class Session: Sendable {
    /// The player engine.
    public let player: MusicPlayer
    private let catalog: ITunesCatalog?
    private let item: @Sendable (String) -> PlayableItem

    /// Creates a session over `player`; `catalog` answers catalog commands (nil: they fail with
    /// a sentence); `item` turns what a user typed (a path, URL or `itunes:ID`) into a queue item.
    public init(
        player: MusicPlayer, catalog: ITunesCatalog?, item: @escaping @Sendable (String) -> PlayableItem = { PlayableItem(location: $0) }
    ) {
        self.player = player
        self.catalog = catalog
        self.item = item
    }

    /// The state every front end shows.
    public var snapshot: Snapshot {
        let queue = player.queue
        return Snapshot(
            state: player.playerState, current: queue.currentEntry, queuePosition: queue.currentIndex.map { $0 + 1 },
            queueLength: queue.entries.count, position: player.playbackTime, duration: player.currentDuration)
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
        do {
            return .success(try run(command))
        } catch let error as CommandError {
            return .failure(error)
        } catch {
            return .failure(.failed(String(describing: error)))
        }
    }

    private func run(_ command: Command) throws -> CommandResult {
        switch command {
        case .play: try player.play()
        case .pause: player.pause()
        case .toggle: player.playerState.playbackStatus == .playing ? player.pause() : try player.play()
        case .stop: player.stop()
        case .next: try player.skipToNextEntry()
        case .previous: try player.skipToPreviousEntry()
        case .restart: try player.restartCurrentEntry()
        case .seek(let target): try player.seek(to: seconds(for: target))
        case .volume(let change): player.setVolume(volume(after: change))
        case .repeatMode(let mode): player.setRepeatMode(mode ?? next(after: player.playerState.repeatMode))
        case .shuffle(let mode): player.setShuffleMode(mode ?? (player.playerState.shuffleMode == .off ? .songs : .off))
        case .crossfade(let seconds): player.setCrossfade(seconds: seconds)
        case .status: break
        case .queue:
            let queue = player.queue
            return .queue(queue.entries, current: queue.currentEntryID)
        case .add(let locations, let position):
            let wasEmpty = player.queue.entries.isEmpty
            player.insert(locations.map(item), position: position)
            if wasEmpty { try player.play() }
        case .move(let from, let to): try player.move(try entryID(at: from), to: to - 1)
        case .remove(let ranges):
            let ids = try ranges.flatMap { range in try range.map { try entryID(at: $0) } }
            try player.remove(ids)
        case .clear: player.clear()
        case .jump(let position): try player.setCurrentEntry(try entryID(at: position))
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
        case .charts(let storefront): return .songs(try requireCatalog().topCharts(storefront: storefront))
        case .save, .unsave, .saved, .playlist, .history:
            throw CommandError.failed("The library is not available yet in this version of Segue.")
        case .help(let verb): return .text(CommandHelp.text(for: verb))
        }
        return .done(snapshot)
    }

    private func requireCatalog() throws -> ITunesCatalog {
        guard let catalog else { throw CommandError.failed("No catalog is configured.") }
        return catalog
    }

    /// The entry at a 1-based queue position, or a sentence saying the queue is shorter.
    private func entryID(at position: Int) throws -> QueueEntryID {
        let entries = player.queue.entries
        guard position >= 1, position <= entries.count else {
            throw CommandError.failed(
                entries.isEmpty ? "The queue is empty." : "There is no entry \(position); the queue has \(entries.count).")
        }
        return entries[position - 1].id
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
