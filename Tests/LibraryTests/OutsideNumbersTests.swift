import FoundationEssentials
import Library
import MusicModel
import Testing

/// Numbers from M3U files and from rows an older Segue stored (issue 10): a length that is not
/// one reads as unknown, and nothing that writes or reads the library traps on it.
@Suite struct OutsideNumbersLibraryTests {
    @Test func anM3UWithImpossibleLengthsImportsThemAsUnknownAndExportsWithoutCrashing() throws {
        let (library, _) = try TestDatabase.library()
        let lengths = ["1e300", "-inf", "inf", "nan", "99999999999999999999", "-5", "864001", "1e-400"]
        var text = "#EXTM3U\n"
        for (i, length) in lengths.enumerated() { text += "#EXTINF:\(length),Band - Song \(i)\n/music/\(i).mp3\n" }
        text += "#EXTINF:241.6,Band - Fine\n/music/fine.mp3\n"
        let id = try library.importM3U(name: "odd", text: text, baseDirectory: "/")
        let items = try library.playlistItems(id)
        // Every entry is kept, with its title; only the impossible lengths are gone.
        #expect(items.map(\.title) == lengths.indices.map { "Song \($0)" } + ["Fine"])
        #expect(items.map(\.duration) == [nil, nil, nil, nil, nil, nil, nil, 0, 241.6])
        let exported = try library.exportM3U(id)
        #expect(exported.contains("#EXTINF:-1,Band - Song 0\n/music/0.mp3\n"))
        #expect(exported.contains("#EXTINF:242,Band - Fine\n/music/fine.mp3\n"))
    }

    @Test func aStoredImpossibleLengthReadsBackAsUnknownEverywhere() throws {
        let (library, _) = try TestDatabase.library()
        // What an older Segue stored from an M3U or a catalog answer: the values went in unchecked.
        let odd = PlayableItem(location: "/music/odd.mp3", title: "Odd", duration: 1e300)
        let negative = PlayableItem(location: "/music/neg.mp3", title: "Negative", duration: -30)
        let list = try library.createPlaylist(name: "p")
        try library.addToPlaylist(list, items: [odd, negative])
        #expect(try library.playlistItems(list).map(\.duration) == [nil, nil])
        #expect(try library.exportM3U(list).contains("#EXTINF:-1,Odd\n"))

        try library.saveQueueState(QueueState(items: [odd, negative], currentIndex: 0))
        #expect(try library.loadQueueState()?.items.map(\.duration) == [nil, nil])

        try library.recordPlay(odd, at: 1_700_000_000)
        #expect(try library.recentlyPlayed(limit: 10).map(\.item.duration) == [nil])

        let song = Song(
            id: "1", title: "Huge", artistName: "Band", duration: 1e300, releaseDate: Date(timeIntervalSince1970: 1e300),
            discNumber: -4, trackNumber: Int.max)
        try library.save(song: song)
        let saved = try #require(try library.savedSongs().first)
        #expect(saved.title == "Huge")
        #expect(saved.duration == nil)
        #expect(saved.releaseDate == nil)
        #expect(saved.discNumber == nil)
        #expect(saved.trackNumber == nil)
    }

    @Test func aRangeOfPositionsIsCheckedBeforeAnythingIsRemoved() throws {
        let (library, _) = try TestDatabase.library()
        let list = try library.createPlaylist(name: "p")
        let items = (1...5).map { PlayableItem(location: "/music/\($0).mp3") }
        try library.addToPlaylist(list, items: items)
        #expect(throws: LibraryError.indexOutOfRange(index: 999_999_998, count: 5)) {
            try library.removeFromPlaylist(list, ranges: [0...999_999_998])
        }
        #expect(throws: LibraryError.indexOutOfRange(index: 7, count: 5)) { try library.removeFromPlaylist(list, ranges: [1...1, 7...9]) }
        #expect(try library.playlistItems(list) == items)
        try library.removeFromPlaylist(list, ranges: [3...4, 0...1, 1...1])
        #expect(try library.playlistItems(list).map(\.location) == ["/music/3.mp3"])
    }
}
