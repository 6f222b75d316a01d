import Daemon
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// MPRIS as a desktop meets it: `segue daemon` on a private session bus, driven and read by
/// Debian's `playerctl`, its signals seen by `dbus-monitor`; and on a box with no session bus,
/// a daemon that says nothing of it and never loads libsystemd.
@Suite(.serialized, .enabled(if: PrivateSessionBus.suitesRun, PrivateSessionBus.skipReason))
struct DaemonMPRISTests {
    private let tone = Fixtures.path("tone30.mp3")
    private let preview = Fixtures.path("preview.m4a")

    /// A daemon (output null) on `bus`, once its log says it is on the bus.
    private func startDaemon(_ home: DaemonCtlTests.Home, _ bus: PrivateSessionBus) throws -> Shell.Running {
        let daemon = try #require(
            Shell.start(PlayCommandTests.segue, ["daemon", "--foreground"], environment: home.environment.merging(bus.environment) { $1 }))
        let said = Poll.until(timeout: 30) { daemon.stderrSoFar.contains("over MPRIS as org.mpris.MediaPlayer2.segue.") }
        if !said {
            daemon.signal(SIGKILL)
            _ = daemon.finish(timeout: 30)
        }
        try #require(said, "the log says MPRIS is served: \(daemon.stderrSoFar)")
        return daemon
    }

    /// Waits until `playerctl -p segue ARGUMENTS` prints `expected` (the daemon's state moves on
    /// its own threads; the answer, not the wait, decides).
    private func expectPlayerctl(_ bus: PrivateSessionBus, _ arguments: [String], _ expected: (String) -> Bool, _ what: String) {
        var last = ""
        let seen = Poll.until(timeout: 20) {
            let result = Shell.run("playerctl", ["-p", "segue"] + arguments, environment: bus.environment, timeout: 30)
            last = result.stdoutText.trimmingSuffix("\n") + result.stderr
            return expected(last)
        }
        #expect(seen, "\(what): playerctl \(arguments.joined(separator: " ")) printed \(last)")
    }

    @Test func playerctlDrivesAndReadsTheDaemon() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let home = DaemonCtlTests.Home()
        let daemon = try startDaemon(home, bus)
        defer {
            daemon.signal(SIGTERM)
            #expect(daemon.finish(timeout: 30).exitCode == 0, "SIGTERM ends it in order")
        }
        expectPlayerctl(bus, ["status"], { $0 == "Stopped" }, "an empty queue is stopped")
        #expect(home.ctl("add", tone, preview).exitCode == 0)
        expectPlayerctl(bus, ["status"], { $0 == "Playing" }, "add plays")
        // play-pause, both ways, seen by the daemon's own status.
        #expect(bus.playerctl("play-pause").exitCode == 0)
        #expect(home.ctl("status").stdoutText.hasPrefix("paused"))
        expectPlayerctl(bus, ["status"], { $0 == "Paused" }, "play-pause paused")
        #expect(bus.playerctl("play-pause").exitCode == 0)
        #expect(home.ctl("status").stdoutText.hasPrefix("playing"))
        // The metadata of the first entry, then next.
        expectPlayerctl(
            bus, ["metadata", "--format", "{{mpris:trackid}}|{{xesam:title}}|{{xesam:url}}"],
            { $0.contains("/org/segue/track/") && $0.hasSuffix("|tone30.mp3|file://" + tone) }, "the first entry's metadata")
        #expect(bus.playerctl("next").exitCode == 0)
        #expect(home.ctl("status").stdoutText.contains("[2/2]"))
        expectPlayerctl(
            bus, ["metadata", "--format", "{{xesam:title}}|{{xesam:artist}}|{{xesam:album}}|{{mpris:length}}"],
            { $0 == "Preview Tone|Test Artist|Test Album|30000000" }, "next: the second entry's tags and length")
        // Position: set, then read back (it moves on while playing, so a window above the target).
        #expect(bus.playerctl("pause").exitCode == 0)
        #expect(bus.playerctl("position", "12").exitCode == 0)
        expectPlayerctl(bus, ["position"], { Double($0).map { $0 >= 12 && $0 < 12.5 } == true }, "position 12")
        #expect(DaemonCtlTests.Home.position(in: home.ctl("status").stdoutText) == 12)
        // Loop and shuffle, written and read both through MPRIS and through the daemon.
        #expect(bus.playerctl("loop", "Track").exitCode == 0)
        expectPlayerctl(bus, ["loop"], { $0 == "Track" }, "loop Track")
        #expect(home.ctl("status").stdoutText.contains("repeat one"))
        #expect(bus.playerctl("loop", "Playlist").exitCode == 0)
        #expect(home.ctl("status").stdoutText.contains("repeat all"))
        #expect(bus.playerctl("shuffle", "On").exitCode == 0)
        expectPlayerctl(bus, ["shuffle"], { $0 == "On" }, "shuffle On")
        #expect(home.ctl("status").stdoutText.contains("shuffle"))
        // Volume.
        #expect(bus.playerctl("volume", "0.4").exitCode == 0)
        expectPlayerctl(bus, ["volume"], { Double($0).map { abs($0 - 0.4) < 0.001 } == true }, "volume 0.4")
        #expect(home.ctl("status").stdoutText.contains("vol 40%"))
        // A NaN from the bus is refused with a sentence, and changes nothing.
        let nan = Shell.run(
            "dbus-send",
            [
                "--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.segue", "/org/mpris/MediaPlayer2",
                "org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player", "string:Volume", "variant:double:nan",
            ], environment: bus.environment, timeout: 30)
        #expect(nan.exitCode != 0 && nan.stderr.contains("not NaN"), "\(nan.stderr)")
        #expect(home.ctl("status").stdoutText.contains("vol 40%"))
        #expect(home.ctl("status").exitCode == 0, "the daemon still answers")
    }

    @Test func dbusMonitorSeesTheChangesAnnounced() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let home = DaemonCtlTests.Home()
        let daemon = try startDaemon(home, bus)
        defer {
            daemon.signal(SIGTERM)
            _ = daemon.finish(timeout: 30)
        }
        #expect(home.ctl("add", tone, preview).exitCode == 0)
        let monitor = try #require(
            Shell.start(
                "dbus-monitor", ["type='signal',path='/org/mpris/MediaPlayer2'", "type='signal',member='NameLost'"],
                environment: bus.environment))
        defer {
            monitor.signal(SIGTERM)
            _ = monitor.finish(timeout: 20)
        }
        // dbus-monitor is listening once it has given up its own name to become a monitor.
        let listening = Poll.until(timeout: 20) { String(decoding: monitor.stdoutSoFar, as: UTF8.self).contains("member=NameLost") }
        try #require(listening, "dbus-monitor started: \(monitor.stderrSoFar)")
        #expect(home.ctl("pause").exitCode == 0, "a change made by another front end")
        let announced = Poll.until(timeout: 20) {
            let seen = String(decoding: monitor.stdoutSoFar, as: UTF8.self)
            return seen.contains("member=PropertiesChanged") && seen.contains(#"string "PlaybackStatus""#)
                && seen.contains(#"string "Paused""#)
        }
        #expect(announced, "PropertiesChanged says Paused: \(String(decoding: monitor.stdoutSoFar, as: UTF8.self))")
        #expect(home.ctl("seek", "20").exitCode == 0)
        let seeked = Poll.until(timeout: 20) {
            let seen = String(decoding: monitor.stdoutSoFar, as: UTF8.self)
            return seen.contains("member=Seeked") && seen.contains("int64 20000000")
        }
        #expect(seeked, "Seeked says 20 s: \(String(decoding: monitor.stdoutSoFar, as: UTF8.self))")
    }

    @Test func withoutASessionBusTheDaemonSaysNothingAndLoadsNothing() throws {
        let home = DaemonCtlTests.Home()
        let runtime = Fixtures.temporaryDirectory()  // no `bus` socket in it
        let daemon = try #require(
            Shell.start(
                PlayCommandTests.segue, ["daemon", "--foreground"],
                environment: home.environment.merging(["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": runtime]) { $1 }))
        var stopped = false
        defer {
            if !stopped {
                daemon.signal(SIGKILL)
                _ = daemon.finish(timeout: 30)
            }
        }
        // Its socket, not `ctl` (which would start a daemon of its own if asked too early).
        let answers = Poll.until(timeout: 30) { (try? LineConnection(path: home.socket)) != nil }
        try #require(answers, "the daemon answers: \(daemon.stderrSoFar)")
        #expect(home.ctl("add", tone).exitCode == 0)
        let maps = String(decoding: Shell.readFile("/proc/\(daemon.pid)/maps") ?? [], as: UTF8.self)
        #expect(maps.contains("/segue"), "the maps were read")
        #expect(!maps.contains("libsystemd"), "libsystemd is never loaded")
        daemon.signal(SIGTERM)
        stopped = true
        let result = daemon.finish(timeout: 30)
        #expect(result.exitCode == 0)
        #expect(!result.stderr.contains("MPRIS") && !result.stderr.lowercased().contains("bus"), "nothing said: \(result.stderr)")
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
