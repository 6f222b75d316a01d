import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The start-up questions about pictures: XTVERSION (is this tmux?), the kitty graphics `a=q`
/// query, `CSI 16 t` (the cell size in pixels) and last DA1, which every terminal answers, in
/// order, so its answer means every earlier question was answered or never will be. Inside
/// tmux the kitty query is asked again wrapped in tmux's passthrough: kitty pictures are used
/// there only when that answer comes back.
public enum TerminalProbe {
    /// The id the kitty query uses, to tell its answer from others.
    static let kittyID = 31
    static let kittyQuery = "\u{1b}_Gi=\(kittyID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1b}\\"
    static let questions = "\u{1b}[>0q" + kittyQuery + "\u{1b}[16t" + "\u{1b}[c"
    static let passthroughQuestions =
        "\u{1b}Ptmux;" + String(kittyQuery.flatMap { $0 == "\u{1b}" ? ["\u{1b}", "\u{1b}"] : [$0] }) + "\u{1b}\\" + "\u{1b}[c"

    /// What the answers in `bytes` say.
    public struct Answers: Sendable, Equatable {
        /// XTVERSION named tmux.
        public var tmux = false
        /// The kitty query was answered OK.
        public var kitty = false
        /// DA1 came back.
        public var deviceAttributes = false
        /// DA1 listed 4 (sixel).
        public var sixel = false
        /// `CSI 6 ; height ; width t`, when it came.
        public var cellWidth: Int?
        /// The height half of the cell size.
        public var cellHeight: Int?
    }

    /// Reads the answers out of what the terminal sent; anything else (keys typed meanwhile,
    /// garbage) is passed over. Numbers are bounded: a cell is 1 to 1000 pixels a side.
    public static func parse(_ bytes: [UInt8]) -> Answers {
        var answers = Answers()
        let text = String(decoding: bytes, as: UTF8.self)
        if text.contains("\u{1b}P>|tmux") { answers.tmux = true }
        if text.contains("\u{1b}_Gi=\(kittyID);OK") { answers.kitty = true }
        for body in sequences(in: text, opener: "\u{1b}[?", final: "c") {
            answers.deviceAttributes = true
            if body.split(separator: ";").contains("4") { answers.sixel = true }
        }
        for body in sequences(in: text, opener: "\u{1b}[6;", final: "t") {
            let parts = body.split(separator: ";").map { Int($0) }
            if parts.count == 2, let h = parts[0], let w = parts[1], (1...1000).contains(h), (1...1000).contains(w) {
                answers.cellHeight = h
                answers.cellWidth = w
            }
        }
        return answers
    }

    /// The bodies between `opener` and `final` whose characters are digits and semicolons only.
    private static func sequences(in text: String, opener: String, final: Character) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let start = rest.firstRange(of: opener) {
            rest = rest[start.upperBound...]
            let body = rest.prefix { $0.isNumber || $0 == ";" }
            if rest.dropFirst(body.count).first == final { found.append(String(body)) }
            rest = rest.dropFirst(body.count)
        }
        return found
    }

    /// The capabilities, from `answers` (of the plain questions) and `passthrough` (of the
    /// wrapped kitty query, asked only inside tmux).
    public static func graphics(depth: TerminalGraphics.Depth, answers: Answers, passthrough: Answers?) -> TerminalGraphics {
        var graphics = TerminalGraphics(depth: depth, insideTmux: answers.tmux)
        if answers.tmux {
            graphics.kitty = passthrough?.kitty ?? false
        } else {
            graphics.kitty = answers.kitty
            graphics.sixel = answers.sixel
        }
        if let w = answers.cellWidth, let h = answers.cellHeight { graphics.cellPixels = (w, h) }
        if depth == .none {
            graphics.kitty = false
            graphics.sixel = false
        }
        return graphics
    }

    /// Asks the terminal on standard input/output and waits for DA1's answer, at most `timeout`
    /// seconds; standard input is put in raw mode for the while and restored. Nil when either
    /// end is not a terminal.
    static func ask(_ questions: String, timeout: Double = 0.1) -> Answers? {
        guard isatty(0) == 1, isatty(1) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        _ = tcsetattr(0, TCSANOW, &raw)
        defer { _ = tcsetattr(0, TCSANOW, &saved) }
        let out = Array(questions.utf8)
        _ = out.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        var received: [UInt8] = []
        let deadline = monotonic() + timeout
        var buffer = [UInt8](repeating: 0, count: 512)
        while received.count < 4096 {
            let left = deadline - monotonic()
            guard left > 0 else { break }
            var fd = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fd, 1, Int32((left * 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[..<count]
            if parse(received).deviceAttributes { break }
        }
        return parse(received)
    }

    /// Probes the terminal (`ask`), then tmux's passthrough when tmux answered.
    public static func run(depth: TerminalGraphics.Depth, timeout: Double = 0.1) -> TerminalGraphics {
        guard depth != .none, let answers = ask(questions, timeout: timeout) else { return .cells(depth) }
        let passthrough = answers.tmux ? ask(passthroughQuestions, timeout: timeout) : nil
        return graphics(depth: depth, answers: answers, passthrough: passthrough)
    }

    private static func monotonic() -> Double { monotonicSeconds() }
}
