import Checked
import MusicModel
import Session

/// A method call or property write that arrived on the bus, with its arguments as the bus
/// typed them (nothing checked yet). `commands(given:)` turns it into the `Command`s the session
/// performs, checking every value as any outside input is checked.
public enum MPRISCall: Equatable, Sendable {
    case playPause, play, pause, stop, next, previous
    /// `Seek(x Offset)`: microseconds forward (negative: back).
    case seek(offset: Int64)
    /// `SetPosition(o TrackId, x Position)`.
    case setPosition(trackID: String, position: Int64)
    /// `OpenUri(s Uri)`.
    case openURI(String)
    /// `Raise` (no window to raise) and `Quit`.
    case raise, quit
    /// Writes of `LoopStatus`, `Shuffle`, `Volume` and `Rate`.
    case setLoopStatus(String)
    case setShuffle(Bool)
    case setVolume(Double)
    case setRate(Double)

    /// The method `member` of the Player or root interface without arguments; nil for the
    /// ones that take arguments or are unknown.
    public init?(method member: String) {
        switch member {
        case "PlayPause": self = .playPause
        case "Play": self = .play
        case "Pause": self = .pause
        case "Stop": self = .stop
        case "Next": self = .next
        case "Previous": self = .previous
        case "Raise": self = .raise
        case "Quit": self = .quit
        default: return nil
        }
    }

    /// What the session performs for this call while it is in the state `snapshot` shows, in
    /// order: none for a call the spec says to ignore (a stale track id, a position past the
    /// end, a rate other than 1). Throws `invalidArgument` for a value that means nothing.
    public func commands(given snapshot: Snapshot) throws(MPRISError) -> [Command] {
        switch self {
        case .playPause: return [.toggle]
        case .play: return [.play]
        case .pause: return [.pause]
        case .stop: return [.stop]
        case .next: return [.next]
        case .previous: return [.previous]
        case .raise: return []
        case .quit: return [.quit]
        case .seek(let offset):
            guard snapshot.current != nil else { return [] }
            let target = snapshot.position + MPRISTime.seconds(offset)
            // The spec: past the end is the next track; before the start is the start.
            if let duration = snapshot.duration, target >= duration { return [.next] }
            guard let seconds = Checked.seconds(max(0, target)) else { return [] }
            return [.seek(.absolute(seconds))]
        case .setPosition(let trackID, let position):
            guard let current = snapshot.current, MPRISMetadata.entryID(fromTrackID: trackID) == current.id else { return [] }
            let seconds = MPRISTime.seconds(position)
            guard let checked = Checked.seconds(seconds) else { return [] }
            if let duration = snapshot.duration, checked > duration { return [] }
            return [.seek(.absolute(checked))]
        case .openURI(let uri):
            guard let item = MPRISURI.item(from: uri) else {
                throw .invalidArgument("Segue opens file://, http:// and https:// URIs, not \(Self.shown(uri)).")
            }
            return [.add([item], position: .afterCurrentEntry)]
        case .setLoopStatus(let text):
            switch text {
            case "None": return [.repeatMode(RepeatMode.none)]
            case "Track": return [.repeatMode(.one)]
            case "Playlist": return [.repeatMode(.all)]
            default: throw .invalidArgument("LoopStatus is None, Track or Playlist, not \(Self.shown(text)).")
            }
        case .setShuffle(let on): return [.shuffle(on ? .songs : .off)]
        case .setVolume(let level):
            // The spec: negative is silence; Segue's volume goes no higher than 100 %.
            guard !level.isNaN else { throw .invalidArgument("Volume must be a number from 0.0 to 1.0, not NaN.") }
            return [.volume(.absolute(Checked.clamped(level * 100, to: 0...100, rounding: .toNearestOrAwayFromZero)))]
        case .setRate(let rate):
            guard !rate.isNaN else { throw .invalidArgument("Rate must be 1.0, not NaN.") }
            return []
        }
    }

    /// Carries the call out on `session`, each command through `Session.perform` (the one
    /// path). `OpenUri` adds the item after the current entry and then plays it by its new id.
    /// Throws the first refusal as a sentence.
    public func perform(on session: Session) throws(MPRISError) {
        for command in try commands(given: session.snapshot) {
            switch session.perform(command) {
            case .success(.added(let ids, _)):
                if case .openURI = self, let id = ids.first {
                    if case .failure(let error) = session.perform(.jump(.id(id))) { throw .refused(error.description) }
                }
            case .success: break
            case .failure(let error): throw .refused(error.description)
            }
        }
    }

    /// Outside text in a sentence: at most 200 characters, terminal-safe.
    private static func shown(_ text: String) -> String {
        "\"" + TerminalText.safe(String(text.prefix(200))) + "\""
    }
}
