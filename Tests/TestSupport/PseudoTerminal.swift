import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal standing in for a terminal emulator: a program started on it
/// (`Shell.start(…, terminal: path)`) sees a real terminal of the given size, and the test reads
/// every byte the program writes. It answers the terminal UI's start-up probe the way it is
/// told (each DA1 question, `ESC [ c`, the probe's last, gets `answers`), so a test can play a
/// kitty terminal, a sixel one or one that answers nothing, with no such terminal installed.
public final class PseudoTerminal {
    /// The path a program opens as its terminal.
    public let path: String
    /// Everything the program wrote so far.
    public private(set) var output: [UInt8] = []
    private let master: Int32
    private let answers: [UInt8]
    private var questionsAnswered = 0
    private var scanned = 0

    /// A terminal of `rows` × `columns` cells of 8×16 pixels answering the probe with `answers`;
    /// nil when no pseudo-terminal can be had.
    public init?(rows: Int, columns: Int, answers: String) {
        // posix_openpt and friends are hidden behind _XOPEN_SOURCE in Swift's view of glibc:
        // the Linux ioctls they are made of (unlock, then the slave's number).
        let fd = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard fd >= 0 else { return nil }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN (_IOW/_IOR('T', 0x31/0x30, 4 bytes): the same on every
        // architecture Segue builds for), macros Swift does not import.
        guard ioctl(fd, 0x4004_5431, &unlock) == 0, ioctl(fd, 0x8004_5430, &number) == 0 else {
            close(fd)
            return nil
        }
        master = fd
        path = "/dev/pts/\(number)"
        self.answers = Array(answers.utf8)
        resize(rows: rows, columns: columns)
    }

    deinit { close(master) }

    /// Sets the window size (the program is told by the caller's SIGWINCH: it has no controlling
    /// terminal to be signalled through).
    public func resize(rows: Int, columns: Int) {
        var size = winsize(
            ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: UInt16(clamping: columns * 8),
            ws_ypixel: UInt16(clamping: rows * 16))
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Types `text` as keys.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what the program writes (answering probes on the way) until `condition` holds for
    /// the output since `start` or `timeout` seconds pass; whether it held. The deadline only
    /// bounds the wait: the verdict is the condition.
    @discardableResult
    public func read(from start: Int = 0, timeout: Double = 20, until condition: ([UInt8]) -> Bool) -> Bool {
        let deadline = monotonicSeconds() + timeout
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if condition(Array(output[min(start, output.count)...])) { return true }
            let left = deadline - monotonicSeconds()
            guard left > 0 else { return false }
            var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fd, 1, Int32((left * 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return false }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return condition(Array(output[min(start, output.count)...])) }
            output += buffer[..<count]
            answerQuestions()
        }
    }

    /// Whether `bytes` contain `text`.
    public static func contains(_ bytes: [UInt8], _ text: String) -> Bool { count(bytes, text, atMost: 1) == 1 }

    /// How many times `text` occurs in `bytes` (counting no further than `atMost`).
    public static func count(_ bytes: [UInt8], _ text: String, atMost: Int = .max) -> Int {
        let needle = Array(text.utf8)
        guard !needle.isEmpty else { return 0 }
        return bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                guard let base = haystack.baseAddress else { return 0 }
                var found = 0
                var offset = 0
                // memchr for the first byte, memcmp for the rest (memmem is a GNU extension
                // Swift does not see).
                let first = Int32(needle[0])
                while found < atMost, offset + needle.count <= haystack.count,
                    let hit = memchr(base + offset, first, haystack.count - offset - needle.count + 1)
                {
                    let at = base.distance(to: UnsafeRawPointer(hit))
                    if let start = needle.baseAddress, memcmp(hit, start, needle.count) == 0 {
                        found += 1
                        offset = at + needle.count
                    } else {
                        offset = at + 1
                    }
                }
                return found
            }
        }
    }

    private func answerQuestions() {
        // Only the bytes not looked at yet (and the few a question could straddle).
        let from = max(0, scanned - 2)
        let asked = Self.count(Array(output[from...]), "\u{1b}[c")
        scanned = output.count
        for _ in 0..<asked {
            questionsAnswered += 1
            _ = answers.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
    }
}
