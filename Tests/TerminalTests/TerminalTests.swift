import Testing

@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ColumnWidthTests {
    init() { Terminal.prepareLocale() }

    @Test func asciiTakesOneColumn() {
        #expect(Terminal.columns(of: "a") == 1)
        #expect(Terminal.columns(of: " ") == 1)
    }

    @Test func accentedLettersTakeOneColumnPrecomposedOrCombined() {
        #expect(Terminal.columns(of: "\u{E9}") == 1)
        #expect(Terminal.columns(of: "e\u{301}") == 1)
    }

    @Test func cjkAndEmojiTakeTwoColumns() {
        #expect(Terminal.columns(of: "漢") == 2)
        #expect(Terminal.columns(of: "🎧") == 2)
    }

    @Test func controlCharactersAndLoneMarksTakeNone() {
        #expect(Terminal.columns(of: "\u{7}") == 0)
        #expect(Terminal.columns(of: "\u{301}") == 0)
    }

    @Test func aMixedLineAddsUp() {
        let line = "漢字 café 🎧"
        #expect(line.reduce(0) { $0 + Terminal.columns(of: $1) } == 12)
    }
}

/// These change TERM, which every test in the process shares, so they run one at a time and put it back.
@Suite(.serialized) struct OpenRefusalTests {
    private func withTERM(_ value: String?, _ body: () -> Void) {
        let saved = getenv("TERM").map { String(cString: $0) }
        if let value { setenv("TERM", value, 1) } else { unsetenv("TERM") }
        defer {
            if let saved { setenv("TERM", saved, 1) } else { unsetenv("TERM") }
        }
        body()
    }

    @Test func dumbTerminalIsRefusedWithASentenceNamingTERM() {
        withTERM("dumb") {
            let error = #expect(throws: TerminalError.self) { _ = try Terminal.open() }
            #expect(error == .cannotMoveCursor(term: "dumb"))
            #expect(error?.description.contains("TERM=dumb") == true)
        }
    }

