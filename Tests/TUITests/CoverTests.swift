import Checked
import Session
import Terminal
import Testing
import WireProtocol
import Workout

@testable import TUI

#if canImport(Glibc)
    import Glibc
#endif

/// Where covers go and how big, what is asked for and when, and what the screen shows while a
/// cover loads, once it is ready, and when there is none: read from frames, cell by cell.
@Suite struct CoverTests {
    static let red = Frame.Cell("▀", foreground: .rgb(255, 0, 0), background: .rgb(200, 0, 0))

    /// A solid cover of `columns` × `rows` cells.
    static func cells(_ columns: Int, _ rows: Int) throws -> CoverCells {
        try #require(CoverCells(width: columns, height: rows, cells: Array(repeating: red, count: columns * rows)))
    }

    /// A UI playing the local file `/music/a.mp3`, on a truecolour terminal.
    static func playing(rows: Int = 24, columns: Int = 80, config: TUIConfig = TUIConfig(), depth: TerminalGraphics.Depth = .truecolor)
        -> Driver
    {
        var d = Driver(config: config, rows: rows, columns: columns)
        d.model.setGraphics(.cells(depth))
        d.line(DaemonLines.event(DaemonLines.snapshot(current: DaemonLines.entry(1, "Alpha Song", location: "/music/a.mp3"))))
        return d
    }

    private func frame(_ d: Driver) -> Frame { Screen().render(d.model, now: d.now) }

    // MARK: Beside the status line

    @Test func theSmallCoverIsAskedForOnceAndShownBesideTheStatusLineOnlyWhenReady() throws {
        var d = Self.playing()
        let asked = d.model.coverRequests()
        #expect(
            asked == [
                CoverRequest(
                    key: .item("/music/a.mp3"), source: .file("/music/a.mp3"), box: CoverBox(columns: 4, rows: 2), depth: .truecolor)
            ])
        #expect(d.model.coverRequests().isEmpty, "a cover loading is not asked for again")

        // Loading: nothing drawn, the title where it always was.
        #expect(frame(d).images.isEmpty)
        #expect(ScreenText.column(of: "▶ Alpha Song", in: d.screen()[21]) == 1)

