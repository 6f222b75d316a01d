import MusicModel
import Testing

/// What a user types as an item, read in one place and written back in one place.
@Suite struct ItemLocationTests {
    @Test(arguments: [
        ("itunes:1440857781", ItemLocation.catalog(.itunes, id: "1440857781")),
        ("/music/a b.mp3", .file(path: "/music/a b.mp3")),
        ("https://example.com/c.m4a?token=1", .url("https://example.com/c.m4a?token=1")),
        ("http://127.0.0.1:8080/stream", .url("http://127.0.0.1:8080/stream")),
        ("demo:audio/nor%C3%B0urljos.m4a", .demo(path: "audio/nor%C3%B0urljos.m4a")),
        ("a.mp3", .file(path: "a.mp3")),
        ("夜に駆ける.m4a", .file(path: "夜に駆ける.m4a")),
    ])
    func parsesAndPrintsBackTheSameText(text: String, location: ItemLocation) throws {
        #expect(ItemLocation(parsing: text) == location)
        #expect(location.text == text)
        #expect(ItemLocation(parsing: location.text) == location)
        #expect(PlayableItem(location).location == text)
        #expect(PlayableItem(location: text).parsedLocation == location)
    }

    @Test func catalogPrefixIgnoresCaseAndPrintsLowerCase() {
        #expect(ItemLocation(parsing: "ITUNES:42") == .catalog(.itunes, id: "42"))
        #expect(ItemLocation(parsing: "ITUNES:42")?.text == "itunes:42")
        #expect(ItemLocation(parsing: "itunes:42")?.catalogID == "42")
        #expect(ItemLocation(parsing: "/a.mp3")?.catalogID == nil)
    }

    @Test(arguments: [
        "",  // empty
        "itunes:",  // no id
        "itunes:abc", "itunes:12a", "itunes: 12", "itunes:-1", "itunes:١٢",  // not ASCII digits
        "itunes:" + String(repeating: "9", count: ItemLocation.maxCatalogIDLength + 1),  // over-long
        "/music/a\nb.mp3", "a\tb.mp3", "itunes:1\u{0}", "https://x/\u{7F}", "/a\u{85}b",  // control characters
        "ftp://example.com/a.mp3", "file:///music/a.mp3",  // schemes nothing opens
        "demo:",
    ])
    func refusesWhatNoOpenerCouldUse(text: String) {
        #expect(ItemLocation(parsing: text) == nil)
        #expect(PlayableItem(location: text).parsedLocation == nil)
    }

    @Test func theLongestCatalogIDIsAccepted() {
        let id = String(repeating: "9", count: ItemLocation.maxCatalogIDLength)
        #expect(ItemLocation(parsing: "itunes:" + id) == .catalog(.itunes, id: id))
    }

    @Test func relativePathsJoinTheGivenFolderAndStayAsTypedWithout() {
        #expect(ItemLocation(parsing: "a.mp3") == .file(path: "a.mp3"))
        #expect(ItemLocation(parsing: "./a.mp3", relativeTo: "/m/list/") == .file(path: "/m/list/a.mp3"))
        #expect(ItemLocation(parsing: "sub/a.mp3", relativeTo: "/") == .file(path: "/sub/a.mp3"))
        #expect(ItemLocation(parsing: "a.mp3", relativeTo: "") == .file(path: "a.mp3"))
        // Only relative paths move: absolute ones, URLs and catalog items are where they say.
        #expect(ItemLocation(parsing: "/abs/x.mp3", relativeTo: "/m") == .file(path: "/abs/x.mp3"))
        #expect(ItemLocation(parsing: "http://radio.example/s", relativeTo: "/m") == .url("http://radio.example/s"))
        #expect(ItemLocation(parsing: "itunes:7", relativeTo: "/m") == .catalog(.itunes, id: "7"))
    }

    @Test func aSongIDIsACatalogItemUnlessItIsAPathOrURL() {
        #expect(ItemLocation(songID: "1440857781")?.text == "itunes:1440857781")
        #expect(ItemLocation(songID: "/music/a.mp3")?.text == "/music/a.mp3")
        #expect(ItemLocation(songID: "https://x/a.m4a")?.text == "https://x/a.m4a")
        #expect(ItemLocation(songID: "") == nil)
        #expect(ItemLocation(songID: "abc") == nil)
    }
}
