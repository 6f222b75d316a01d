import TestSupport
import Testing

/// `segue tempo` as a user runs it.
@Suite struct TempoCommandTests {
    static let segue = Fixtures.packageRoot + "/.build/debug/segue"

    @Test func printsOneLinePerItemAndASentencePerFailure() {
        let result = Shell.run(
            Self.segue, ["tempo", "--cadence", "170", Fixtures.path("tempo/tagged-128.mp3"), Fixtures.path("tempo/silence.mp3")],
            environment: ["SEGUE_CATALOG_URL": ""], timeout: 60)
        #expect(result.exitCode == 1)
        #expect(result.stdoutText == "128.0 BPM  confidence 1.00  tag  \(Fixtures.path("tempo/tagged-128.mp3"))\n")
        #expect(result.stderr.contains("silence.mp3: The audio is silent, so it has no tempo."))
    }

    @Test func jsonIsOneObjectPerItem() {
        let result = Shell.run(
            Self.segue, ["tempo", "--json", "--cadence", "170", Fixtures.path("tempo/halftime-170.mp3"), Fixtures.path("notes.txt")],
            environment: ["SEGUE_CATALOG_URL": ""], timeout: 60)
        #expect(result.exitCode == 1)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"source\":\"analysis\"") == true)
        #expect(lines.first?.contains("\"bpm\":170") == true || lines.first?.contains("\"bpm\":169.9") == true)
        #expect(lines.last?.contains("\"bpm\":null") == true)
        #expect(lines.last?.contains("\"error\":\"This is not audio Segue can play") == true)
    }

    @Test func aCadenceOutOfRangeIsAUsageError() {
        let result = Shell.run(Self.segue, ["tempo", "--cadence", "1000", "x.mp3"], timeout: 30)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("--cadence takes a number from 30 to 300"))
    }
}