        d.model.coverArrived(CoverResult(request: asked[0], state: .ready(try Self.cells(4, 2))))
        let ready = frame(d)
        let image = try #require(ready.images.first)
        #expect(ready.images.count == 1)
        #expect(image.row == 21 && image.column == 1 && image.width == 4 && image.height == 2)
        #expect(image.cells.allSatisfy { $0 == Self.red })
        // The title and the elapsed time move right of it; the progress bar starts after them.
        #expect(ScreenText.column(of: "▶ Alpha Song", in: d.screen()[21]) == 6)
        #expect(ScreenText.column(of: "0:00", in: d.screen()[22]) == 8)
        #expect(d.model.layout.progressBar?.lowerBound == 13)
    }

    @Test func aMissingSmallCoverLeavesTheStatusLineAsItWas() {
        var d = Self.playing()
        let before = d.screen()
        let asked = d.model.coverRequests()
        d.model.coverArrived(CoverResult(request: asked[0], state: .missing("No cover.")))
        #expect(frame(d).images.isEmpty)
        #expect(d.screen() == before)
    }

    @Test func noCoversOnAMonochromeTerminalOrWithArtworkOff() {
        var mono = Self.playing(depth: .none)
        #expect(mono.model.coverRequests().isEmpty)
        var config = TUIConfig()
        config.artwork = false
        var off = Self.playing(config: config)
        #expect(off.model.coverSpots().isEmpty)
        #expect(off.model.coverRequests().isEmpty)
        off.key(.character("c"))
        #expect(off.model.coverSpots().isEmpty)
        #expect(frame(off).images.isEmpty)
    }

    @Test func aResultNobodyAskedForIsPassedOver() throws {
        var d = Self.playing()
        let stranger = CoverRequest(
            key: .item("/music/b.mp3"), source: .file("/music/b.mp3"), box: CoverBox(columns: 4, rows: 2), depth: .truecolor)
        d.model.coverArrived(CoverResult(request: stranger, state: .ready(try Self.cells(4, 2))))
        #expect(d.model.covers[stranger] == nil)
        #expect(frame(d).images.isEmpty)
    }

    @Test func aNewTrackAsksForItsOwnCover() throws {
        var d = Self.playing()
        let first = d.model.coverRequests()
        d.model.coverArrived(CoverResult(request: first[0], state: .ready(try Self.cells(4, 2))))
        d.line(DaemonLines.event(DaemonLines.snapshot(current: DaemonLines.entry(2, "Beta Song", location: "/music/b.mp3"))))
        // The old cover is not drawn for the new song.
        #expect(frame(d).images.isEmpty)
        #expect(d.model.coverRequests().map(\.key) == [.item("/music/b.mp3")])
    }

    // MARK: The now-playing view

    @Test(arguments: [(24, 80, 17), (40, 120, 33)])
    func theNowPlayingViewFitsASquareCoverToTheListArea(rows: Int, columns: Int, side: Int) throws {
        var d = Self.playing(rows: rows, columns: columns)
        d.key(.character("c"))
        #expect(d.model.coverView)
        let spot = try #require(d.model.coverSpots().first { $0.place == .nowPlaying })
        #expect(spot.box == CoverBox(columns: side * 2, rows: side))
        #expect(spot.row == 3 && spot.column == 2)
        let asked = d.model.coverRequests()
        #expect(asked.map(\.box).contains(spot.box))

        // Loading: a framed placeholder saying so, the song beside it.
        let loading = d.screen()
        #expect(loading[1].contains("Now playing"))
        #expect(loading[3].hasPrefix("  ┌─"))
        #expect(loading[3 + side / 2].contains("Loading the cover…"))
        #expect(ScreenText.column(of: "Alpha Song", in: loading[3]) == 2 + side * 2 + 3)

        // Ready: the picture, centred in the box when it is narrower than the box.
        let request = try #require(asked.first { $0.box == spot.box })
        d.model.coverArrived(CoverResult(request: request, state: .ready(try Self.cells(side, side))))
        let image = try #require(frame(d).images.first { $0.width == side })
        #expect(image.row == 3 && image.column == 2 + side / 2 && image.height == side)
        #expect(!d.screen()[3 + side / 2].contains("Loading"))
    }

    @Test func aBrokenCoverShowsThePlaceholderSayingSo() throws {
        var d = Self.playing()
        d.key(.character("c"))
        let request = try #require(d.model.coverRequests().first { $0.box.rows == 17 })
        d.model.coverArrived(CoverResult(request: request, state: .missing("The JPEG picture is broken: bad.")))
        #expect(d.screen()[3 + 8].contains("No cover"))
        #expect(frame(d).images.isEmpty)
    }

    @Test func theNowPlayingViewLeavesWithEscapeOrAView() {
        var d = Self.playing()
        d.key(.character("c"))
        d.key(.escape)
        #expect(!d.model.coverView)
        d.key(.character("c"))
        d.key(.character("4"))
        #expect(!d.model.coverView)
    }

    @Test func belowTheMinimumSizeNoCoverIsDrawnButTheSongIs() {
        // 30×8: three list rows leave a box of 2×1 cells, below the 4×2 minimum.
        var d = Self.playing(rows: 8, columns: 30)
        d.key(.character("c"))
        #expect(d.model.coverSpots().isEmpty)
        #expect(d.screen()[3].contains("Alpha Song"))
        // 59 columns: no small cover beside the status line either.
        var narrow = Self.playing(rows: 24, columns: 59)
        #expect(narrow.model.coverRequests().isEmpty)
    }

    // MARK: Album pages

    @Test func anAlbumPageShowsItsCatalogCoverRightOfANarrowerList() throws {
        var d = Driver(rows: 40, columns: 120)
        d.model.setGraphics(.cells(.truecolor))
        d.key(.character("/"))
        d.type("night\n")
        d.line(DaemonLines.songs(d.id("search songs")!, []))
        let album = DaemonLines.album(20, "Night Drive").replacing(
            #""artworkUrl":null"#, with: #""artworkUrl":"https://img.example/20/600x600bb.jpg""#)
        d.line(DaemonLines.albums(d.id("search albums")!, [album]))
        d.line(DaemonLines.artists(d.id("search artists")!, []))
        d.key(.enter)
        d.line(DaemonLines.songs(d.sent.last!.id, (1...3).map { DaemonLines.song(100 + $0, "Track \($0)", track: $0) }))

        let spot = try #require(d.model.coverSpots().first { $0.place == .album })
        #expect(spot.box == CoverBox(columns: 24, rows: 12))
        #expect(spot.row == 3 && spot.column == 94)
        #expect(d.model.coverRequests().map(\.source) == [.url("https://img.example/20/192x192bb.jpg")])
        let screen = d.screen()
        #expect(screen[3].dropFirst(94).hasPrefix("┌"))
        #expect(screen[3 + 6].contains("Loading the cover…"))
        // The tracks keep left of the cover.
        let length = try #require(ScreenText.column(of: "3:21", in: screen[4]))
        #expect(length + 4 <= 93, "the length column ends left of the cover: \(screen[4])")

        // Back on the search page: no cover.
        d.key(.character("h"))
        #expect(d.model.coverSpots().allSatisfy { $0.place != .album })
    }

    // MARK: The workout screen

    @Test func theWorkoutScreenHasItsCoverRightOfTheStopwatchWhenWide() throws {
        var wide = WorkoutScreenTests.onWorkout(WorkoutScreenTests.status(), rows: 40, columns: 120)
        wide.model.setGraphics(.cells(.truecolor))
        wide.line(DaemonLines.event(DaemonLines.snapshot(current: DaemonLines.entry(1, "Alpha Song", location: "/music/a.mp3"))))
        let spot = try #require(wide.model.coverSpots().first)
        #expect(spot.place == .workout)
        #expect(spot.box == CoverBox(columns: 24, rows: 12))
        #expect(spot.column == 120 - 24 - 2 && spot.row == 4)
        let request = try #require(wide.model.coverRequests().first)
        let before = wide.screen()
        wide.model.coverArrived(CoverResult(request: request, state: .ready(try Self.cells(24, 12))))
        let image = try #require(Screen().render(wide.model, now: wide.now).images.first)
        #expect(image.column == spot.column && image.row == spot.row)
        // The text left of it is cut short of it, and the rows below it are as they were.
        let after = wide.screen()
        for row in spot.row..<(spot.row + spot.box.rows) {
            #expect(after[row].dropFirst(spot.column - 1).allSatisfy { $0 == " " }, "row \(row)")
        }
        #expect(after[(spot.row + spot.box.rows)...] == before[(spot.row + spot.box.rows)...])

        var narrow = WorkoutScreenTests.onWorkout(WorkoutScreenTests.status(), rows: 24, columns: 80)
        narrow.model.setGraphics(.cells(.truecolor))
        narrow.line(DaemonLines.event(DaemonLines.snapshot(current: DaemonLines.entry(1, "Alpha Song", location: "/music/a.mp3"))))
        #expect(narrow.model.coverSpots().isEmpty)
    }

    // MARK: The config

    @Test func artworkIsOnByDefaultAndTheConfigTurnsItOffAndSizesTheCache() {
        #expect(TUIConfig().artwork)
        #expect(TUIConfig().artworkCacheBytes == 50 << 20)
        let (config, problems) = TUIConfig.parse(ConfigFile(parsing: "artwork = off\nartwork-cache-mb = 10\n"))
        #expect(problems.isEmpty)
        #expect(!config.artwork)
        #expect(config.artworkCacheBytes == 10 << 20)
        let (_, bad) = TUIConfig.parse(ConfigFile(parsing: "artwork = sometimes\nartwork-cache-mb = 0\n"))
        #expect(
            bad == [
                "config line 1: artwork is auto, blocks or off.",
                "config line 2: artwork-cache-mb is a number of megabytes from 1 to 1000.",
            ])
    }

    // MARK: The loader

    struct SolidRenderer: CoverRendering {
        func cells(of bytes: [UInt8], picture: String, box: CoverBox, depth: TerminalGraphics.Depth) -> Result<CoverCells, CoverFailure> {
            guard bytes.first == 0xFF else { return .failure(CoverFailure("The picture is neither a JPEG nor a PNG.")) }
            return CoverCells(width: box.columns, height: box.rows, cells: Array(repeating: CoverTests.red, count: box.columns * box.rows))
                .map { .success($0) } ?? .failure(CoverFailure("empty"))
        }
    }

    struct Unreadable: Error, CustomStringConvertible { var description: String { "the disk said no" } }

    @Test func theLoaderTurnsBytesIntoCellsAndEveryFailureIntoASentence() throws {
        let made = CoverLoader(
            fetch: { source in
                switch source {
                case .file("/good.mp3"): return [0xFF, 0xD8]
                case .file("/text.mp3"): return Array("hello".utf8)
                case .file("/empty.mp3"): return []
                case .file("/none.mp3"): return nil
                default: throw Unreadable()
                }
            }, renderer: SolidRenderer())
        let loader = try #require(made)
        defer { loader.stop() }
        func state(_ path: String) -> CoverState {
            loader.load(CoverRequest(key: .item(path), source: .file(path), box: CoverBox(columns: 4, rows: 2), depth: .truecolor)).state
        }
        #expect(state("/good.mp3") == .ready(try Self.cells(4, 2)))
        #expect(state("/text.mp3") == .missing("The picture is neither a JPEG nor a PNG."))
        #expect(state("/empty.mp3") == .missing("No cover."))
        #expect(state("/none.mp3") == .missing("No cover."))
        #expect(state("/gone.mp3") == .missing("The cover could not be read: the disk said no"))
    }

    @Test func theLoaderAnswersOnItsDescriptorWithoutTheCallerWaiting() throws {
        let made = CoverLoader(fetch: { _ in [0xFF] }, renderer: SolidRenderer())
        let loader = try #require(made)
        defer { loader.stop() }
        let request = CoverRequest(key: .item("/a.mp3"), source: .file("/a.mp3"), box: CoverBox(columns: 4, rows: 2), depth: .truecolor)
        loader.want([request])
        var fd = pollfd(fd: loader.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&fd, 1, 10_000) == 1, "the result arrives within 10 s")
        #expect(loader.take() == [CoverResult(request: request, state: .ready(try Self.cells(4, 2)))])
    }
}
