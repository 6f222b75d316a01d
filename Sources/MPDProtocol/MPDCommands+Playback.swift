import Checked
import MusicModel
import Player
import Session

extension MPDCommands {
    /// `play`, `playid`, `pause`, `stop`, `next`, `previous`, `seek`, `seekid`, `seekcur`, `setvol`, `volume`, `getvol`, `repeat`, `random`, `single`, `consume`, `crossfade`.
    static var playback: [MPDCommandSpec] { transport + seeking + options }

    private static var transport: [MPDCommandSpec] {
        [
            MPDCommandSpec("play", .control) { call throws(MPDAck) in
                try call.expectArguments(0...1)
                // `play -1` is the old spelling of `play` (libmpdclient's default).
                guard call.optional(0) != nil, call.optional(0) != "-1" else {
                    try call.perform(.play)
                    return
                }
                let position = try call.unsigned(0)
                try MPDQueueView(call).check(position)
                try call.perform(.jump(MPDQueuePosition.reference(position)))
                // Segue's jump only picks the entry while stopped; MPD's play starts it.
                try call.perform(.play)
            },
            MPDCommandSpec("playid", .control) { call throws(MPDAck) in
                try call.expectArguments(0...1)
                guard call.optional(0) != nil, call.optional(0) != "-1" else {
                    try call.perform(.play)
                    return
                }
                let id = try call.unsigned(0)
                _ = try MPDQueueView(call).position(ofID: id)
                try call.perform(.jump(.id(QueueEntryID(rawValue: UInt64(id)))))
                try call.perform(.play)  // as in play: a stopped player starts
            },
            MPDCommandSpec("pause", .control) { call throws(MPDAck) in
                try call.expectArguments(0...1)
                let status = try call.snapshot().state.playbackStatus
                // MPD's pause never starts a stopped player: with no argument it toggles between
                // playing and paused, `pause 0` resumes only what is paused.
                let pause = try call.optional(0) == nil ? stateWord(status) == "play" : call.boolean(0)
                switch (pause, stateWord(status)) {
                case (true, "play"): try call.perform(.pause)
                case (false, "pause"): try call.perform(.play)
                default: break
                }
            },
            MPDCommandSpec("stop", .control) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                try call.perform(.stop)
            },
            MPDCommandSpec("next", .control) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                try requirePlaying(call)
                try call.perform(.next)
            },
            MPDCommandSpec("previous", .control) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                try requirePlaying(call)
                try call.perform(.previous)
            },
        ]
    }

    private static var seeking: [MPDCommandSpec] {
        [
            MPDCommandSpec("seek", .control) { call throws(MPDAck) in
                try call.expectArguments(2...2)
                let position = try call.unsigned(0)
                let seconds = try call.seconds(1)
                let queue = try MPDQueueView(call)
                try queue.check(position)
                try seek(queue.entries[position].id, to: seconds, call)
            },
            MPDCommandSpec("seekid", .control) { call throws(MPDAck) in
                try call.expectArguments(2...2)
                let id = try call.unsigned(0)
                let seconds = try call.seconds(1)
                let queue = try MPDQueueView(call)
                try seek(queue.entries[try queue.position(ofID: id)].id, to: seconds, call)
            },
            MPDCommandSpec("seekcur", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                let text = try call.string(0)
                let seconds = try call.seconds(0, signed: true)
                try requirePlaying(call)
                let relative = text.hasPrefix("+") || text.hasPrefix("-")
                try call.perform(.seek(relative ? .relative(seconds) : .absolute(seconds)))
            },
        ]
    }

    private static var options: [MPDCommandSpec] {
        [
            MPDCommandSpec("setvol", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                try call.perform(.volume(.absolute(try call.unsigned(0, max: 100))))
            },
            MPDCommandSpec("volume", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                try call.perform(.volume(.relative(try call.integer(0, in: -100...100))))
            },
            MPDCommandSpec("getvol", .read) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                let volume = try call.snapshot().state.volume
                call.response.add("volume", Checked.clamped(volume * 100, to: 0...100, rounding: .toNearestOrAwayFromZero))
            },
            MPDCommandSpec("repeat", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                let repeats = try call.boolean(0)
                try setModes(call) { $0.repeats = repeats }
            },
            MPDCommandSpec("single", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                let single: SingleMode
                switch try call.string(0) {
                case "0": single = .off
                case "1": single = .on
                case "oneshot": single = .oneshot
                default: throw MPDAck.argument("Unrecognized single mode, expected 0, 1, or oneshot")
                }
                try setModes(call) { $0.single = single }
            },
            MPDCommandSpec("random", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                try call.perform(.shuffle(try call.boolean(0) ? .songs : .off))
            },
            MPDCommandSpec("consume", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                try call.perform(.consume(try call.boolean(0) ? .on : .off))
            },
            MPDCommandSpec("crossfade", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                // MPD takes any number of seconds; Segue overlaps at most 30.
                let seconds = try call.unsigned(0)
                try call.perform(.crossfade(seconds: Double(min(seconds, Int(maxCrossfade)))))
            },
        ]
    }

    /// The longest overlap Segue's crossfade takes, in seconds.
    static let maxCrossfade = 30.0

    /// MPD refuses to move on or seek when nothing plays (`ACK [55@0] … Not playing`).
    private static func requirePlaying(_ call: MPDCall) throws(MPDAck) {
        guard stateWord(try call.snapshot().state.playbackStatus) != "stop" else { throw MPDAck(.playerSync, "Not playing") }
    }

    /// `seek`/`seekid`: the session's `jump ENTRY TIME`, which is MPD's seek: within the
    /// current entry a plain seek, another entry starts at that point (nothing of its top is
    /// heard); a pause stays a pause and a stopped player starts.
    private static func seek(_ id: QueueEntryID, to seconds: Double, _ call: MPDCall) throws(MPDAck) {
        try call.perform(.jumpTo(.id(id), seconds: seconds))
    }

    /// Changes MPD's repeat/single flags as `change` says, as the Segue modes they map to
    /// (`MPDModes`); only the modes that differ are set.
    private static func setModes(_ call: MPDCall, _ change: (inout MPDModes) -> Void) throws(MPDAck) {
        let snapshot = try call.snapshot()
        var modes = MPDModes(repeatMode: snapshot.state.repeatMode, singleMode: snapshot.state.singleMode)
        change(&modes)
        let target = modes.segue
        if target.repeatMode != snapshot.state.repeatMode { try call.perform(.repeatMode(target.repeatMode)) }
        if target.singleMode != snapshot.state.singleMode { try call.perform(.single(target.singleMode)) }
    }
}
