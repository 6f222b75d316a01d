import Testing

@testable import Terminal

/// ncursesw is dlopened when the terminal UI starts, not linked; these check what a user reads
/// when it cannot be opened (a sentence naming the package, not a crash).
@Suite struct CursesLoadingTests {
    @Test func aMissingCursesIsASentenceNamingItsPackage() throws {
        let problem = try #require(Terminal.probe(["libsegue-no-such-curses.so.6"]))
        #expect(problem == "libncursesw.so.6 is missing: install the Debian package libncursesw6")
        #expect(
            TerminalError.library(problem).description
                == "Segue's terminal UI could not start: libncursesw.so.6 is missing: install the Debian package libncursesw6.")
    }

    @Test func aLibraryLackingTheFunctionsIsTooOld() {
        #expect(
            Terminal.probe(["libsegue-no-such-curses.so.6", "libc.so.6"])
                == "the installed libncursesw.so.6 lacks functions Segue needs (it is too old): install a newer Debian package libncursesw6")
    }

    @Test func theInstalledCursesLoads() {
        #expect(Terminal.probe(["libncursesw.so.6"]) == nil)
        #expect(Terminal.unavailable == nil)
    }
}
