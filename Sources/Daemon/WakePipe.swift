import POSIXSupport
#if canImport(Glibc)
    import Glibc
#endif

/// A pipe that wakes the I/O thread's `poll`. Connections keep it alive, so a late poke never
/// writes to a descriptor that was closed and reused.
final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init?() {
        guard let (readEnd, writeEnd) = makeWakePipe() else { return nil }
        self.readEnd = readEnd
        self.writeEnd = writeEnd
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    func poke() { pokeWakePipe(writeEnd) }
    func drain() { drainWakePipe(readEnd) }
}
