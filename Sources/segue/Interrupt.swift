import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C and SIGTERM become a flag the command loop checks, so it can stop cleanly.
enum Interrupt {
    static let received = Atomic<Int32>(0)

    static func install() {
        // A parent may have started us with these blocked (the mask is inherited): unblock them.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        signal(SIGINT, interruptHandler)
        signal(SIGTERM, interruptHandler)
        signal(SIGPIPE, SIG_IGN)
    }
}

private let interruptHandler: @convention(c) (Int32) -> Void = { signal in
    Interrupt.received.store(signal, ordering: .relaxed)
}
