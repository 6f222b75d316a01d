#if canImport(Glibc)
    import Glibc
#endif

/// Raw PCM into a FIFO (`--output pipe:PATH`), for Snapcast's pipe source or any reader that
/// takes `48000:16:2`: 48000 Hz, signed 16-bit little-endian, two interleaved channels, no
/// header. The pipeline resamples (libsoxr) and maps channels to that, as for any output.
///
/// The FIFO is made when the path is missing (mode 0666 less the umask, as Snapcast's own
/// `mode=create` makes it); anything else at the path (a regular file, a folder) is refused with
/// a sentence, so audio is never written into a file that is not a pipe.
///
/// It never waits for a reader, and it keeps its end open whether one is there or not: Snapcast
/// closes and reopens its read end every 100 ms while no writer holds the FIFO (a read with no
/// writer is an end of file to it), so a writer that opened only when a reader was there would
/// almost never find one. The write end is opened with a read end of our own held for that
/// instant (a FIFO opens for writing only while some reader holds it), then that read end is
/// closed. From then on a write with no reader fails with EPIPE (SIGPIPE is ignored) and the
/// audio is dropped, paced to real time like `NullOutput`, until a reader opens the FIFO again;
/// about once per `retryInterval` of dropping, and only from `write` (a paused player is never
/// woken for it), the path is checked to still name the FIFO the output holds, and opened
/// again if it was replaced. With a reader the audio is paced to real time too (Snapcast reads
/// one 20 ms chunk per 20 ms of its own clock and fills what it finds missing with silence), at
/// most about 0.25 s ahead, which the pipe's 64 KiB holds; a reader that falls further behind
/// loses the pieces that find the pipe full.
public final class PipeOutput: AudioOutput, @unchecked Sendable {
    /// The one format written: Snapcast's default `48000:16:2`.
    public static let format = PCMFormat(sampleRate: 48_000, channels: 2)
    /// `format` as Snapcast and MPD write it.
    public static let formatText = "48000:16:2"

    // A pipe takes a write of at most PIPE_BUF bytes whole or not at all, so pieces of this size
    // never leave half a frame behind when the pipe fills up (4096 on Linux: 1024 frames).
    private static let pieceBytes = 4096

    private let path: String
    private let retryInterval: Duration
    // The real-time pace, with or without a reader: a NullOutput is exactly that.
    private let pace = NullOutput()
    private let clock = ContinuousClock()
    private var descriptor: Int32 = -1
    // Whether the last write reached a reader, and when the path was last checked while none did.
    private var readerSeen = false
    private var lastCheck: ContinuousClock.Instant?

    /// Creates the output; the FIFO is made and opened on the first `open`. `retryInterval` is
    /// how often, at most, a writer with no reader checks that the path still names its FIFO.
    public init(path: String, retryInterval: Duration = .seconds(1)) {
        self.path = path
        self.retryInterval = retryInterval
    }

    deinit { close() }

    public var name: String { "pipe:\(path)" }

    /// True when the last write reached a reader.
    public var hasReader: Bool { descriptor >= 0 && readerSeen }

    public func open(_ requested: PCMFormat) throws -> PCMFormat {
        _ = Self.ignoreSIGPIPE
        try makeFIFO()
        if descriptor < 0 { try attach() }
        _ = try pace.open(Self.format)
        return Self.format
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        // Behind real time (a stall, or a pause the reader played on through): the pace starts
        // again from now, instead of catching up in a burst the pipe could not hold.
        if pace.bufferedFrames == 0 { pace.discardBuffered() }
        if !readerSeen, lastCheck.map({ $0.duration(to: clock.now) >= retryInterval }) ?? true {
            lastCheck = clock.now
            if descriptor < 0 || !pathNamesOurFIFO() {
                close()
                try makeFIFO()
                try attach()
            }
        }
        if descriptor >= 0 { deliver(samples) }
        try pace.write(samples)
    }

    public func interruptWrite() { pace.interruptWrite() }

    /// The reader goes on reading while the player holds (Snapcast plays silence once the pipe is
    /// empty); the next write starts the pace again from there.
    public func setPaused(_ paused: Bool) {}

