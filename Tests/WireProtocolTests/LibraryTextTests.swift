import Checked
import FoundationEssentials
import Library
import MusicModel
import Session
import Testing
import WireProtocol

/// What `segue ctl stats`, `folder list`, `find` and `library …` print (docs/cli.md).
@Suite struct LibraryTextTests {
    @Test func countsAreGroupedByThousandsAndLongTimesCountDays() {
        #expect(CountText.grouped(0) == "0")
        #expect(CountText.grouped(999) == "999")
        #expect(CountText.grouped(1000) == "1,000")
        #expect(CountText.grouped(3120) == "3,120")
        #expect(CountText.grouped(1_234_567) == "1,234,567")
        #expect(CountText.grouped(-10_000) == "-10,000")
        #expect(CountText.grouped(Int.min) == "-9,223,372,036,854,775,808")
        #expect(CountText.duration(0) == "0:00:00")
        #expect(CountText.duration(59.9) == "0:00:59")
        #expect(CountText.duration(4 * 3600 + 5 * 60 + 6) == "4:05:06")
        #expect(CountText.duration(86_400) == "1 day 0:00:00")
        #expect(CountText.duration(3 * 86_400 + 4 * 3600 + 5 * 60 + 6) == "3 days 4:05:06")
        #expect(CountText.duration(-5) == "0:00:00" && CountText.duration(.nan) == "0:00:00")
        #expect(CountText.duration(.infinity) == "11,574,074 days 1:46:40")
    }

    @Test func statsAreAlignedLines() {
        let stats = LibraryStats(
            songs: 12_345, albums: 1024, artists: 512, totalSeconds: 3 * 86_400 + 4 * 3600 + 5 * 60 + 6.75, folders: 2,
            lastScan: 1_796_000_000, skipped: 3, scan: ScanProgress(folder: "/music", done: 3120, total: 10_000))
        #expect(
            ResultText.render(.stats(stats), width: 80) == """
                Songs     12,345
                Albums     1,024
                Artists      512
                Time      3 days 4:05:06
                Folders        2
                Skipped        3  (the log names them)
                Last scan 2026-11-30 00:53 UTC
                Now       scanning 3,120 of 10,000 in /music

                """)
        #expect(
            ResultText.render(.stats(LibraryStats()), width: 80) == """
                Songs     0
                Albums    0
                Artists   0
                Time      0:00:00
                Folders   0
                Skipped   0
                Last scan never

                """)
    }

    @Test func foldersAreATable() {
        let folders = [
            LibraryFolder(path: "/music", songs: 12_345, lastScan: 1_796_000_000, skipped: 3),
            LibraryFolder(path: "/home/ana/夜に駆ける", songs: 0, lastScan: nil, skipped: 0),
        ]
        #expect(
            ResultText.render(.folders(folders), width: 80) == """
                FOLDER                  SONGS  SKIPPED  LAST SCAN (UTC)
                /music                 12,345        3  2026-11-30 00:53
                /home/ana/夜に駆ける        0        0  never

                """)
        #expect(ResultText.render(.folders([]), width: 80) == "No library folders; add one with folder add DIR.\n")
        // A long path is cut to the width; the numbers stay.
        let long = ResultText.render(.folders([LibraryFolder(path: "/" + String(repeating: "x", count: 200), songs: 5)]), width: 60)
        #expect(long.split(separator: "\n").allSatisfy { $0.count <= 60 }, "\(long)")
        #expect(long.contains("…        5        0  never"), "\(long)")
    }

    @Test func localSongsAreMarkedAndLocalIdsShowWhole() {
        let songs = [
            Song(
                id: "/music/Daft Punk/One More Time.flac", title: "One More Time", artistName: "Daft Punk", albumTitle: "Discovery",
                duration: 320),
            Song(id: "9000000101", title: "Paper Boats", artistName: "The Paper Lanterns", duration: 30, previewURL: "demo:audio/a.m4a"),
            Song(id: "9000000102", title: "Gone", artistName: "Nobody"),
        ]
        let lines = ResultText.render(.songs(songs), width: 100).split(separator: "\n").map(String.init)
        // The file's name, in an id column as wide as the longest (up to 20 columns).
        #expect(lines[1].hasPrefix("One More Time.flac One More Time "), "\(lines)")
        #expect(!lines[1].contains("(no preview)"), "a file of one's own always plays")
        #expect(lines[2].hasPrefix("9000000101         Paper Boats "), "\(lines)")
        let long = ResultText.render(
            .songs([Song(id: "/m/Daft Punk - One More Time (Radio Edit).flac", title: "One More Time", artistName: "Daft Punk")]),
            width: 100)
        #expect(long.split(separator: "\n")[1].hasPrefix("Daft Punk - One Mor… One More Time"), "\(long)")
        let catalogOnly = ResultText.render(.songs(Array(songs.dropFirst())), width: 100)
        #expect(catalogOnly.hasPrefix("ID          TITLE"), "catalog tables keep their columns: \(catalogOnly)")
        #expect(lines[3].contains("Gone (no preview)"), "\(lines)")

        let albums = [Album(id: "local:album:123456", title: "Discovery", artistName: "Daft Punk", trackCount: 14)]
        let albumText = ResultText.render(.albums(albums), width: 100)
        #expect(albumText.contains("local:album:123456 Discovery"), "\(albumText)")
        let artists = [Artist(id: "local:artist:77", name: "Daft Punk")]
        #expect(ResultText.render(.artists(artists), width: 100).contains("local:artist:77 Daft Punk"))
        // Catalog tables keep their columns.
        let catalog = ResultText.render(.albums([Album(id: "1440857781", title: "T", artistName: "A")]), width: 100)
        #expect(catalog.hasPrefix("ID          ALBUM"), "\(catalog)")
    }
}
