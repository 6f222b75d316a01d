#if canImport(Glibc)
    import Glibc
#endif

/// Starts a detached POSIX thread running `body` (Foundation's `Thread` would pull in all of
/// Foundation). Blocking work — decoding, device writes, network — runs on such threads, never
/// on Swift's cooperative pool.
public func startThread(name: String, _ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(ThreadBody(name: name, body: body)).toOpaque()
    var thread = pthread_t()
    let rc = pthread_create(&thread, nil, threadEntry, box)
    precondition(rc == 0, "pthread_create failed: \(rc)")
    pthread_detach(thread)
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
    box.body()
    return nil
}
