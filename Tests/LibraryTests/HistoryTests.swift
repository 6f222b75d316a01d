import Library
import MusicModel
import Testing

@Suite struct HistoryTests {
    static let yoru = PlayableItem(location: "itunes:1472505006", title: "夜に駆ける", artist: "YOASOBI", duration: 261)
    static let saman = PlayableItem(location: "/music/Ólafur Arnalds/Saman.mp3", title: "Saman", artist: "Ólafur Arnalds")

    @Test func recordsDistinctItemsMostRecentFirst() throws {
        let (library, _) = try TestDatabase.library()
        #expect(try library.isHistoryEnabled)
        try library.recordPlay(Self.yoru, at: 1_000)
        try library.recordPlay(Self.saman, at: 2_000)
        var retitled = Self.yoru
        retitled.album = "THE BOOK"
        try library.recordPlay(retitled, at: 3_000)
        #expect(
            try library.recentlyPlayed(limit: 10) == [
                HistoryEntry(item: retitled, lastPlayed: 3_000, playCount: 2),
                HistoryEntry(item: Self.saman, lastPlayed: 2_000, playCount: 1),
            ])
        #expect(try library.recentlyPlayed(limit: 1).map(\.item) == [retitled])
        #expect(try library.recentlyPlayed(limit: 0) == [])
        #expect(try library.playCount(location: "itunes:1472505006") == 2)
        #expect(try library.playCount(location: "/music/Ólafur Arnalds/Saman.mp3") == 1)
        #expect(try library.playCount(location: "/music/ólafur arnalds/saman.mp3") == 0)
        #expect(try library.playCount(location: "itunes:%") == 0)
    }

    @Test func samePlayTimeOrdersByRecording() throws {
        let (library, _) = try TestDatabase.library()
        try library.recordPlay(Self.yoru, at: 5)
        try library.recordPlay(Self.saman, at: 5)
        #expect(try library.recentlyPlayed(limit: 5).map(\.item) == [Self.saman, Self.yoru])
    }

    @Test func historyOffRecordsNothingAndIsPersisted() throws {
        let (library, path) = try TestDatabase.library()
        try library.recordPlay(Self.yoru, at: 1)
        try library.setHistoryEnabled(false)
        try library.recordPlay(Self.yoru, at: 2)
        try library.recordPlay(Self.saman, at: 3)
        #expect(try library.recentlyPlayed(limit: 10) == [HistoryEntry(item: Self.yoru, lastPlayed: 1, playCount: 1)])

        let reopened = try MusicLibrary.open(path: path)
        #expect(try !reopened.isHistoryEnabled)
        try reopened.recordPlay(Self.saman, at: 4)
        #expect(try reopened.playCount(location: Self.saman.location) == 0)
        try reopened.setHistoryEnabled(true)
        try reopened.recordPlay(Self.saman, at: 5)
        #expect(try reopened.playCount(location: Self.saman.location) == 1)
    }

    @Test func clearHistory() throws {
        let (library, _) = try TestDatabase.library()
        try library.recordPlay(Self.yoru, at: 1)
        try library.clearHistory()
        #expect(try library.recentlyPlayed(limit: 10) == [])
        #expect(try library.playCount(location: Self.yoru.location) == 0)
        #expect(try library.isHistoryEnabled)
    }
}
