import Terminal
import Testing
import WireProtocol

@testable import TUI

/// Whatever a daemon, or an impostor on its socket, answers (issue 10): the UI draws it at any
/// screen size and never traps or spins on it.
@Suite struct OutsideNumbersTUITests {
    static let hostileStatus =
        #"{"event":"status","status":{"status":"playing","current":{"id":1,"title":"Huge","item":{"location":"/a.mp3","duration":1e300}},"queuePosition":1,"queueLength":9223372036854775807,"position":1e300,"duration":1e300,"repeat":"none","shuffle":"off","volume":1e300,"crossfade":0,"prepared":true}}"#

    @Test func aReplyWithAnIdNoRequestHadIsIgnored() {
        var d = Driver()
        let before = d.model.message
        for id in ["1e300", "-1", "0.5", "-1e300", "9223372036854775807", "1.7976931348623157e308"] {
            d.line(#"{"id":\#(id),"ok":false,"error":"not yours"}"#)
        }
        // None matched a request of ours, so none showed its error.
        #expect(d.model.message == before)
    }

    @Test func aHugeVolumeLengthAndPositionDrawWithoutCrashingAtAnySize() {
        for (rows, columns) in [(24, 80), (8, 30), (1, 1), (0, 0), (3, 200)] {
            var d = Driver(rows: rows, columns: columns)
            d.line(Self.hostileStatus)
            let frame = Screen().render(d.model, now: d.now)
            for span in frame.spans { #expect(span.column + TextFit.standard.columns(span.text) <= columns) }
        }
        var d = Driver(rows: 24, columns: 120)
        d.line(Self.hostileStatus)
        let screen = d.screen().joined(separator: "\n")
        #expect(screen.contains("vol 100%"))
        // Neither the position nor the length is a time: the clock starts at 0:00 and no length is shown.
        let progress = d.screen()[24 - 2]
        #expect(progress.hasPrefix("   0:00 "), "progress row: \(progress)")
        #expect(progress.filter { $0 == ":" }.count == 1, "progress row: \(progress)")
    }

    @Test func aHugePositionDoesNotMakeTheUIWakeEveryFewMilliseconds() {
        var d = Driver()
        d.line(Self.hostileStatus)
        // With no position known there is nothing to move on each second.
        let wake = d.model.nextWake(now: d.now)
        #expect(wake == nil || wake! - d.now >= 0.1, "woke after \(wake.map { $0 - d.now } ?? -1) s")
    }
}
