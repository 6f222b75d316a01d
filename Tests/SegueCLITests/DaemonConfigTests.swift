import Audio
import Daemon
import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The config file as the daemon meets it: its keys take effect, a bad line is named in the log
/// with its number and the daemon starts anyway.
@Suite(.serialized) struct DaemonConfigTests {
    @Test func theDaemonStartsWithABadFileAndUsesWhatItCan() throws {
        let home = Fixtures.temporaryDirectory()
        mkdir(home + "/config", 0o700)
        let wav = home + "/out.wav"
        let config = """
            output = wav:\(wav)
            crossfade = 4.5
            history = off
            bogus = 1
            crossfade = lots
            just words
            """
        Shell.writeFile(home + "/config/config", Array(config.utf8))
        // No SEGUE_OUTPUT: the config's output is the one in force.
        let environment = ["SEGUE_HOME": home, "SEGUE_OUTPUT": "", "SEGUE_CATALOG_URL": "http://127.0.0.1:9"]
        func size(_ path: String) -> Int {
            var info = stat()
            return stat(path, &info) == 0 ? Int(info.st_size) : 0
        }
        func ctl(_ words: String...) -> Shell.Result { Shell.run(PlayCommandTests.segue, ["ctl"] + words, environment: environment) }
        let daemon = try #require(Shell.start(PlayCommandTests.segue, ["daemon", "--foreground"], environment: environment))
        var stopped = false
        defer {
            if !stopped {
                daemon.signal(SIGKILL)
                _ = daemon.finish(timeout: 30)
            }
        }
        // Waits for the socket, not for `ctl`, which would start a daemon of its own.
        let answering = Poll.until(timeout: 30) { (try? LineConnection(path: home + "/run/socket")) != nil }
        try #require(answering, "the daemon answers: \(daemon.stderrSoFar)")
        let log = daemon.stderrSoFar.split(separator: "\n").filter { $0.contains("config line") }
        #expect(
            log == [
                "segue: config line 4: unknown setting \"bogus\" (docs/config.md lists them).",
                "segue: config line 5: crossfade is a number of seconds from 0 to 30, such as 4 or 2.5.",
                "segue: config line 6: \"just words\" is not key = value.",
            ])
        #expect(ctl("status", "--json").stdoutText.contains("\"crossfade\":4.5"))
        #expect(ctl("output").stdoutText.contains("WAV file \(wav)"))
        // A song played to its end is not in the history, which the config turned off.
        #expect(ctl("add", Fixtures.path("slice1.mp3")).exitCode == 0)
        #expect(ctl("play").exitCode == 0)
        #expect(Poll.until(timeout: 30) { ctl("status").stdoutText.hasPrefix("stopped") && size(wav) > 44 })
        #expect(!ctl("history").stdoutText.contains("slice1"), "history = off: nothing recorded")
        daemon.signal(SIGTERM)
        stopped = true
        #expect(daemon.finish(timeout: 30).exitCode == 0, "\(daemon.stderrSoFar)")
        #expect(Processes.daemonPID(home: home) == nil, "no other daemon was started")
    }
}