    /// What is in the pipe cannot be taken back: the reader plays it (a fraction of a second),
    /// and the pace keeps counting it so the next audio does not overfill the pipe.
    public func discardBuffered() {}

    public func drain() throws { try pace.drain() }

    public var bufferedFrames: Int { pace.bufferedFrames }

    /// Closes the write end; the FIFO stays (a reader may own it, as Snapcast's `mode=create` does).
    public func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
        readerSeen = false
    }

    /// Makes the FIFO when nothing is at the path; refuses anything there that is not a FIFO.
    private func makeFIFO() throws(AudioError) {
        var status = stat()
        if stat(path, &status) == 0 {
            if let refusal = Self.refusal(path, mode: status.st_mode) { throw refusal }
            return
        }
        let code = errno
        guard code == ENOENT else { throw AudioError.output("Cannot use the pipe \(path): \(RegularFile.reason(code)).") }
        guard mkfifo(path, 0o666) == 0 || errno == EEXIST else {
            throw AudioError.output("Cannot create the FIFO \(path): \(RegularFile.reason(errno)).")
        }
    }

    /// Opens the write end, holding a read end of our own for the moment it takes.
    private func attach() throws(AudioError) {
        let reader = openDescriptor(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let fd = openDescriptor(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        let code = errno
        if reader >= 0 { Glibc.close(reader) }
        guard fd >= 0 else {
            // The FIFO went away between the check and the open: drop, and look again later.
            if code == ENOENT { return }
            throw AudioError.output("Cannot open the pipe \(path): \(RegularFile.reason(code)).")
        }
        // Checked again on the descriptor: a file swapped in after the check is never written.
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw AudioError.output("Cannot open the pipe \(path): \(RegularFile.reason(code)).")
        }
        if let refusal = Self.refusal(path, mode: status.st_mode) {
            Glibc.close(fd)
            throw refusal
        }
        descriptor = fd
    }

    /// Whether the path still names the FIFO held open (a restarted snapserver may make a new one).
    private func pathNamesOurFIFO() -> Bool {
        var atPath = stat()
        var held = stat()
        guard stat(path, &atPath) == 0, fstat(descriptor, &held) == 0 else { return false }
        return atPath.st_dev == held.st_dev && atPath.st_ino == held.st_ino
    }

    /// Writes whole pieces; with no reader (EPIPE) or a full pipe (EAGAIN: the reader is behind
    /// real time) the rest is dropped.
    private func deliver(_ samples: UnsafeBufferPointer<Int16>) {
        guard let base = samples.baseAddress.map(UnsafeRawPointer.init) else { return }
        let total = samples.count * MemoryLayout<Int16>.size
        var offset = 0
        while offset < total {
            let piece = min(Self.pieceBytes, total - offset)
            let written = Glibc.write(descriptor, base + offset, piece)
            if written == piece {
                offset += piece
                readerSeen = true
                continue
            }
            let code = errno
            if written < 0, code == EINTR { continue }
            if written < 0, code == EAGAIN { return }
            if written < 0, code == EPIPE {
                if readerSeen { lastCheck = clock.now }  // dropping from now: check the path in a while
                readerSeen = false
                return
            }
            // A short write no pipe should make, or another error: start over on a frame boundary
            // with a descriptor opened again at the next check.
            close()
            readerSeen = false
            lastCheck = clock.now
            return
        }
    }

    private static func refusal(_ path: String, mode: mode_t) -> AudioError? {
        let kind: String
        switch mode & S_IFMT {
        case S_IFIFO: return nil
        case S_IFREG: kind = "a regular file"
        case S_IFDIR: kind = "a folder"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR, S_IFBLK: kind = "a device"
        default: kind = "an unusual kind of file"
        }
        return .output("\(path) is \(kind), not a FIFO; pipe: writes only into a FIFO. Remove it or name another path.")
    }

    // A reader that goes away must be an EPIPE from `write`, not a signal that ends the player
    // (the daemon and `segue play` ignore SIGPIPE already; this covers any other host).
    private static let ignoreSIGPIPE: Void = { signal(SIGPIPE, SIG_IGN) }()
}

/// `open(2)`, named apart from `PipeOutput.open`.
private func openDescriptor(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
