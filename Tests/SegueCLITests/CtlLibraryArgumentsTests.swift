import Session
import Testing

@testable import segue

/// `segue ctl` reads the library's commands as the shell gave the words: folders made absolute
/// from the working folder (the daemon's is not ours), `find`'s term as typed.
@Suite struct CtlLibraryArgumentsTests {
    /// The command `segue ctl WORDS…` sends.
    private func sent(_ words: [String]) throws -> Command {
        try CtlCommand(parsing: words).command.get()
    }

    @Test func foldersAreMadeAbsoluteFromTheWorkingFolder() throws {
        let here = CtlCommand.absolutePath(".")
        #expect(here.hasPrefix("/") && !here.hasSuffix("/.") && (here == "/" || !here.hasSuffix("/")), "\(here)")
        #expect(try sent(["folder", "add", "Music"]) == .folder(.add(here == "/" ? "/Music" : here + "/Music")))
        #expect(try sent(["folder", "add", "."]) == .folder(.add(here)))
        #expect(try sent(["folder", "remove", "/music/./Jazz//"]) == .folder(.remove("/music/Jazz")))
        #expect(try sent(["rescan", "/music/Jazz/../Rock/"]) == .rescan("/music/Rock"))
        #expect(try sent(["rescan"]) == .rescan(nil))
        #expect(try sent(["library", "folder", "/music/My Albums"]) == .library(.folder("/music/My Albums")))
        #expect(try sent(["folder", "add", "/.."]) == .folder(.add("/")))
        // Only folders and files are touched: an id stays an id.
        #expect(try sent(["library", "album", "local:album:3"]) == .library(.album("local:album:3")))
    }

    @Test func findTakesTheWordsAsTyped() throws {
        #expect(try sent(["find", "it's", "a", "\"quoted\""]) == .find("it's a \"quoted\""))
        #expect(try sent(["find", "daft punk"]) == .find("daft punk"))
        #expect(try sent(["find", "夜に駆ける"]) == .find("夜に駆ける"))
    }
}
