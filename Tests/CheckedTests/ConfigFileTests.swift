import Checked
import Testing

/// The one reader of the config file: numbered `key = value` lines, one comment rule, quotes,
/// and a sentence naming the line for whatever is not a setting.
@Suite struct ConfigFileTests {
    @Test func linesKeepTheirNumbersAndCommentsAndQuotesFollowOneRule() {
        let file = ConfigFile(
            parsing: """
                # a comment
                output = wav:/tmp/a#b.wav   # the # in the path stays; this one starts a comment
                bind.# = top\r
                mpd.password = "two # words"

                \tcrossfade=4
                """)
        #expect(
            file.lines == [
                ConfigFile.Line(number: 2, key: "output", value: "wav:/tmp/a#b.wav"),
                ConfigFile.Line(number: 3, key: "bind.#", value: "top"),
                ConfigFile.Line(number: 4, key: "mpd.password", value: "\"two # words\""),
                ConfigFile.Line(number: 6, key: "crossfade", value: "4"),
            ])
        #expect(file.lines[2].unquoted == "two # words")
        #expect(file.problems.isEmpty)
        #expect(file.lines(under: "mpd.").map(\.number) == [4])
        #expect(file.lines(named: "crossfade").map(\.value) == ["4"])
    }

    @Test func whatIsNotASettingIsNamedWithItsLine() {
        let file = ConfigFile(parsing: "colors = never\njust words\n= 3\nBogus.Key = 1\nseek-step = 5\n")
        #expect(
            file.problems == [
                "config line 2: \"just words\" is not key = value.",
                "config line 3: the line has no key before its =.",
            ])
        #expect(
            file.unknownKeys(names: ["colors", "seek-step"], prefixes: ["bind."]) == [
                "config line 4: unknown setting \"Bogus.Key\" (docs/config.md lists them)."
            ])
    }

    @Test func escapesInABadLineAreNotPrintedRaw() {
        let file = ConfigFile(parsing: "\u{1B}]52;c;aGk=\u{7}x\nnope\u{1B}[2J\n")
        #expect(file.problems == ["config line 2: \"nope [2J\" is not key = value."])
        #expect(file.unknownKeys(names: [], prefixes: []).allSatisfy { !$0.contains("\u{1B}") })
    }

    @Test func switchesReadTheirWords() {
        let words = ["on", "YES", "true", "off", "No", "false", "1", ""]
        let read = words.map { ConfigFile.Line(number: 1, key: "history", value: $0).switchValue }
        #expect(read == [true, true, true, false, false, false, nil, nil])
    }

    @Test func decimalsAreDigitsWithAtMostThreePlaces() {
        #expect(Checked.decimal("4", in: 0...30) == 4)
        #expect(Checked.decimal("2.5", in: 0...30) == 2.5)
        #expect(Checked.decimal("30.000", in: 0...30) == 30)
        for bad in ["nan", "inf", "1e300", "-1", "30.5", "0x10", "1.2345", ".5", "5.", "", "1 2", "99999999999999"] {
            #expect(Checked.decimal(bad, in: 0...30) == nil, "\(bad)")
        }
    }
}
