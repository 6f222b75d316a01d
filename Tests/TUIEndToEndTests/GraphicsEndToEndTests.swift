import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Covers drawn with a graphics protocol, as the real `segue ui` writes them to a terminal that
/// answers the start-up probe for kitty graphics or sixel: a pseudo-terminal plays that terminal
/// (none is installed here), and the test reads every byte the UI sends it. Nothing here
/// measures time: every wait is for bytes to arrive, with a deadline.
@Suite struct GraphicsEndToEndTests {
    static let esc = "\u{1b}"
    /// kitty: `a=q` answered OK, 8×16-pixel cells, DA1 without sixel.
    static let kitty = "\(esc)_Gi=31;OK\(esc)\\\(esc)[6;16;8t\(esc)[?62;22c"
    /// An xterm with sixel: 8×16-pixel cells, DA1 with 4.
    static let sixel = "\(esc)[6;16;8t\(esc)[?63;1;2;4;6;9;15;22c"

    /// The UI on a pseudo-terminal answering `answers`, with a private daemon.
    final class Session {
        let tty: PseudoTerminal
        let ui: Shell.Running
        let home = Fixtures.temporaryDirectory()
        var environment: [String: String]

        init(answers: String) throws {
            tty = try #require(PseudoTerminal(rows: 24, columns: 80, answers: answers))
            environment = [
                "SEGUE_HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "COLORTERM": "truecolor",
                "NO_COLOR": "", "SEGUE_CATALOG_URL": "http://127.0.0.1:9", "SEGUE_OUTPUT": "null",
            ]
            let started = Shell.start(TmuxSession.segue, ["ui", "--output", "null"], environment: environment, terminal: tty.path)
            ui = try #require(started)
            try #require(tty.read { PseudoTerminal.contains($0, "Press / and type to search") }, "the UI started")
        }

        func ctl(_ words: String...) {
            #expect(Shell.run(TmuxSession.segue, ["ctl"] + words, environment: environment, timeout: 30).exitCode == 0, "ctl \(words)")
        }

        /// Waits for `text` in what the UI wrote since `mark`; what it wrote since then.
        @discardableResult
        func waitFor(_ text: String, since mark: Int, _ what: Comment) -> String {
            let seen = tty.read(from: mark) { PseudoTerminal.contains($0, text) }
            #expect(seen, what)
            return String(decoding: tty.output[mark...], as: UTF8.self)
        }

        /// Quits the UI and the daemon (SIGTERM when either does not go).
        func stop() {
            if Processes.isRunning(ui.pid) { tty.type("q") }
            _ = tty.read { _ in !Processes.isRunning(ui.pid) }
            _ = ui.finish(timeout: 20)
            _ = Shell.run(TmuxSession.segue, ["ctl", "quit"], environment: environment, timeout: 20)
            if let pid = Processes.daemonPID(home: home) { kill(pid, SIGTERM) }
        }
    }

    private static func count(_ text: String, _ part: String) -> Int { PseudoTerminal.count(Array(text.utf8), part) }

    @Test func kittySendsEachCoverOnceAndDeletesItOnATrackChangeAResizeLeavingTheViewAndQuitting() throws {
        let songs = try CoverEndToEndTests().music()
        let s = try Session(answers: Self.kitty)
        defer { s.stop() }

        var mark = s.tty.output.count
        s.ctl("add", songs.red)
        var since = s.waitFor("a=p,i=1000,p=1,c=4,r=2,C=1,q=2", since: mark, "the small cover placed")
        // A PNG (its first 24 bytes, signature and IHDR to the size, are these 32 base64
        // characters) of the 4×2-cell box at 8×16 pixels: 32×32.
        #expect(since.contains("\(Self.esc)_Ga=t,f=100,t=d,i=1000,q=2,m=0;iVBORw0KGgoAAAANSUhEUgAAACAAAAAg"))
        #expect(Self.count(since, "_Ga=t,") == 1, "sent once")

        // The now-playing view: the small picture deleted, the large one sent and placed.
        mark = s.tty.output.count
        s.tty.type("c")
        since = s.waitFor("a=p,i=1001,p=1,c=34,r=17,C=1,q=2", since: mark, "the large cover placed")
        #expect(since.contains("_Ga=d,d=I,i=1000,q=2"))

        // A track change: the old picture deleted before the next one is sent.
        mark = s.tty.output.count
        s.ctl("add", songs.blue)
        s.ctl("next")
        since = s.waitFor("a=p,i=1002,", since: mark, "the blue cover placed")
        let deleted = try #require(since.firstRange(of: "_Ga=d,d=I,i=1001,q=2"), "the red cover deleted")
        let sent = try #require(since.firstRange(of: "_Ga=t,f=100,t=d,i=1002,q=2,m="))
        // After `m=0;` or `m=1;`: a 272×272 PNG.
        #expect(since[sent.upperBound...].dropFirst(2).hasPrefix("iVBORw0KGgoAAAANSUhEUgAAARAAAAEQ"), "a 272×272 PNG")
        #expect(deleted.lowerBound < sent.lowerBound)

        // Ctrl-L: placed again, not sent again.
        mark = s.tty.output.count
        s.tty.type("\u{0c}")
        since = s.waitFor("a=p,i=1002,", since: mark, "the cover placed again after Ctrl-L")
        #expect(!since.contains("_Ga=t,"))

        // A resize: the box changes, so the picture is deleted and the new size sent.
        mark = s.tty.output.count
        s.tty.resize(rows: 40, columns: 120)
        s.ui.signal(SIGWINCH)
        since = s.waitFor("a=p,i=1003,p=1,c=66,r=33", since: mark, "the cover at the new size")
        #expect(since.contains("_Ga=d,d=I,i=1002,q=2"))

        // Leaving the view, then quitting: nothing is left behind.
        mark = s.tty.output.count
        s.tty.type(Self.esc)
        since = s.waitFor("a=p,i=1004,p=1,c=4,r=2", since: mark, "the small cover back")
        #expect(since.contains("_Ga=d,d=I,i=1003,q=2"))
        mark = s.tty.output.count
        s.tty.type("q")
        s.waitFor("_Ga=d,d=I,i=1004,q=2", since: mark, "the last picture deleted on quitting")
    }

    @Test func sixelIsDrawnWhereDA1SaysFourAndATerminalThatAnswersNothingGetsHalfBlocks() throws {
        let songs = try CoverEndToEndTests().music()
        let sixel = try Session(answers: Self.sixel)
        defer { sixel.stop() }
        let mark = sixel.tty.output.count
        sixel.ctl("add", songs.red)
        // The small cover's top-left cell (row 22, column 2), then the sixel's device control string.
        let since = sixel.waitFor("\(Self.esc)7\(Self.esc)[22;2H\(Self.esc)P", since: mark, "a sixel at the small cover")
        #expect(!since.contains("\(Self.esc)_G"), "no kitty command to a sixel terminal")

        let plain = try Session(answers: "\(Self.esc)[?62;22c")
        defer { plain.stop() }
        let plainMark = plain.tty.output.count
        plain.ctl("add", songs.red)
        let cells = plain.waitFor("\(Self.esc)7\(Self.esc)[0m\(Self.esc)[22;2H", since: plainMark, "half-blocks at the small cover")
        #expect(!cells.contains("\(Self.esc)_Ga=") && !cells.contains("\(Self.esc)P"))
    }
}
