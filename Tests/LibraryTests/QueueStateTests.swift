import Library
import MusicModel
import SQLiteStore
import Testing

@Suite struct QueueStateTests {
    static let state = QueueState(
        items: [
            PlayableItem(
                location: "itunes:1472505006", title: "夜に駆ける", artist: "YOASOBI", album: "THE BOOK", artworkURL: "https://x/a.jpg",
                duration: 261),
            PlayableItem(location: "/music/Saman.mp3", title: "Saman", artist: "Ólafur Arnalds"),
            PlayableItem(location: "/music/Saman.mp3", title: "Saman", artist: "Ólafur Arnalds"),
        ], currentIndex: 1, position: 42.5, repeatMode: .all, shuffleMode: .songs, volume: 0.35)

    @Test func nothingSavedIsNil() throws {
        let (library, _) = try TestDatabase.library()
        #expect(try library.loadQueueState() == nil)
        try library.savePosition(3)  // no queue yet: nothing to update, no error
        #expect(try library.loadQueueState() == nil)
    }

    @Test func roundTripAndReplace() throws {
        let (library, path) = try TestDatabase.library()
        try library.saveQueueState(Self.state)
        #expect(try MusicLibrary.open(path: path).loadQueueState() == Self.state)

        let smaller = QueueState(
            items: [Self.state.items[0]], currentIndex: nil, position: 0, repeatMode: .one, shuffleMode: .off, volume: 1)
        try library.saveQueueState(smaller)
        #expect(try library.loadQueueState() == smaller)
        try library.saveQueueState(QueueState())
        #expect(try library.loadQueueState() == QueueState())
    }

    @Test func badCurrentIndexIsRefused() throws {
        let (library, _) = try TestDatabase.library()
        try library.saveQueueState(Self.state)
        var bad = Self.state
        bad.currentIndex = 3
        #expect(throws: LibraryError.indexOutOfRange(index: 3, count: 3)) { try library.saveQueueState(bad) }
        #expect(try library.loadQueueState() == Self.state)
    }

    @Test func savePositionIsVisibleToASecondConnectionAtOnce() throws {
        // What survives kill -9 is what is committed; another connection seeing it proves it left this one.
        let (library, path) = try TestDatabase.library()
        try library.saveQueueState(Self.state)
        let other = try SQLiteDatabase.open(path: path)
        for second in 1...3 {
            try library.savePosition(Double(second) + 0.25)
            #expect(try other.query("SELECT position FROM queue_state", []) == [[.real(Double(second) + 0.25)]])
        }
        var expected = Self.state
        expected.position = 3.25
        #expect(try MusicLibrary(database: other).loadQueueState() == expected)
    }
}
