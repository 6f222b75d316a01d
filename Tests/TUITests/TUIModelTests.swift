import Session
import Terminal
import Testing
import WireProtocol

@testable import TUI

@Suite struct TUIModelTests {
    @Test func attachingAsksForTheQueueAndTheLibrary() {
        let d = Driver()
        #expect(d.sent.map(\.line) == ["queue", "saved songs", "saved albums", "playlist list", "history", "workout status", "stats"])
        #expect(d.sent.allSatisfy { $0.channel == .control })
    }

    @Test func searchShowsLibraryMatchesAtOnceAndAsksTheCatalogAfterAPause() {
        var d = Driver()
        d.line(DaemonLines.songs(d.id("saved songs")!, [DaemonLines.song(1, "Neon Lights", artist: "Saved Band")]))
        d.key(.character("/"))
        d.type("ne")
        // Library results need no network, so they show while typing.
        #expect(d.model.page.rows.contains(.header("In your library (1)")))
        #expect(!d.sent.contains { $0.line.hasPrefix("search") })
        d.type("o")
        d.wait(0.2)
        #expect(!d.sent.contains { $0.line.hasPrefix("search") }, "typing again restarts the pause")
        d.wait(0.3)
        let searches = d.sent.filter { $0.line.hasPrefix("search") }
        #expect(searches.map(\.line) == ["search songs neo", "search albums neo", "search artists neo"])
        #expect(searches.allSatisfy { $0.channel == .catalog })

        d.line(DaemonLines.songs(d.id("search songs")!, [DaemonLines.song(10, "Neon"), DaemonLines.song(11, "Neon Dreams")]))
        d.line(DaemonLines.albums(d.id("search albums")!, [DaemonLines.album(20, "Neon Nights")]))
        d.line(DaemonLines.artists(d.id("search artists")!, [DaemonLines.artist(30, "Neon Orchestra")]))
        let screen = d.screen().joined(separator: "\n")
        #expect(screen.contains("Songs (2)"))
        #expect(screen.contains("Neon Dreams"))
        #expect(screen.contains("Neon Nights"))
        #expect(screen.contains("Neon Orchestra"))
    }

