import Checked
import Library
import Session
import Testing

/// `library.folders` in the config file and the folder paths commands take: what a user writes
/// becomes an absolute folder or a sentence naming the line and the problem.
@Suite struct LibrarySettingsTests {
    /// Every path is a folder, except those named here.
    private func parse(_ text: String, notFolders: Set<String> = []) -> (settings: LibrarySettings, problems: [String]) {
        LibrarySettings.parse(ConfigFile(parsing: text), home: "/home/ada") { notFolders.contains($0) ? "There is no folder \($0)." : nil }
    }

    @Test func foldersAreReadWithTildeQuotesAndComments() {
        let (settings, problems) = parse(
            """
            # library.folders = /commented/out
            library.folders = ~/Music, /mnt/music/  # the NAS
            workout.crossfade = 4
            Library.Folders = "/srv/a, b #2", ~, /mnt/./music/../music
            """)
        #expect(problems == [])
        #expect(settings.folders == ["/home/ada/Music", "/mnt/music", "/srv/a, b #2", "/home/ada"])
    }

    @Test func eachUnusableFolderIsASentenceAndTheRestAreKept() {
        let (settings, problems) = parse(
            """
            library.folders = Music, ~bob/music, /gone, /ok
            library.folderz = /x
            library.folders = "/never closed, /lost
            """, notFolders: ["/gone"])
        #expect(settings.folders == ["/ok"])
        #expect(
            problems == [
                "config line 1: Music is not an absolute path; give it from / (or from ~).",
                "config line 1: ~bob/music: only ~ and ~/… are understood; give the full path.",
                "config line 1: There is no folder /gone.",
                "config line 2: unknown setting \"library.folderz\" (library.folders is known).",
                "config line 3: a quote is not closed; the folder it starts is left out.",
            ])
    }

    @Test func withoutHomeATildeIsASentence() {
        let (settings, problems) = LibrarySettings.parse(ConfigFile(parsing: "library.folders = ~/Music"), home: nil) { _ in nil }
        #expect(settings.folders.isEmpty)
        #expect(problems == ["config line 1: ~/Music starts with ~, but HOME is not set to a folder; give the full path."])
    }

    @Test func theFolderListIsBounded() {
        let many = (1...100).map { "/m/\($0)" }.joined(separator: ",")
        let (settings, problems) = parse("library.folders = " + many)
        #expect(settings.folders.count == LibrarySettings.maxFolders)
        #expect(problems.count == 100 - LibrarySettings.maxFolders)
        #expect(problems.first == "config line 1: library.folders keeps the first 64 folders; /m/65 is left out.")
    }

    @Test func pathsAreNormalizedByTheirLetters() throws {
        #expect(try LibraryPaths.normalized("/a//b/./c/../d/", home: nil) == "/a/b/d")
        #expect(try LibraryPaths.normalized("/..", home: nil) == "/")
        #expect(try LibraryPaths.normalized("~/x", home: "/home/ada/") == "/home/ada/x")
        #expect(throws: CommandError.failed("A folder path holds a control character, which no folder of music should.")) {
            try LibraryPaths.normalized("/a\u{1B}[2J", home: nil)
        }
        #expect(throws: CommandError.failed("A folder path is longer than 4096 bytes.")) {
            try LibraryPaths.normalized("/" + String(repeating: "a", count: 4096), home: nil)
        }
        #expect(LibraryPath.contains("/a", "/a/b"))
        #expect(!LibraryPath.contains("/a", "/ab"))
        #expect(LibraryPath.contains("/", "/a"))
    }
}
