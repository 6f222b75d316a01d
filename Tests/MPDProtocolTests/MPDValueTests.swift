import MPDProtocol
import Testing

/// The small values every MPD reply is made of.
@Suite struct MPDValueTests {
    @Test func anAckIsOneLineWithItsCodeIndexAndCommand() {
        var ack = MPDAck(.noExist, "No such song\nforged: line")
        ack.command = "deleteid"
        ack.index = 2
        #expect(ack.line == "ACK [50@2] {deleteid} No such song forged: line")
    }

    @Test func aValueNeverBreaksItsLine() {
        var response = MPDResponse()
        response.add("Title", "one\ntwo\r")
        response.add("Track", 3)
        #expect(response.text == "Title: one two \nTrack: 3\n")
    }

    @Test func timesAreWrittenAsMPDWritesThem() {
        #expect(MPDTime.seconds(30) == "30.000")
        #expect(MPDTime.seconds(0.9925) == "0.993")
        #expect(MPDTime.iso8601(0) == "1970-01-01T00:00:00Z")
        #expect(MPDTime.iso8601(1_764_417_081) == "2025-11-29T11:51:21Z")
    }

    @Test func libraryFoldersBecomeTopLevelDirectories() {
        let namespace = MPDNamespace(folders: ["/home/a/Music", "/mnt/b/Music", "/srv/jazz"])
        #expect(namespace.roots.map(\.name) == ["Music", "Music (2)", "jazz"])
        #expect(namespace.uri(for: "/mnt/b/Music/x/y.flac") == "Music (2)/x/y.flac")
        #expect(namespace.uri(for: "itunes:12") == "itunes:12")
        #expect(namespace.path(for: "jazz/a.mp3") == "/srv/jazz/a.mp3")
        #expect(namespace.path(for: "jazz/../../etc/passwd") == nil)
        #expect(namespace.location(for: "https://example.com/a.mp3") == "https://example.com/a.mp3")
        #expect(namespace.location(for: "/etc/passwd") == nil)
    }

    @Test func subsystemsHaveTheirProtocolNames() {
        #expect(MPDSubsystems(name: "STORED_PLAYLIST") == .storedPlaylist)
        #expect(MPDSubsystems(name: "bogus") == nil)
        #expect(([.mixer, .player] as MPDSubsystems).names == ["player", "mixer"])
    }
}