    @Test func aNewTermWaitsForTheSearchInFlightAndTheNewestWins() {
        var d = Driver()
        d.key(.character("/"))
        d.type("abc")
        d.wait(0.5)
        #expect(d.sent.filter { $0.line.hasPrefix("search") }.count == 3)
        d.type("d")
        d.wait(0.5)
        d.key(.backspace)
        d.type("e")
        d.wait(0.5)
        #expect(d.sent.filter { $0.line.hasPrefix("search") }.count == 3, "one search at a time")
        for kind in ["songs", "albums", "artists"] { d.line(DaemonLines.songs(d.id("search \(kind) abc")!, [])) }
        #expect(
            d.sent.filter { $0.line.hasPrefix("search") }.suffix(3).map(\.line) == [
                "search songs abce", "search albums abce", "search artists abce",
            ])
    }

    @Test func enterPlaysTheSongAndQueuesTheRestOfTheList() {
        var d = Driver()
        d.key(.character("3"))
        let charts = d.sent.last!
        #expect(charts.line == "charts" && charts.channel == .catalog)
        d.line(DaemonLines.songs(charts.id, (1...5).map { DaemonLines.song($0, "Hit \($0)") }))
        d.key(.character("j"))
        d.key(.character("j"))
        d.key(.enter)
        #expect(d.sent.last!.line == "replace 3 itunes:1 itunes:2 itunes:3 itunes:4 itunes:5")
    }

    @Test func markedRowsArePlayedOrQueuedTogether() {
        var d = Driver()
        d.key(.character("3"))
        d.line(DaemonLines.songs(d.sent.last!.id, (1...5).map { DaemonLines.song($0, "Hit \($0)") }))
        d.key(.character("v"))
        d.key(.character("j"))
        d.key(.character("v"))
        d.key(.character("i"))
        #expect(d.sent.last!.line == "playnext itunes:1 itunes:3")
        d.key(.character("G"))
        d.key(.character("a"))
        #expect(d.sent.last!.line == "add itunes:5")
    }

    @Test func anAlbumPageListsItsTracksAndPlaysThemAll() {
        var d = Driver()
        d.key(.character("/"))
        d.type("night\n")
        d.line(DaemonLines.songs(d.id("search songs")!, []))
        d.line(DaemonLines.albums(d.id("search albums")!, [DaemonLines.album(20, "Night Drive")]))
        d.line(DaemonLines.artists(d.id("search artists")!, []))
        d.key(.enter)
        let request = d.sent.last!
        #expect(request.line == "album 20" && request.channel == .catalog)
        d.line(DaemonLines.songs(request.id, (1...3).map { DaemonLines.song(100 + $0, "Track \($0)", track: $0) }))
        #expect(d.model.page.title.contains("Night Drive"))
        let screen = d.screen().joined(separator: "\n")
        #expect(screen.contains("2. Track 2"))
        d.key(.enter)
        #expect(d.sent.last!.line == "replace 1 itunes:101 itunes:102 itunes:103")
        d.key(.character("a"))
        #expect(d.sent.last!.line == "add itunes:101 itunes:102 itunes:103")
        d.key(.character("h"))
        #expect(d.model.page.kind == .search)
    }

    @Test func theQueueIsEditedByID() {
        var d = Driver()
        d.key(.character("4"))
        // Ids unlike the positions, as in a queue that has been edited.
        d.line(DaemonLines.queue(d.id("queue")!, (1...4).map { DaemonLines.entry(10 + $0, "Song \($0)", location: "itunes:\($0)") }))
        d.key(.character("j"))
        d.key(.character("J"))
        #expect(d.sent.last!.line == "move #12 3")
        #expect(d.sent.last!.channel == .control)
        #expect(d.model.page.list.cursor == 2, "the cursor follows the entry")
        d.key(.character("d"))
        #expect(d.sent.last!.line == "remove #13")
        d.key(.enter)
        #expect(d.sent.last!.line == "jump #13")
        d.key(.character("v"))
        d.key(.character("v"))
        d.key(.character("d"))
        #expect(d.sent.last!.line == "remove #13 #14")
        d.line(#"{"event":"queueChanged"}"#)
        #expect(d.sent.last!.line == "queue", "the queue view fetches the queue again")
    }

    @Test func aQueueChangeFetchesOnlyWhatChangedSinceTheVersionShown() {
        var d = Driver()
        d.key(.character("4"))
        let entries = (1...4).map { DaemonLines.entry($0, "Song \($0)", location: "itunes:\($0)") }
        d.line(
            DaemonLines.reply(d.id("queue")!, kind: "queue", #""entries":[\#(entries.joined(separator: ","))],"current":1,"version":40"#))
        d.line(#"{"event":"queueChanged","version":42}"#)
        #expect(d.sent.last!.line == "queue --since 40")
        let changes = [
            #"{"op":"remove","ids":[2]}"#, #"{"op":"move","id":4,"position":1}"#,
            #"{"op":"insert","position":2,"entries":[\#(DaemonLines.entry(9, "New", location: "itunes:9"))]}"#,
            #"{"op":"update","entry":\#(DaemonLines.entry(3, "Song 3 (Live)", location: "itunes:3"))}"#,
        ]
        d.line(
            DaemonLines.reply(
                d.sent.last!.id, kind: "queueChanges",
                #""since":40,"version":42,"changes":[\#(changes.joined(separator: ","))],"current":1,"count":4"#))
        let titles = d.model.page.rows.compactMap { row -> String? in if case .entry(let e) = row { e.title } else { nil } }
        #expect(titles == ["Song 4", "New", "Song 1", "Song 3 (Live)"])
        // The UI's own edit (or one it has already read) asks for nothing.
        let before = d.sent.count
        d.line(#"{"event":"queueChanged","version":42}"#)
        #expect(d.sent.count == before)
        // Changes that do not add up to the count the daemon says: the whole queue.
        d.line(#"{"event":"queueChanged","version":43}"#)
        #expect(d.sent.last!.line == "queue --since 42")
        d.line(
            DaemonLines.reply(
                d.sent.last!.id, kind: "queueChanges", #""since":42,"version":43,"changes":[{"op":"clear"}],"current":null,"count":3"#))
        #expect(d.sent.last!.line == "queue")
        // Away from the queue view nothing is fetched until it shows again, and then only the changes.
        d.line(
            DaemonLines.reply(d.sent.last!.id, kind: "queue", #""entries":[\#(entries.joined(separator: ","))],"current":1,"version":43"#))
        d.key(.character("1"))
        let away = d.sent.count
        d.line(#"{"event":"queueChanged","version":44}"#)
        #expect(d.sent.count == away)
        d.key(.character("4"))
        #expect(d.sent.last!.line == "queue --since 43")
    }

    @Test func transportKeysSendCommands() {
        var d = Driver()
        let before = d.sent.count
        for c in " np.,+-rsyR" { d.key(.character(c)) }
        #expect(
            d.lines(since: before) == [
                "toggle", "next", "previous", "seek +10", "seek -10", "volume +5", "volume -5", "repeat", "shuffle", "single", "consume",
            ])
    }

    @Test func quittingLeavesTheMusicOrStopsTheDaemon() {
        var d = Driver()
        d.key(.character("q"))
        #expect(d.quit == false)
        var e = Driver()
        e.key(.character("Q"))
        #expect(e.sent.last!.line == "quit")
        #expect(e.quit == true)
    }

    @Test func theCommandLineCompletesAndRemembers() {
        var d = Driver()
        d.key(.character(":"))
        d.type("vol")
        d.key(.tab)
        guard case .command(let editor, _, _) = d.model.mode else {
            Issue.record("not on the command line")
            return
        }
        #expect(editor.string == "volume ")
        d.type("40\n")
        #expect(d.sent.last!.line == "volume 40")
        d.key(.character(":"))
        d.key(.up)
        guard case .command(let again, _, _) = d.model.mode else {
            Issue.record("not on the command line after : and up")
            return
        }
        #expect(again.string == "volume 40")
        #expect(d.model.typedCommands == ["volume 40"])
    }

    @Test func aFailedCommandIsSaidOnTheMessageLine() {
        var d = Driver()
        d.key(.character(":"))
        d.type("jump 9\n")
        d.line(DaemonLines.failure(d.sent.last!.id, "There is no entry 9; the queue has 4."))
        #expect(d.screen().last!.contains("There is no entry 9; the queue has 4."))
    }

    @Test func noWakeUpsWhilePausedAndOneASecondWhilePlaying() {
        var d = Driver()
        let entry = DaemonLines.entry(1, "Neon", location: "itunes:1")
        d.line(DaemonLines.event(DaemonLines.snapshot(status: "paused", current: entry, position: 12.5)))
        #expect(d.model.nextWake(now: d.now) == nil)
        d.line(DaemonLines.event(DaemonLines.snapshot(status: "playing", current: entry, position: 12.5)))
        let wake = d.model.nextWake(now: d.now)!
        #expect(wake > d.now && wake <= d.now + 0.51)
        #expect(d.screen().contains { $0.contains("0:12") })
        d.now += 1
        #expect(d.screen().contains { $0.contains("0:13") }, "the position moves with the clock while playing")
    }

    @Test func reattachingToMusicThatPlaysOpensTheQueue() {
        var d = Driver()
        let entry = DaemonLines.entry(1, "Neon", location: "itunes:1")
        d.line(DaemonLines.status(999, DaemonLines.snapshot(status: "playing", current: entry, position: 3, length: 3)))
        #expect(d.model.tab == .queue)
        #expect(d.screen()[d.model.screenRows - 3].contains("Neon"))
    }

    @Test func tenThousandRowsMoveWithoutWalkingThem() {
        var d = Driver()
        d.key(.character("4"))
        let entries = (1...10_000).map { DaemonLines.entry($0, "Song \($0)", location: "/music/\($0).mp3") }
        d.line(DaemonLines.queue(d.id("queue")!, entries))
        d.key(.character("G"))
        #expect(d.model.page.list.cursor == 9_999)
        #expect(d.screen().contains { $0.contains("10000. Song 10000") })
        d.key(.control("u"))
        #expect(d.model.page.list.cursor == 9_999 - d.model.listHeight / 2)
    }

    /// Issue 15: the UI's memory follows what it shows. The queue page reads its rows from the
    /// entries the model keeps for the queue (the very array, not a copy, not 10,000 rows made
    /// ahead), before and after an edit, and shows the same rows as before.
    @Test func aLongQueueIsHeldOnceAsItsEntriesNotAgainAsRows() throws {
        var d = Driver()
        d.key(.character("4"))
        let entries = (1...10_000).map { DaemonLines.entry($0, "Song \($0)", location: "/music/\($0).mp3") }
        d.line(
            DaemonLines.reply(d.id("queue")!, kind: "queue", #""entries":[\#(entries.joined(separator: ","))],"current":1,"version":7"#))
        func sharesTheQueue() throws -> Bool {
            let shown = try #require(
                { if case .entries(let e) = d.model.page.rows.storage { e } else { nil } }(), "the queue page holds rows of its own")
            let held = d.model.queueEntries
            return shown.withUnsafeBufferPointer { $0.baseAddress } == held.withUnsafeBufferPointer { $0.baseAddress }
        }
        #expect(try sharesTheQueue())
        #expect(d.model.page.rows.count == 10_000)
        #expect(d.model.page.rows[9_999] == .entry(d.model.queueEntries[9_999]))
        #expect(d.screen().contains { $0.contains("1. Song 1 ") })

        d.line(#"{"event":"queueChanged","version":8}"#)
        d.line(
            DaemonLines.reply(
                d.sent.last!.id, kind: "queueChanges",
                #""since":7,"version":8,"changes":[{"op":"move","id":10000,"position":1}],"current":1,"count":10000"#))
        #expect(try sharesTheQueue())
        #expect(d.screen().contains { $0.contains("1. Song 10000") })
        d.key(.character("G"))
        #expect(d.screen().contains { $0.contains("10000. Song 9999 ") })
    }
}

@Suite struct TUIMouseAndNoticeTests {
    private func charts(_ count: Int) -> Driver {
        var d = Driver()
        d.key(.character("3"))
        d.line(DaemonLines.songs(d.sent.last!.id, (1...count).map { DaemonLines.song($0, "Hit \($0)") }))
        return d
    }

    @Test func aClickPutsTheCursorOnTheRowAndADoubleClickPlaysIt() {
        var d = charts(30)
        let layout = Layout(rows: 24, columns: 80)
        d.take(d.model.handle(.mouse(MouseEvent(row: layout.listRows.lowerBound + 4, column: 10, action: .press(button: 1))), now: d.now))
        #expect(d.model.page.list.cursor == 4)
        d.take(
            d.model.handle(.mouse(MouseEvent(row: layout.listRows.lowerBound + 2, column: 10, action: .doubleClick(button: 1))), now: d.now)
        )
        #expect(d.sent.last!.line.hasPrefix("replace 3 itunes:1 itunes:2 itunes:3"))
    }

    @Test func theWheelScrollsAndTheTabBarSwitchesViews() {
        var d = charts(100)
        d.take(d.model.handle(.mouse(MouseEvent(row: 5, column: 5, action: .wheelDown)), now: d.now))
        d.take(d.model.handle(.mouse(MouseEvent(row: 5, column: 5, action: .wheelDown)), now: d.now))
        #expect(d.model.page.list.top == 6)
        #expect(d.screen()[2].contains("Hit 7"))
        let queueTab = Layout.tabLabels().first { $0.0 == .queue }!
        d.take(d.model.handle(.mouse(MouseEvent(row: 0, column: queueTab.column + 2, action: .press(button: 1))), now: d.now))
        #expect(d.model.tab == .queue)
    }

    @Test func aClickOnTheProgressBarSeeksThere() {
        var d = Driver()
        let entry = DaemonLines.entry(1, "Neon", location: "itunes:1")
        d.line(DaemonLines.event(DaemonLines.snapshot(status: "playing", current: entry, position: 1, duration: 100)))
        let bar = Layout(rows: 24, columns: 80).progressBar!
        d.take(d.model.handle(.mouse(MouseEvent(row: 22, column: bar.upperBound - 1, action: .press(button: 1))), now: d.now))
        #expect(d.sent.last!.line == "seek 100%")
        d.take(d.model.handle(.mouse(MouseEvent(row: 22, column: bar.lowerBound + 16, action: .press(button: 1))), now: d.now))
        #expect(d.sent.last!.line == "seek \(Int((1600.0 / Double(bar.count - 1)).rounded()))%")
    }

    @Test func anUnreachableCatalogIsFlaggedUntilItIsBack() {
        var d = Driver()
        d.line(
            #"{"event":"catalog","notice":"The iTunes catalog is unreachable (could not connect to the server). Showing the demo catalog instead."}"#
        )
        #expect(d.screen()[0].contains("offline: demo catalog"))
        let bottom = d.screen().suffix(2).joined(separator: " ")
        #expect(bottom.contains("unreachable"), "a long message takes two rows rather than being cut")
        #expect(bottom.contains("demo catalog instead."))
        d.line(#"{"event":"catalog","notice":null}"#)
        #expect(!d.screen()[0].contains("offline"))
        #expect(d.screen().last!.contains("reachable again"))
    }

    @Test func aFailedEntryIsNamedWithTheReason() {
        var d = Driver()
        d.line(
            #"{"event":"entryFailed","entry":\#(DaemonLines.entry(3, "Broken", location: "/x.mp3")),"reason":"This is not audio Segue can play (text)."}"#
        )
        #expect(d.screen().last!.contains("Could not play “Broken”: This is not audio Segue can play (text)."))
    }

    @Test func aSessionNoticeShowsOnTheMessageLine() {
        var d = Driver()
        d.line(#"{"event":"notice","message":"2 entries were set aside as the playlist \"Queue set aside\"."}"#)
        #expect(d.screen().last!.contains("2 entries were set aside as the playlist \"Queue set aside\"."))
    }
}

@Suite struct TUIPlaylistTests {
    @Test func aPlaylistCommandByItsAliasRefreshesTheLibrary() {
        var d = Driver()
        d.key(.character(":"))
        d.type("pl create Mix\n")
        #expect(d.commands.last == .playlist(.create("Mix")))
        #expect(d.sent.last!.line == "playlist create Mix" && d.sent.last!.channel == .control)
        let before = d.sent.count
        d.line(DaemonLines.status(d.sent.last!.id, DaemonLines.snapshot(status: "stopped")))
        #expect(d.lines(since: before) == ["saved songs", "saved albums", "playlist list", "history"], "the new playlist shows")
    }

    @Test func aLineThatIsNoCommandIsSaidWithoutAskingTheDaemon() {
        var d = Driver()
        let before = d.sent.count
        d.key(.character(":"))
        d.type("move 1\n")
        #expect(d.sent.count == before)
        #expect(d.screen().suffix(2).joined(separator: " ").contains("move needs an entry"))
    }

    @Test func aPlaylistPageEditsThePlaylistByItsOwnPositions() {
        var d = Driver()
        d.line(DaemonLines.reply(d.id("playlist list")!, kind: "playlists", #""items":[{"name":"Road Trip","itemCount":3}]"#))
        d.key(.character("2"))
        #expect(d.screen().joined().contains("Road Trip"))
        d.key(.character("G"))  // past your music's lists, onto the playlist
        d.key(.enter)
        #expect(d.sent.last!.line == #"playlist show "Road Trip""#)
        let items = (1...3).map { #"{"location":"itunes:\#($0)","title":"Song \#($0)","artist":"A","album":"B","duration":30}"# }
        d.line(DaemonLines.reply(d.sent.last!.id, kind: "items", #""items":[\#(items.joined(separator: ","))]"#))
        #expect(
            d.model.page.current
                == .container(title: "▶ Play all 3", subtitle: "Road Trip", locations: ["itunes:1", "itunes:2", "itunes:3"]))
        d.key(.character("K"))
        #expect(!d.sent.last!.line.hasPrefix("playlist move"), "the Play all row is not an entry")
        d.key(.character("j"))
        d.key(.character("J"))
        #expect(d.sent.suffix(2).map(\.line) == [#"playlist move "Road Trip" 1 2"#, #"playlist show "Road Trip""#])
        d.key(.character("G"))
        d.key(.character("J"))
        #expect(!d.sent.last!.line.hasPrefix("playlist move"), "the last entry cannot move further down")
        d.key(.character("d"))
        #expect(d.sent.suffix(2).first!.line == #"playlist remove "Road Trip" 3"#)
        d.key(.character("g"))
        d.key(.enter)
        #expect(d.sent.last!.line == "replace 1 itunes:1 itunes:2 itunes:3")
    }
}
