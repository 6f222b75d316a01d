import FoundationEssentials
import Library
import MusicModel
import Testing

@Suite struct SavedItemsTests {
    static let yoru = Song(
        id: "1472505006", title: "夜に駆ける", artistName: "YOASOBI", artistID: "1487954302", albumTitle: "夜に駆ける - Single",
        albumID: "1472505002", duration: 261.2, genreName: "J-Pop", releaseDate: Date(timeIntervalSince1970: 1_576_800_000),
        explicitContent: .notExplicit, discNumber: 1, trackNumber: 1,
        previewURL: "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview/yoru.m4a",
        artwork: Artwork(url: "https://is1-ssl.mzstatic.com/image/thumb/yoru/100x100bb.jpg"),
        url: "https://music.apple.com/jp/album/1472505002?i=1472505006")
    static let olafur = Song(id: "1440812345", title: "Saman", artistName: "Ólafur Arnalds", duration: 212)

    @Test func songRoundTripsEveryField() throws {
        let (library, _) = try TestDatabase.library()
        try library.save(song: Self.yoru)
        #expect(try library.savedSongs() == [Self.yoru])
        #expect(try library.isSaved(songID: "1472505006"))
        #expect(try !library.isSaved(songID: "147250500"))  // exact match, not a prefix
    }

    @Test func savedSongsAreMostRecentFirstAndResavingMovesToTop() throws {
        let (library, _) = try TestDatabase.library()
        let video = Song(id: "3", title: "Video", artistName: "X", isMusicVideo: true)
        try library.save(song: Self.yoru)
        try library.save(song: Self.olafur)
        try library.save(song: video)
        #expect(try library.savedSongs().map(\.id) == ["3", "1440812345", "1472505006"])
        var renamed = Self.yoru
        renamed.title = "夜に駆ける (Remix)"
        try library.save(song: renamed)
        #expect(try library.savedSongs() == [renamed, video, Self.olafur])
        #expect(try library.savedSongs()[1].isMusicVideo)
    }

    @Test func removingSongsIsExactAndIdempotent() throws {
        let (library, _) = try TestDatabase.library()
        try library.save(song: Self.yoru)
        try library.save(song: Self.olafur)
        try library.removeSavedSong(id: "1440812345")
        try library.removeSavedSong(id: "1440812345")
        try library.removeSavedSong(id: "%")
        #expect(try library.savedSongs() == [Self.yoru])
        #expect(try !library.isSaved(songID: "1440812345"))
    }

    @Test func albumsRoundTripWithAndWithoutTracks() throws {
        let (library, path) = try TestDatabase.library()
        let single = Album(
            id: "1472505002", title: "夜に駆ける - Single", artistName: "YOASOBI", artistID: "1487954302", trackCount: 1,
            genreName: "J-Pop", releaseDate: Date(timeIntervalSince1970: 1_576_800_000), explicitContent: .notExplicit,
            artwork: Artwork(url: "https://example.com/100x100bb.jpg"), url: "https://music.apple.com/album/1472505002",
            tracks: [Self.yoru])
        let bare = Album(id: "42", title: "Some Kind of Peace", artistName: "Ólafur Arnalds")
        try library.save(album: single)
        try library.save(album: bare)
        let albums = try library.savedAlbums()
        #expect(albums == [bare, single])
        #expect(albums[0].tracks == nil)
        #expect(albums[1].tracks?.items == [Self.yoru])
        #expect(try library.isSaved(albumID: "42"))

        // Re-saving with other tracks replaces them, and the data survives reopening the file.
        var updated = single
        updated.tracks = [Self.olafur, Self.yoru]
        try library.save(album: updated)
        let reopened = try MusicLibrary.open(path: path)
        #expect(try reopened.savedAlbums().first?.tracks?.items == [Self.olafur, Self.yoru])

        try reopened.removeSavedAlbum(id: "1472505002")
        #expect(try reopened.savedAlbums() == [bare])
        #expect(try !reopened.isSaved(albumID: "1472505002"))
    }
}