    @Test func unsetOrEmptyTERMIsRefused() {
        withTERM(nil) { #expect(throws: TerminalError.cannotMoveCursor(term: "")) { _ = try Terminal.open() } }
        withTERM("") { #expect(throws: TerminalError.cannotMoveCursor(term: "")) { _ = try Terminal.open() } }
        #expect(TerminalError.cannotMoveCursor(term: "").description.contains("TERM"))
    }

    // Only meaningful when the tests are not run from an interactive terminal, which would open for real.
    @Test(.enabled(if: isatty(0) == 0 || isatty(1) == 0))
    func withoutATerminalOpenThrowsInsteadOfCrashing() {
        withTERM("xterm-256color") {
            #expect(throws: TerminalError.notATerminal) { _ = try Terminal.open(colors: .never) }
            // Nothing was left claimed: a second attempt gives the same answer, not "already open".
            #expect(throws: TerminalError.notATerminal) { _ = try Terminal.open() }
        }
    }

    @Test func refusalChecksTERMBeforeTheTerminal() {
        #expect(Terminal.refusal(term: "dumb", inputIsTerminal: false, outputIsTerminal: false) == .cannotMoveCursor(term: "dumb"))
        #expect(Terminal.refusal(term: "xterm", inputIsTerminal: true, outputIsTerminal: false) == .notATerminal)
        #expect(Terminal.refusal(term: "xterm", inputIsTerminal: false, outputIsTerminal: true) == .notATerminal)
        #expect(Terminal.refusal(term: "xterm", inputIsTerminal: true, outputIsTerminal: true) == nil)
    }

    @Test func everyErrorIsASentence() {
        let errors: [TerminalError] = [
            .notATerminal, .cannotMoveCursor(term: "dumb"), .unknownTerminal(term: "foo"), .alreadyOpen,
            .errorLog(path: "/x/log", reason: "No such file or directory"), .system("no pipe"),
            .library("libncursesw.so.6 is missing: install the Debian package libncursesw6"),
        ]
        for error in errors {
            #expect(error.description.first?.isUppercase == true)
            #expect(error.description.hasSuffix("."))
        }
        #expect(TerminalError.unknownTerminal(term: "foo").description.contains("TERM=foo"))
    }
}

@Suite struct InputDecoderTests {
    @Test func controlLettersComeLowercase() {
        #expect(InputDecoder.key(forCharacter: 1) == .control("a"))
        #expect(InputDecoder.key(forCharacter: 4) == .control("d"))
        #expect(InputDecoder.key(forCharacter: 26) == .control("z"))
    }

    @Test func controlCodesWithTheirOwnKeys() {
        #expect(InputDecoder.key(forCharacter: 9) == .tab)
        #expect(InputDecoder.key(forCharacter: 10) == .enter)
        #expect(InputDecoder.key(forCharacter: 13) == .enter)
        #expect(InputDecoder.key(forCharacter: 8) == .backspace)
        #expect(InputDecoder.key(forCharacter: 127) == .backspace)
        #expect(InputDecoder.key(forCharacter: 27) == .escape)
    }

    @Test func printableScalarsAreCharacters() {
        #expect(InputDecoder.key(forCharacter: 0x20) == .character(" "))
        #expect(InputDecoder.key(forCharacter: 0x71) == .character("q"))
        #expect(InputDecoder.key(forCharacter: 0xE9) == .character("é"))
        #expect(InputDecoder.key(forCharacter: 0x591C) == .character("夜"))
        #expect(InputDecoder.key(forCharacter: 0x1F3A7) == .character("🎧"))
    }

    @Test func otherControlsAreDropped() {
        #expect(InputDecoder.key(forCharacter: 0) == nil)
        #expect(InputDecoder.key(forCharacter: 28) == nil)
        #expect(InputDecoder.key(forCharacter: 0x85) == nil)
        #expect(InputDecoder.key(forCharacter: 0xD800) == nil)
    }

    @Test func cursesKeyCodes() {
        // Values from <ncursesw/curses.h>: KEY_UP 0403, KEY_F0 0410, KEY_DC 0512, KEY_BTAB 0541.
        #expect(InputDecoder.key(forKeyCode: 0o403) == .up)
        #expect(InputDecoder.key(forKeyCode: 0o410 + 1) == .function(1))
        #expect(InputDecoder.key(forKeyCode: 0o410 + 12) == .function(12))
        #expect(InputDecoder.key(forKeyCode: 0o410 + 13) == nil)
        #expect(InputDecoder.key(forKeyCode: 0o512) == .delete)
        #expect(InputDecoder.key(forKeyCode: 0o541) == .backTab)
    }

    @Test func resizesInARowBecomeOne() {
        var events: [InputEvent] = []
        for event: InputEvent in [.resize, .resize, .key(.up), .resize, .resize] { InputDecoder.append(event, to: &events) }
        #expect(events == [.resize, .key(.up), .resize])
    }

    @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
        var events: [InputEvent] = []
        for event: InputEvent in [.key(.character("e")), .key(.character("\u{301}")), .key(.character("x"))] {
            InputDecoder.append(event, to: &events)
        }
        #expect(events == [.key(.character("e\u{301}")), .key(.character("x"))])
    }
}

@Suite struct ClickCounterTests {
    let start = ContinuousClock.now

    @Test func aQuickSecondPressOnTheSameCellIsADoubleClick() {
        var clicks = ClickCounter()
        #expect(clicks.press(button: 1, row: 3, column: 4, at: start) == .press(button: 1))
        #expect(clicks.press(button: 1, row: 3, column: 4, at: start + .milliseconds(200)) == .doubleClick(button: 1))
        // A third press starts over.
        #expect(clicks.press(button: 1, row: 3, column: 4, at: start + .milliseconds(300)) == .press(button: 1))
    }

    @Test func slowOrMovedOrOtherButtonPressesStayPresses() {
        var clicks = ClickCounter()
        _ = clicks.press(button: 1, row: 3, column: 4, at: start)
        #expect(clicks.press(button: 1, row: 3, column: 4, at: start + .milliseconds(900)) == .press(button: 1))
        #expect(clicks.press(button: 1, row: 3, column: 5, at: start + .milliseconds(1000)) == .press(button: 1))
        #expect(clicks.press(button: 3, row: 3, column: 5, at: start + .milliseconds(1100)) == .press(button: 3))
    }
}
