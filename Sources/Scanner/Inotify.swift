import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One inotify instance (the descriptor is this object's, closed in deinit): watches on
/// folders, and their events read without blocking. Owned and used by the scanner's thread.
final class Inotify {
    /// The descriptor to poll for events.
    let descriptor: Int32

    /// The events the scanner follows on every folder: what is created, deleted, moved in or
    /// out, and written; and the folder itself going away.
    static let folderEvents = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_ONLYDIR)

    /// A new instance; throws when the system has none to give (too many open files or instances).
    init() throws(POSIXError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw POSIXError("starting inotify", code: errno) }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Watches the folder at `path`: its watch descriptor (the same one again for a folder
    /// already watched), or the error (`ENOSPC`: the system's limit of watches is reached).
    func watch(_ path: String) -> Result<Int32, POSIXError> {
        let wd = inotify_add_watch(descriptor, path, Self.folderEvents)
        return wd >= 0 ? .success(wd) : .failure(POSIXError("watching \(path)", code: errno))
    }

    /// Stops watching `wd` (its `IN_IGNORED` event follows).
    func unwatch(_ wd: Int32) { _ = inotify_rm_watch(descriptor, wd) }

    /// The events waiting now (none when there are none: the descriptor does not block), at
    /// most `limit` bytes of them per call.
    func readEvents(limit: Int = 64 * 1024) -> [InotifyEvent] {
        var buffer = [UInt8](repeating: 0, count: limit)
        var events: [InotifyEvent] = []
        while true {
            let count = retryingInterrupted { buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
            guard count > 0 else { return events }
            events += InotifyEvent.parse(buffer[..<count])
            if events.count >= 100_000 { return events }
        }
    }
}

/// One inotify event: the watch it came from, what happened, and the name in the watched
/// folder it concerns (empty for the folder itself).
struct InotifyEvent: Equatable {
    var watch: Int32
    var mask: UInt32
    var name: [UInt8]

    /// The events in `bytes` (a read from an inotify descriptor: `struct inotify_event`s, each
    /// followed by its NUL-padded name). A record cut short or claiming more than remains ends
    /// the parse; nothing is read past the bytes given.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [InotifyEvent] {
        let headerSize = 16  // int wd; uint32_t mask, cookie, len
        var events: [InotifyEvent] = []
        var offset = bytes.startIndex
        while bytes.endIndex - offset >= headerSize {
            let watch = Int32(bitPattern: word(bytes, offset))
            let mask = word(bytes, offset + 4)
            let nameLength = Int(word(bytes, offset + 12))
            let nameStart = offset + headerSize
            guard nameLength <= bytes.endIndex - nameStart else { break }
            let name = Array(bytes[nameStart..<(nameStart + nameLength)].prefix(while: { $0 != 0 }))
            events.append(InotifyEvent(watch: watch, mask: mask, name: name))
            offset = nameStart + nameLength
        }
        return events
    }

    /// The native-endian 32-bit word at `offset`.
    private static func word(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> UInt32 {
        var value: UInt32 = 0
        withUnsafeMutableBytes(of: &value) { raw in
            for index in 0..<4 { raw[index] = bytes[offset + index] }
        }
        return value
    }

    /// Whether any of `flags` (inotify's `IN_*` values) is set.
    func has(_ flags: Int32) -> Bool { mask & UInt32(bitPattern: flags) != 0 }
}
