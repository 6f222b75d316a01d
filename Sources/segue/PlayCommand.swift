import Audio
import Catalog
import Decoders
import MusicModel
import POSIXSupport
import Player

#if canImport(Glibc)
    import Glibc
#endif

/// `segue play`: plays the items through the player engine with no UI. On a terminal it keeps
/// one progress line up to date; otherwise it prints nothing but errors. Each failed item is
/// named with its reason and the rest still play. Exit status: 0 when something played, 1 when
/// nothing could be played or the output failed, 130 after Ctrl-C or SIGTERM.
struct PlayCommand {
    let options: PlayOptions

    func run() -> Int32 {
        // The config's output and catalog keys apply as they do to the daemon; a line that
        // cannot be used is said and the play goes on.
        var options = self.options
        options.configure(SegueConfig.forCommand())
        let inbox = ConditionLock([PlayerEvent]())
        // Ctrl-C wakes the event wait itself, so the wait needs no timeout to notice it.
        Interrupt.install(waking: { inbox.withLockBroadcast { _ in } })
        let catalog: CatalogOptions.Resolved?
        do {
            catalog = options.items.contains { ItemLocation(parsing: $0)?.catalogID != nil } ? try options.catalog.makeCatalog() : nil
        } catch {
            printError("segue: \(error)")
            return 1
        }
        let player = MusicPlayer(
            decoders: StandardDecoderFactory(),
            converter: { try Resampler(from: $0, to: $1, channels: $2) },
            makeOutput: Outputs.maker(for: options.output),
            openSource: { try Sources.open($0.location, catalog: catalog) },
            onEvent: { event in inbox.withLockBroadcast { $0.append(event) } })
        defer { player.shutdown() }
        player.setRepeatMode(options.repeatMode)
        player.setQueue(options.items.map { PlayableItem(location: $0) }, affectsListeningHistory: false)
        if options.shuffle { player.setShuffleMode(.songs) }
        do {
            try player.play()
        } catch {
            printError("segue: \(error)")
            return 1
        }

        var line = ProgressLine(enabled: isatty(STDOUT_FILENO) == 1)
        var started = 0
        var showing: (title: String, total: Double?)?
        while true {
            // Woken by events and Ctrl-C; on a terminal also when the elapsed time shown next
            // changes (once a second), and never otherwise.
            let fraction = player.playbackTime.truncatingRemainder(dividingBy: 1)
            let timeout = line.enabled && showing != nil ? 1.001 - (fraction.isFinite ? max(0, fraction) : 0) : nil
            let events = inbox.wait(until: { !$0.isEmpty || Interrupt.received.load(ordering: .relaxed) != 0 }, timeout: timeout) {
                pending -> [PlayerEvent] in
                defer { pending.removeAll() }
                return pending
            }
            if Interrupt.received.load(ordering: .relaxed) != 0 {
                player.shutdown()
                line.finish()
                return 130
            }
            for event in events {
                switch event {
                case .entryStarted(let entry, let info, _):
                    // The previous entry's line stays on screen, complete; a new one starts.
                    if showing != nil { line.complete() }
                    started += 1
                    showing = (title(info, entry.item.location), info.duration)
                    line.show(title: showing!.title, elapsed: 0, total: info.duration)
                case .entryFailed(let entry, let reason):
                    if showing != nil { line.complete() }
                    showing = nil
                    printError(reason.contains(entry.item.location) ? "segue: \(reason)" : "segue: \(entry.item.location): \(reason)")
                case .outputFailed(let reason):
                    line.clear()
                    printError("segue: \(reason)")
                    return 1
                case .queueEnded:
                    if showing != nil { line.complete() }
                    return started > 0 ? 0 : 1
                case .queueChanged, .stateChanged, .entryPlayed:
                    break
                }
            }
            if let showing {
                line.show(title: showing.title, elapsed: player.playbackTime, total: showing.total)
            }
        }
    }

    private func title(_ info: TrackInfo, _ item: String) -> String {
        let name = info.metadata.title ?? String(item.split(separator: "/").last ?? Substring(item))
        if let artist = info.metadata.artist { return "\(name) — \(artist)" }
        return name
    }
}
