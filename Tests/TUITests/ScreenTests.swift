import Session
import Terminal
import Testing

@testable import TUI

@Suite struct ScreenTests {
    @Test func everySizeDrawsWithoutCrashingAndSmallOnesSaySo() {
        for (rows, columns) in [(0, 0), (1, 1), (2, 5), (3, 10), (7, 29), (8, 30), (24, 80), (200, 400)] {
            var d = Driver(rows: rows, columns: columns)
            d.key(.character("4"))
            let frame = Screen().render(d.model, now: d.now)
            for span in frame.spans {
                #expect(span.row >= 0 && span.row < max(rows, 1))
                #expect(span.column + TextFit.standard.columns(span.text) <= columns, "\(rows)x\(columns): \(span.text)")
            }
            if rows >= 2, columns >= 20, rows < Layout.minimumRows || columns < Layout.minimumColumns {
                #expect(d.screen().joined(separator: " ").contains("bigger"))
            }
        }
    }

    @Test func wideAndCombiningCharactersKeepTheColumnsAligned() {
        var d = Driver(rows: 24, columns: 80)
        d.key(.character("3"))
        d.line(
            DaemonLines.songs(
                d.sent.last!.id,
                [
                    DaemonLines.song(1, "夜に駆ける", artist: "YOASOBI"), DaemonLines.song(2, "Cafe\u{301} del Mar", artist: "Energy 52"),
                    DaemonLines.song(3, "🎧 Headphones 🎧🎧🎧🎧🎧🎧🎧🎧🎧🎧🎧🎧🎧🎧", artist: "Plain"),
                ]))
        d.key(.character("j"))  // the cursor row is drawn whole; compare the others
        let lines = d.screen()
        let a = lines.first { $0.contains("YOASOBI") }!
        let c = lines.first { $0.contains("Plain") }!
        #expect(ScreenText.column(of: "YOASOBI", in: a) == ScreenText.column(of: "Plain", in: c))
        #expect(TextFit.standard.columns(a) == 80)
        #expect(c.contains("…"), "a title too long for its column is cut with an ellipsis")
    }

    @Test func controlCharactersFromTheNetworkNeverReachTheTerminal() {
        var d = Driver()
        d.key(.character("3"))
        d.line(DaemonLines.songs(d.sent.last!.id, [DaemonLines.song(1, "Evil\u{1b}[2J\u{7}Title")]))
        let frame = Screen().render(d.model, now: d.now)
        #expect(!frame.spans.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 } })
    }
}

@Suite struct ScreenNarrowAndCompletionTests {
    @Test func everyViewIsOnTheTabBarAtAnyWidthTheLayoutFits() {
        for columns in [30, 34, 40, 43, 44, 80] {
            let d = Driver(rows: 10, columns: columns)
            let bar = d.screen()[0]
            for n in 1...4 { #expect(bar.contains(" \(n) "), "\(columns) columns: \(bar)") }
        }
    }

    @Test func tabCompletesTheNameBeforeTheItemsAndShowsTheCandidates() {
        var d = Driver()
        d.line(
            DaemonLines.reply(
                d.id("playlist list")!, kind: "playlists",
                #""items":[{"name":"Road Trip","itemCount":0},{"name":"Rainy Day","itemCount":0}]"#))
        d.key(.character("3"))
        d.line(DaemonLines.songs(d.sent.last!.id, [DaemonLines.song(1, "Hit")]))
        d.key(.character("P"))
        d.key(.character("R"))
        d.key(.tab)
        guard case .command(let editor, let candidates, _) = d.model.mode else {
            Issue.record("not on the command line")
            return
        }
        #expect(candidates.count == 2)
        #expect(editor.string == #"playlist add "Road Trip"  itunes:1"#)
        let rows = d.screen()
        #expect(rows[rows.count - 2].contains("\"Rainy Day\""), "the other candidate shows above the line")
        d.key(.tab)
        guard case .command(let again, _, _) = d.model.mode else {
            Issue.record("not on the command line after the second tab")
            return
        }
        #expect(again.string == #"playlist add "Rainy Day"  itunes:1"#)
        d.key(.enter)
        // Sent as the command it reads as, in its canonical text.
        #expect(d.commands.last == .playlist(.add("Rainy Day", items: ["itunes:1"])))
        #expect(d.sent.last!.line == #"playlist add "Rainy Day" itunes:1"#)
    }
}
