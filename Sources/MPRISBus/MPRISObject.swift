import CSystemd
import MPRIS
import POSIXSupport
import Session
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The object at /org/mpris/MediaPlayer2: sd-bus's method, getter and setter callbacks for both
/// interfaces come here, and the bus thread asks it what to announce. Used only on the bus
/// thread (sd-bus calls the handlers from `process()`), except `changed`, which the session's
/// observer sets from any thread.
final class MPRISObject: @unchecked Sendable {
    static let path = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    static let mimeTypes = [
        "audio/mpeg", "audio/mp4", "audio/aac", "audio/flac", "audio/ogg", "audio/opus", "audio/x-wav", "audio/x-aiff",
    ]

    private let session: Session
    private let clock: @Sendable () -> Double
    /// Set when a session event may have changed a property; read and cleared by `refresh`.
    let changed = Atomic<Bool>(false)
    private var changes: MPRISChanges
    /// Property names to announce, in order, each once.
    private var pendingNames: [String] = []
    private var pendingSeek: Int64?

    init(session: Session, clock: @escaping @Sendable () -> Double) {
        self.session = session
        self.clock = clock
        changes = MPRISChanges(MPRISProperties(session.snapshot), at: clock())
    }

    /// The properties now: read again when an event came since they were last read, and what
    /// differs is noted for `takeAnnouncements`.
    func properties() -> MPRISProperties {
        if changed.exchange(false, ordering: .acquiringAndReleasing) {
            let update = changes.update(MPRISProperties(session.snapshot), at: clock())
            for name in update.changed where !pendingNames.contains(name) { pendingNames.append(name) }
            if let seek = update.seeked { pendingSeek = seek }
        }
        return changes.announced
    }

    /// What to announce now (property names, a Seeked position), handed out once.
    func takeAnnouncements() -> (names: [String], seeked: Int64?) {
        _ = properties()
        defer {
            pendingNames = []
            pendingSeek = nil
        }
        return (pendingNames, pendingSeek)
    }

    // MARK: Calls

    /// A method call: performed through the session, answered with an empty reply or an error.
    func call(_ message: OpaquePointer, _ failure: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        let member = shim_sd_bus_message_get_member(message).map { String(cString: $0) } ?? ""
        let call: MPRISCall
        switch member {
        case "Seek":
            var offset: Int64 = 0
            guard read(message, "x", &offset) else { return fail(.invalidArgument("Seek takes an offset."), failure) }
            call = .seek(offset: offset)
        case "SetPosition":
            var path: UnsafePointer<CChar>?
            var position: Int64 = 0
            guard read(message, "o", &path), read(message, "x", &position), let path else {
                return fail(.invalidArgument("SetPosition takes a track id and a position."), failure)
            }
            call = .setPosition(trackID: String(cString: path), position: position)
        case "OpenUri":
            var uri: UnsafePointer<CChar>?
            guard read(message, "s", &uri), let uri else { return fail(.invalidArgument("OpenUri takes a URI."), failure) }
            call = .openURI(String(cString: uri))
        default:
            guard let plain = MPRISCall(method: member) else { return fail(.invalidArgument("No method \(member)."), failure) }
            call = plain
        }
        do {
            try call.perform(on: session)
        } catch {
            return fail(error, failure)
        }
        var reply: OpaquePointer?
        let rc = shim_sd_bus_message_new_method_return(message, &reply)
        guard rc >= 0, let reply else { return rc }
        defer { _ = shim_sd_bus_message_unref(reply) }
        return shim_sd_bus_send(shim_sd_bus_message_get_bus(message), reply, nil)
    }

    /// A property write: checked, then performed through the session.
    func set(_ property: String, _ value: OpaquePointer, _ failure: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        let call: MPRISCall
        switch property {
        case "LoopStatus":
            var text: UnsafePointer<CChar>?
            guard read(value, "s", &text), let text else { return fail(.invalidArgument("LoopStatus is a string."), failure) }
            call = .setLoopStatus(String(cString: text))
        case "Shuffle":
            var flag: Int32 = 0
            guard read(value, "b", &flag) else { return fail(.invalidArgument("Shuffle is a boolean."), failure) }
            call = .setShuffle(flag != 0)
        case "Volume", "Rate":
            var number = 0.0
            guard read(value, "d", &number) else { return fail(.invalidArgument("\(property) is a number."), failure) }
            call = property == "Volume" ? .setVolume(number) : .setRate(number)
        default:
            return fail(.invalidArgument("\(property) cannot be written."), failure)
        }
        do {
            try call.perform(on: session)
        } catch {
            return fail(error, failure)
        }
        return 0
    }

    private func read<Value>(_ message: OpaquePointer, _ type: Unicode.Scalar, _ value: inout Value) -> Bool {
        shim_sd_bus_message_read_basic(message, CChar(UInt8(ascii: type)), &value) > 0
    }

    private func fail(_ refusal: MPRISError, _ failure: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        shim_sd_bus_error_set(failure, refusal.busName, refusal.description)
    }

    // MARK: Properties

    /// Writes property `name` of `interface` into `reply`.
    func get(_ interface: String, _ name: String, _ reply: OpaquePointer) -> Int32 {
        let writer = BusWriter(reply)
        if interface == Self.rootInterface {
            switch name {
            case "CanQuit": return writer.bool(true)
            case "CanRaise", "HasTrackList": return writer.bool(false)
            case "Identity": return writer.string("Segue")
            case "SupportedUriSchemes": return writer.strings(MPRISURI.schemes)
            case "SupportedMimeTypes": return writer.strings(Self.mimeTypes)
            default: return -ENOENT
            }
        }
        if name == "Position" { return writer.int64(MPRISTime.microseconds(session.snapshot.position) ?? 0) }
        let now = properties()
        switch name {
        case "PlaybackStatus": return writer.string(now.playbackStatus)
        case "LoopStatus": return writer.string(now.loopStatus)
        case "Rate", "MinimumRate", "MaximumRate": return writer.double(1)
        case "Shuffle": return writer.bool(now.shuffle)
        case "Metadata": return writer.metadata(now.metadata)
        case "Volume": return writer.double(now.volume)
        case "CanGoNext": return writer.bool(now.canGoNext)
        case "CanGoPrevious": return writer.bool(now.canGoPrevious)
        case "CanPlay": return writer.bool(now.canPlay)
        case "CanPause": return writer.bool(now.canPause)
        case "CanSeek": return writer.bool(now.canSeek)
        case "CanControl": return writer.bool(true)
        default: return -ENOENT
        }
    }
}
