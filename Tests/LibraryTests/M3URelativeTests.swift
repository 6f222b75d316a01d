import Library
import MusicModel
import Testing

@Suite struct M3URelativeTests {
    @Test func filesInsideThePlaylistsFolderAreWrittenRelativeAndReadBack() throws {
        let (library, _) = try TestDatabase.library()
        let playlist = try library.createPlaylist(name: "Mine")
        let locations = [
            "/music/Nina/01 Intro.flac", "/music/#1 hit.mp3", "/music/demo:odd.mp3", "/elsewhere/b.mp3", "/musical/c.mp3",
            "itunes:123", "https://example.com/s.mp3", "/music/ lead space.mp3",
        ]
        try library.addToPlaylist(playlist, items: locations.map { PlayableItem(location: $0) })
        let text = try library.exportM3U(playlist, relativeTo: "/music/")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "#EXTM3U", "Nina/01 Intro.flac", "./#1 hit.mp3", "./demo:odd.mp3", "/elsewhere/b.mp3", "/musical/c.mp3", "itunes:123",
                "https://example.com/s.mp3", "./ lead space.mp3",
            ])
        // The folder moved: the relative entries follow it.
        let moved = try library.importM3U(name: "Moved", text: text, baseDirectory: "/mnt/music")
        #expect(
            try library.playlistItems(moved).map(\.location) == [
                "/mnt/music/Nina/01 Intro.flac", "/mnt/music/#1 hit.mp3", "/mnt/music/demo:odd.mp3", "/elsewhere/b.mp3", "/musical/c.mp3",
                "itunes:123", "https://example.com/s.mp3", "/mnt/music/ lead space.mp3",
            ])
    }
}
