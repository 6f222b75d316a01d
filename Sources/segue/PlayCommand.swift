import Audio
import Decoders
import Player

#if canImport(Glibc)
    import Glibc
#endif

/// `segue play`: plays each item in turn with no UI. On a terminal it keeps one progress line
/// up to date; otherwise it prints nothing but errors. Each failed item is named with its reason
/// and the rest still play. Exit status: 0 when something played, 1 when nothing could be
/// played or the output failed, 130 after Ctrl-C.
struct PlayCommand {
    let options: PlayOptions

    private struct Progress {
        var events: [PipelineEvent] = []
    }

    func run() -> Int32 {
        Interrupt.install()
        let inbox = ConditionLock(Progress())
        let pipeline = AudioPipeline(
            decoders: StandardDecoderFactory(),
            converter: { try Resampler(from: $0, to: $1, channels: $2) },
            makeOutput: Outputs.maker(for: options.output),
            onEvent: { event in inbox.withLockBroadcast { $0.events.append(event) } })
        let tracks = options.items.enumerated().map { index, item in
            PipelineTrack(id: index, name: item, openSource: Sources.opener(for: item))
        }
        pipeline.append(tracks)
        pipeline.finishInput()

        var line = ProgressLine(enabled: isatty(STDOUT_FILENO) == 1)
        var played = 0
        var current: (id: Int, info: TrackInfo)?
        while true {
            let events = inbox.wait(until: { !$0.events.isEmpty }, timeout: 0.25) { p -> [PipelineEvent] in
                defer { p.events.removeAll() }
                return p.events
            }
            if Interrupt.received.load(ordering: .relaxed) != 0 {
                pipeline.stop()
                line.finish()
                return 130
            }
            for event in events {
                switch event {
                case .trackStarted(let id, let info):
                    line.finish()
                    current = (id, info)
                case .trackFinished(let id, _):
                    played += 1
                    if let info = current?.info, current?.id == id {
                        // Leave the finished item's line on screen, showing its whole length.
                        let end = PlaybackPosition(
                            trackID: id, frames: info.totalFrames ?? pipeline.playbackPosition.frames,
                            sampleRate: info.sourceFormat.sampleRate)
                        line.show(title: title(info, options.items[id]), position: end, info: info)
                        line.finish()
                        current = nil
                    }
                case .trackFailed(_, let name, let error):
                    line.clear()
                    let text = error.description
                    printError(text.contains(name) ? "segue: \(text)" : "segue: \(name): \(text)")
                case .outputFailed(let error):
                    line.clear()
                    printError("segue: \(error)")
                    return 1
                case .idle:
                    if let current {
                        line.show(
                            title: title(current.info, options.items[current.id]), position: pipeline.playbackPosition, info: current.info)
                    }
                    line.finish()
                    pipeline.stop()
                    return played > 0 ? 0 : 1
                }
            }
            if let current {
                line.show(title: title(current.info, options.items[current.id]), position: pipeline.playbackPosition, info: current.info)
            }
        }
    }

    private func title(_ info: TrackInfo, _ item: String) -> String {
        let name = info.metadata.title ?? String(item.split(separator: "/").last ?? Substring(item))
        if let artist = info.metadata.artist { return "\(name) — \(artist)" }
        return name
    }
}
