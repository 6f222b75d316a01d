import Checked
import MusicModel
import Player
import Session

extension MPDCommands {
    /// `status`, `currentsong`.
    static var status: [MPDCommandSpec] {
        [
            MPDCommandSpec("status", .read) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                writeStatus(try call.snapshot(), to: &call.response)
            },
            MPDCommandSpec("currentsong", .read) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                let snapshot = try call.snapshot()
                guard let current = snapshot.current, let position = snapshot.queuePosition else { return }
                MPDSong(entry: current, position: MPDQueuePosition.wire(position), namespace: call.environment.namespace())
                    .write(to: &call.response, tags: call.client.tags)
            },
        ]
    }

    /// `status`' lines, in MPD's order (notes §7): the modes, the queue's version and length,
    /// the state; the current and next song whenever there is one; the times and format only
    /// while playing or paused; `xfade` only when on; `updating_db` while a scan runs.
    static func writeStatus(_ snapshot: Snapshot, to response: inout MPDResponse) {
        let state = snapshot.state
        let modes = MPDModes(repeatMode: state.repeatMode, singleMode: snapshot.state.singleMode)
        response.add("volume", Checked.clamped(state.volume * 100, to: 0...100, rounding: .toNearestOrAwayFromZero))
        response.add("repeat", modes.repeats ? "1" : "0")
        response.add("random", state.shuffleMode == .songs ? "1" : "0")
        response.add("single", modes.singleText)
        response.add("consume", snapshot.state.consumeMode == .on ? "1" : "0")
        response.add("partition", "default")
        response.add("playlist", String(MPDQueueVersion.wire(snapshot.queueVersion)))
        response.add("playlistlength", snapshot.queueLength)
        response.add("mixrampdb", "0")
        let word = stateWord(state.playbackStatus)
        response.add("state", word)
        let crossfade = Checked.clamped(state.crossfadeSeconds, to: 0...Int(Int32.max), rounding: .toNearestOrAwayFromZero)
        if crossfade > 0 { response.add("xfade", crossfade) }
        if let current = snapshot.current, let position = snapshot.queuePosition {
            response.add("song", MPDQueuePosition.wire(position))
            response.add("songid", String(current.id.rawValue))
        }
        if word != "stop", snapshot.current != nil {
            let elapsed = max(0, snapshot.position.isFinite ? snapshot.position : 0)
            let duration = snapshot.duration.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            func whole(_ seconds: Double) -> Int {
                Checked.clamped(seconds, to: 0...Int(Int32.max), rounding: .toNearestOrAwayFromZero)
            }
            response.add("time", "\(whole(elapsed)):\(whole(duration ?? 0))")
            response.add("elapsed", MPDTime.seconds(elapsed))
            // The decoders do not report a bit rate; MPD writes 0 when it has none.
            response.add("bitrate", 0)
            if let duration { response.add("duration", MPDTime.seconds(duration)) }
            // Segue's decoders hand the output 16-bit samples.
            if let format = snapshot.heardFormat { response.add("audio", "\(format.sampleRate):16:\(format.channels)") }
        }
        if snapshot.scan != nil { response.add("updating_db", max(MPDDatabase.lastUpdateJob, 1)) }
        if let next = snapshot.nextEntry, let position = snapshot.nextPosition {
            response.add("nextsong", MPDQueuePosition.wire(position))
            response.add("nextsongid", String(next.id.rawValue))
        }
    }

    /// MPD's word for a playback status: scanning is playing, and an output that failed holds
    /// playback as a pause does (`play` resumes it).
    static func stateWord(_ status: PlaybackStatus) -> String {
        switch status {
        case .playing, .seekingForward, .seekingBackward: "play"
        case .paused, .interrupted: "pause"
        case .stopped: "stop"
        }
    }
}
