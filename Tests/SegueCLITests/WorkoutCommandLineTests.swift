import TestSupport
import Testing

@testable import segue

/// `segue workout [--type K] [--minutes N] [--cadence SPM]`: read before the screen is taken
/// over, so a mistake is one sentence and exit 2 with no daemon started.
@Suite struct WorkoutCommandLineTests {
    @Test func theOptionsBecomeTheWorkoutToStartAndTheRestGoToTheDaemon() throws {
        let command = try #require(
            try UICommand(parsingWorkout: ["--type", "cycling", "--output", "null", "--minutes", "45", "-c", "85", "--catalog", "demo"]))
        #expect(command.workout == .start(.cycling, cadence: 85, minutes: 45))
        #expect(command.daemonArguments == ["--output", "null", "--catalog", "demo"])
        let plain = try #require(try UICommand(parsingWorkout: []))
        #expect(plain.workout == .start(.running, cadence: nil, minutes: nil))
        #expect(try UICommand(parsingWorkout: ["--help"]) == nil)
    }

    @Test func aMistakeIsOneSentenceAndExitTwoWithNoDaemon() {
        let home = Fixtures.temporaryDirectory()
        let environment = ["SEGUE_OUTPUT": "", "SEGUE_CATALOG_URL": "", "SEGUE_HOME": home]
        for (arguments, sentence) in [
            (["--type", "swimming"], "--type takes running, cycling, walking, hiit or other, not \"swimming\"."),
            (["--cadence", "300"], "--cadence takes a number from 30 to 250, not \"300\"."),
            (["--minutes", "0"], "--minutes takes a number from 1 to 1440, not \"0\"."),
            (["fast"], "unexpected argument fast; segue workout takes options only (segue workout --help lists them)."),
        ] {
            let result = Shell.run(PlayCommandTests.segue, ["workout"] + arguments, environment: environment, timeout: 30)
            #expect(result.exitCode == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("segue workout: " + sentence), "\(arguments): \(result.stderr)")
        }
        #expect(Processes.daemonPID(home: home) == nil)
        let help = Shell.run(PlayCommandTests.segue, ["workout", "--help"], environment: environment, timeout: 30)
        #expect(help.exitCode == 0)
        #expect(help.stdoutText.hasPrefix("usage: segue workout [--type running|cycling|walking|hiit|other] [--minutes N] [--cadence N]"))
        #expect(
            Shell.run(PlayCommandTests.segue, ["--help"], environment: environment, timeout: 30).stdoutText.contains(
                "  segue workout [--type"))
    }
}
