import TestSupport
import Testing

/// `segue ctl workout …` and `segue ctl tempo …` as a user types them.
@Suite struct CtlWorkoutTests {
    @Test func aWorkoutLineThatIsNoCommandIsSaidWithoutStartingADaemon() throws {
        let home = DaemonCtlTests.Home()
        defer { home.stop() }
        for (words, sentence) in [
            (["workout", "cadence", "300"], "workout cadence needs steps a minute from 30 to 250"),
            (["workout", "start", "running", "--minutes", "2000"], "--minutes takes a length from 1 to 1440 minutes"),
            (["workout", "jog"], "workout takes start, pause, resume, end, status, cadence, history, add or play"),
            (["bpm"], "tempo needs one or more files, URLs or itunes:ID items."),
        ] {
            let result = Shell.run(PlayCommandTests.segue, ["ctl"] + words, environment: home.environment)
            #expect(result.exitCode == 1, "\(words)")
            #expect(result.stderr.hasPrefix("segue: " + sentence), "\(words): \(result.stderr)")
        }
        #expect(home.daemonPID() == nil, "no daemon was started for lines that are no commands")
    }
}
