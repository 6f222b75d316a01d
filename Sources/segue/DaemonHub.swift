import Daemon
import Library
import Player
import Session
import Synchronization
import WireProtocol

/// Connects the daemon's parts: requests from socket clients go to the session (the one
/// command path), player events go to the listening history, to subscribed clients and into
/// the saved queue state.
final class DaemonHub: Sendable {
    private let parts = Mutex<(session: Session?, server: LineServer?)>((nil, nil))
    private let library: MusicLibrary?

    init(library: MusicLibrary?) { self.library = library }

    func attach(session: Session, server: LineServer) { parts.withLock { $0 = (session, server) } }

    var session: Session? { parts.withLock { $0.session } }

    /// One request line from a client: a reply always comes back, even for garbage.
    func request(_ client: LineClient, _ line: String) {
        guard let session else { return }
        let request: WireRequest
        do {
            request = try WireRequest.parse(line)
        } catch {
            client.send(WireReply.failure(id: nil, message: error.description))
            return
        }
        if let subscribe = request.subscribe {
            client.isSubscribed = subscribe
            if request.command == nil {
                client.send(WireReply.success(id: request.id, result: .done(session.snapshot)))
                return
            }
        }
        guard let command = request.command else { return }
        switch session.perform(line: command) {
        case .success(let result): client.send(WireReply.success(id: request.id, result: result))
        case .failure(let error): client.send(WireReply.failure(id: request.id, message: error.description))
        }
    }

    /// A line too long to read.
    func oversize(_ client: LineClient) {
        client.send(WireReply.failure(id: nil, message: WireError.tooLong(DaemonCommand.maxLineBytes).description))
    }

    /// A player event.
    func handle(_ event: PlayerEvent) {
        guard let (session, server) = parts.withLock({ p in p.session.map { ($0, p.server) } }) else { return }
        session.handle(event)
        switch event {
        case .stateChanged, .queueChanged, .entryStarted:
            server?.broadcast(WireReply.event("status", [("status", WireEncoding.snapshot(session.snapshot))]))
            saveState()
        case .entryFailed(let entry, let reason):
            server?.broadcast(WireReply.event("entryFailed", [("entry", WireEncoding.entry(entry)), ("reason", .string(reason))]))
        case .outputFailed(let reason):
            server?.broadcast(WireReply.event("outputFailed", [("reason", .string(reason))]))
        case .queueEnded:
            server?.broadcast(WireReply.event("queueEnded", []))
            saveState()
        case .entryPlayed:
            break
        }
    }

    /// Saves the queue, current entry, position, modes and volume (restored paused on the next start).
    func saveState() {
        guard let library, let player = session?.player else { return }
        let queue = player.queue
        let state = player.playerState
        try? library.saveQueueState(
            QueueState(
                items: queue.entries.map(\.item), currentIndex: queue.currentIndex, position: player.playbackTime,
                repeatMode: state.repeatMode, shuffleMode: state.shuffleMode, volume: state.volume))
    }

    /// The cheap once-a-second update while playing, so a `kill -9` loses at most a second.
    func savePosition() {
        guard let library, let player = session?.player, player.playerState.playbackStatus == .playing else { return }
        try? library.savePosition(player.playbackTime)
    }

    /// Puts back what `saveState` saved: the queue at its entry and position, paused.
    func restore() {
        guard let library, let player = session?.player, let saved = (try? library.loadQueueState()) ?? nil, !saved.items.isEmpty else {
            return
        }
        player.setQueue(saved.items, startingAt: saved.currentIndex ?? 0)
        player.setRepeatMode(saved.repeatMode)
        player.setShuffleMode(saved.shuffleMode)
        player.setVolume(saved.volume)
        if saved.position > 0 { try? player.seek(to: saved.position) }
    }
}
