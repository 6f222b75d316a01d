import Session
import Testing

/// Which commands name local files (what a connection any user can open must refuse).
@Suite struct CommandFilesTests {
    @Test(arguments: [
        ("playlist import /music/list.m3u", ["/music/list.m3u"]),
        ("playlist import list.m3u mix", ["list.m3u"]),
        ("playlist export mix /tmp/x.m3u", ["/tmp/x.m3u"]),
        ("add /music/a.mp3 itunes:1 b.flac", ["/music/a.mp3", "b.flac"]),
        ("playnext https://example.com/a.mp3 ./c.mp3", ["./c.mp3"]),
        ("replace 2 itunes:1 /music/d.mp3", ["/music/d.mp3"]),
        ("playlist add mix itunes:2 /music/e.mp3", ["/music/e.mp3"]),
        ("folder add /music", ["/music"]),
        ("folder remove music", ["music"]),
        ("rescan /music/Jazz", ["/music/Jazz"]),
        ("library folder /music/Jazz", ["/music/Jazz"]),
    ])
    func commandsNamingLocalFilesSayWhich(line: String, files: [String]) throws {
        #expect(try Command.parse(line).localFiles == files)
    }

    @Test(arguments: [
        "playlist export mix", "add itunes:1 https://example.com/a.mp3 demo:audio/x.m4a", "replace 1 itunes:1",
        "playlist add mix itunes:3", "playlist play mix", "playlist show mix", "next", "status", "save 1", "lookup 1 2",
        "search songs /music/a.mp3", "find /music/a.mp3", "folder list", "rescan", "stats", "library songs",
        "library album local:album:1",
    ])
    func otherCommandsNameNone(line: String) throws {
        #expect(try Command.parse(line).localFiles.isEmpty)
    }
}
