#if canImport(Glibc)
    import Glibc
#endif

/// A POSIX thread (Foundation's `Thread` would pull in all of Foundation). Blocking work —
/// decoding, device writes, sockets, network — runs on such threads, never on Swift's
/// cooperative pool.
///
/// The one failure policy: when the system refuses a thread, `start` throws a `POSIXError` and
/// the body never runs; nothing is half-started. Callers that can go on without the thread (the
/// daemon's workers) handle the error; `startThread(name:_:)` is for threads the process cannot
/// work without, and stops the process with that sentence.
public struct POSIXThread: Sendable {
    /// The pthread handle: join or detach it exactly once.
    public let handle: pthread_t

    /// Starts a joinable thread running `body`, named `name` (cut to the 15 bytes Linux keeps) so it
    /// shows in `top -H` and debuggers. `stackBytes` asks for a stack of that size instead of the
    /// default. Throws when the system refuses (too many threads, no memory for the stack).
    public static func start(
        name: String, stackBytes: Int? = nil, _ body: @escaping @Sendable () -> Void
    ) throws(POSIXError) -> POSIXThread {
        let box = Unmanaged.passRetained(ThreadBody(name: name, body: body))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackBytes {
            let rc = pthread_attr_setstacksize(&attributes, max(0, stackBytes))
            guard rc == 0 else {
                box.release()
                throw POSIXError("starting thread \(name)", code: rc)
            }
        }
        var thread = pthread_t()
        let rc = pthread_create(&thread, &attributes, threadEntry, box.toOpaque())
        guard rc == 0 else {
            box.release()
            throw POSIXError("starting thread \(name)", code: rc)
        }
        return POSIXThread(handle: thread)
    }

    /// Waits for the thread to end.
    public func join() { pthread_join(handle, nil) }

    /// Lets the thread end on its own; it cannot be joined afterwards.
    public func detach() { pthread_detach(handle) }
}

/// Starts a detached thread running `body`, for threads the process cannot work without: a
/// refusal stops the process with the reason (`POSIXThread.start` is the same, throwing).
public func startThread(name: String, _ body: @escaping @Sendable () -> Void) {
    do {
        try POSIXThread.start(name: name, body).detach()
    } catch {
        fatalError(error.description)
    }
}

private final class ThreadBody: Sendable {
    let name: String
    let body: @Sendable () -> Void
    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}

private let threadEntry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
    let box = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
    // Linux keeps 15 bytes of a thread's name; a longer one is refused whole, so cut it.
    if let setName = CLibrary.setThreadName {
        _ = setName(pthread_self(), String(decoding: box.name.utf8.prefix(15), as: UTF8.self))
    }
    box.body()
    return nil
}
