import Terminal
import TestSupport
import Testing
import WireProtocol

@testable import TUI

/// Seeded, bounded fuzzing of the numbers in daemon lines (issue 10): status events and replies
/// whose every number is drawn from the extremes, read and drawn at random screen sizes. Any
/// trap fails the run; every line either reads, or is refused with a sentence.
@Suite struct OutsideNumbersFuzzTUITests {
    static let extremes = [
        "0", "-0", "1", "-1", "0.5", "-0.5", "1e300", "-1e300", "1e400", "-1e400", "1e-400", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "18446744073709551616", "99999999999999999999", "4294967295",
        "2147483648", "1.7976931348623157e308", "864000", "864001", "null", "\"12\"", "true", "[]",
    ]

    @Test func daemonLinesWithExtremeNumbersNeverTrapTheUI() {
        var rng = SplitMix64(seed: 0x0A10_5EED)
        var read = 0
        for round in 0..<2000 {
            func n() -> String { Self.extremes[rng.int(Self.extremes.count)] }
            let item = #"{"location":"/a.mp3","title":"T","duration":\#(n())}"#
            let entry = #"{"id":\#(n()),"title":"E","subtitle":"A — B","item":\#(item)}"#
            let status =
                #"{"status":"playing","current":\#(entry),"queuePosition":\#(n()),"queueLength":\#(n()),"position":\#(n()),"duration":\#(n()),"repeat":"none","shuffle":"off","volume":\#(n()),"crossfade":\#(n()),"prepared":true}"#
            let song = #"{"id":"1","title":"S","artist":"A","duration":\#(n()),"disc":\#(n()),"track":\#(n()),"playable":true}"#
            let lines = [
                #"{"event":"status","status":\#(status)}"#,
                #"{"id":\#(n()),"ok":true,"result":{"kind":"status","status":\#(status)}}"#,
                #"{"id":\#(n()),"ok":true,"result":{"kind":"queue","entries":[\#(entry)],"current":\#(n())}}"#,
                #"{"id":\#(n()),"ok":true,"result":{"kind":"songs","items":[\#(song)]}}"#,
                #"{"id":\#(n()),"ok":true,"result":{"kind":"items","items":[\#(item)]}}"#,
                #"{"id":\#(n()),"ok":false,"error":"no"}"#,
            ]
            var d = Driver(rows: [0, 1, 5, 8, 24, 60][rng.int(6)], columns: [0, 1, 20, 30, 80, 300][rng.int(6)])
            d.key(.character(["1", "2", "3", "4"][rng.int(4)]))
            for line in lines {
                switch Result(catching: { () throws(WireError) in try DaemonMessage.parse(line) }) {
                case .success(let message):
                    read += 1
                    d.take(d.model.handle(message, now: d.now))
                case .failure(let error):
                    #expect(error.description.hasPrefix("A line from the daemon could not be read"), "round \(round): \(line)")
                }
            }
            _ = Screen().render(d.model, now: d.now + Double(rng.int(100_000)))
            if let wake = d.model.nextWake(now: d.now) { #expect(wake.isFinite && wake > d.now, "round \(round)") }
        }
        #expect(read > 2000, "most lines read: \(read)")
    }
}
