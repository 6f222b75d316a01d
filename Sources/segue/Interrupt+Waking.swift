import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

extension Interrupt {
    /// `install`, with Ctrl-C and SIGTERM taken by a thread of their own that records them in
    /// `received` and then calls `wake`: a loop that waits for events with no timeout still
    /// stops at once. Call it before starting other threads (they inherit the blocked signals,
    /// so the signal always reaches the waiting thread, never a handler in another one).
    static func install(waking wake: @escaping @Sendable () -> Void) {
        install()
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let blocked = signals
        startThread(name: "segue-signals") {
            var set = blocked
            var signal: Int32 = 0
            while sigwait(&set, &signal) != 0 {}
            received.store(signal, ordering: .relaxed)
            wake()
        }
    }
}
