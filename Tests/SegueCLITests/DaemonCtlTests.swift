import Audio
import Daemon
import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon and `segue ctl` as a user meets them: ctl starts the daemon, commands go over
/// the socket, the queue survives a restart and a kill -9, and no client can break it.
@Suite(.serialized) struct DaemonCtlTests {
    /// A private SEGUE_HOME, so nothing touches the user's files and instances never meet.
    final class Home: @unchecked Sendable {
        let path = Fixtures.temporaryDirectory()
        var socket: String { path + "/run/socket" }
        var environment: [String: String] { ["SEGUE_HOME": path, "SEGUE_OUTPUT": "null", "SEGUE_CATALOG_URL": "http://127.0.0.1:9"] }

        func ctl(_ words: String...) -> Shell.Result { Shell.run(PlayCommandTests.segue, ["ctl"] + words, environment: environment) }

        /// The daemon's pid, from the process table.
        func daemonPID() -> pid_t? { Processes.daemonPID(home: path) }

        /// `ctl status` once the daemon it starts has put back the saved queue: a restored
        /// position ends with the player paused there. (The daemon listens before it restores,
        /// so an early request can meet a half-restored player: DaemonCommand.serve.)
        func restoredStatus() -> String {
            var last = ""
            _ = Poll.until(timeout: 20) {
                last = ctl("status").stdoutText
                return last.hasPrefix("paused")
            }
            return last
        }

        /// The seconds `ctl status` shows as heard ("playing  title  0:07 / 0:30  …"), or nil.
        func position() -> Int? { Self.position(in: ctl("status").stdoutText) }

        static func position(in status: String) -> Int? {
            let fields = status.split(separator: "  ").map { $0.trimmingPrefix(" ") }
            guard let clock = fields.first(where: { $0.first?.isNumber == true && $0.contains(":") }) else { return nil }
            let parts = clock.prefix { $0 != " " }.split(separator: ":").compactMap { Int($0) }
            return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
        }

        /// The library database's files (size and modification time): they change when the
        /// daemon saves anything, such as the position it saves once a second while playing.
        func databaseStamp() -> [Int] {
            ["", "-wal"].flatMap { suffix -> [Int] in
                var info = stat()
                guard stat(path + "/data/library.sqlite" + suffix, &info) == 0 else { return [-1] }
                return [Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
            }
        }

        func stop(signal: Int32 = SIGTERM) {
            guard let pid = daemonPID() else { return }
            kill(pid, signal)
            let ended = Poll.until(timeout: 20) { !Processes.isRunning(pid) }
            #expect(ended, "the daemon \(pid) did not end within 20 s of signal \(signal)")
        }
    }

    private let tone = Fixtures.path("tone30.mp3")
    private let preview = Fixtures.path("preview.m4a")

    @Test func ctlStartsTheDaemonAndDrivesIt() throws {
        let home = Home()
        defer { home.stop() }
        let add = home.ctl("add", tone, preview)
        #expect(add.exitCode == 0)
        #expect(add.stdoutText.hasPrefix("playing"))
        #expect(home.daemonPID() != nil)
        let next = home.ctl("next")
        #expect(next.stdoutText.hasPrefix("playing") && next.stdoutText.contains("[2/2]"))
        #expect(home.ctl("pause").stdoutText.hasPrefix("paused"))
        let queue = home.ctl("queue").stdoutText
        #expect(queue.split(separator: "\n").count == 2 && queue.contains("▶   2  "))
        let json = home.ctl("--json", "status").stdoutText
        #expect(json.hasPrefix(#"{"id":1,"ok":true,"result":{"kind":"status","status":{"status":"paused""#))
        let bad = home.ctl("jump", "9")
        #expect(bad.exitCode == 1)
        #expect(bad.stderr == "segue: There is no entry 9; the queue has 2.\n")
        #expect(home.ctl("frobnicate").exitCode == 1)
    }

    @Test func anUnreachableCatalogIsSaidAndTheDemoAnswers() throws {
        let home = Home()
        defer { home.stop() }
        let search = home.ctl("search", "paper")
        #expect(search.exitCode == 0)
        #expect(search.stdoutText.contains("Copper Tram"), "the demo catalog answers")
        #expect(search.stderr.contains("The iTunes catalog is unreachable"), "and ctl says why: \(search.stderr)")
        #expect(!home.ctl("status").stderr.contains("unreachable"), "a command that asks no catalog says nothing of it")
    }

    @Test func theQueueSurvivesARestartAndAKill9() throws {
        let home = Home()
        defer { home.stop() }
        _ = home.ctl("add", tone, preview)
        _ = home.ctl("repeat", "all")
        _ = home.ctl("volume", "70")
        // SIGTERM saves where playback is: wait until a second has been heard.
        let heard = try #require(Poll.until(timeout: 30) { (home.position() ?? 0) >= 1 } ? home.position() : nil)
        home.stop(signal: SIGTERM)
        let restored = home.restoredStatus()
        #expect(restored.hasPrefix("paused  tone30.mp3"))
        #expect(restored.contains("[1/2]") && restored.contains("repeat all") && restored.contains("vol 70%"))
        #expect((Home.position(in: restored) ?? -1) >= heard, "resumes where it stopped: \(restored)")
        _ = home.ctl("next")
        _ = home.ctl("play")
        // While playing, the position is saved once a second, so a kill -9 loses at most that.
        // Once a second has been heard, the database changes only by those saves; the second
        // change read the position after the first was written, so it saved at least a second.
        #expect(Poll.until(timeout: 30) { (home.position() ?? 0) >= 1 }, "entry 2 plays")
        var stamp = home.databaseStamp()
        for save in 1...2 {
            let before = stamp
            let changed = Poll.until(timeout: 30) {
                stamp = home.databaseStamp()
                return stamp != before
            }
            #expect(changed, "position save \(save)")
        }
        home.stop(signal: SIGKILL)
        let afterKill = home.restoredStatus()
        #expect(afterKill.contains("Preview Tone"))
        #expect(afterKill.contains("[2/2]"))
        #expect((Home.position(in: afterKill) ?? -1) >= 1, "resumes within a second of where it was killed: \(afterKill)")
    }

    @Test func quitEndsTheDaemonAndTheNextStartResumes() throws {
        let home = Home()
        defer { home.stop() }
        _ = home.ctl("add", tone, preview)
        let pid = try #require(home.daemonPID())
        let quit = home.ctl("quit")
        #expect(quit.exitCode == 0)
        #expect(quit.stdoutText.hasPrefix("paused  tone30.mp3") && quit.stdoutText.contains("[1/2]"))
        // ctl returns once the daemon closed the connection, which it does after removing the socket.
        #expect(access(home.socket, F_OK) != 0)
        #expect(Poll.until(timeout: 20) { !Processes.isRunning(pid) }, "the daemon ended")
        // With no daemon there is nothing to quit, and none is started for it.
        let again = home.ctl("quit")
        #expect(again.exitCode == 0 && again.stderr == "segue: no daemon is running.\n")
        #expect(home.daemonPID() == nil)
        // The state was saved as on SIGTERM.
        let restored = home.restoredStatus()
        #expect(restored.hasPrefix("paused  tone30.mp3") && restored.contains("[1/2]"))
    }

    @Test func garbageAndHugeLinesGetErrorsAndTheConnectionStaysUsable() throws {
        let home = Home()
        defer { home.stop() }
        _ = home.ctl("status")  // starts the daemon
        let connection = try LineConnection(path: home.socket)
        try connection.send("this is not json")
        #expect(try connection.readLine(timeout: 10)?.hasPrefix(#"{"id":null,"ok":false,"error":"The request could not be read"#) == true)
        try connection.send(String(repeating: "x", count: 1_100_000))
        #expect(try connection.readLine(timeout: 10)?.contains("longer than 1048576 bytes") == true)
        var random = SplitMix64(seed: 9)
        try connection.sendBytes((0..<5000).map { _ in UInt8(truncatingIfNeeded: random.next()) } + [10])
        _ = try connection.readLine(timeout: 10)
        try connection.send(#"{"id":"after","command":"status"}"#)
        var reply = try connection.readLine(timeout: 10)
        while let line = reply, !line.contains(#""id":"after""#) { reply = try connection.readLine(timeout: 10) }
        #expect(reply?.contains(#""ok":true"#) == true)
        // A client that vanishes mid-request does no harm.
        let vanishing = try LineConnection(path: home.socket)
        try vanishing.sendBytes(Array(#"{"id":1,"comm"#.utf8))
        vanishing.close()
        #expect(home.ctl("status").exitCode == 0)
    }

    @Test func manyClientsAtOnce() throws {
        let home = Home()
        defer { home.stop() }
        _ = home.ctl("add", tone)
        let failures = ConditionLock(0)
        let done = ConditionLock(0)
        for client in 0..<8 {
            startThread(name: "client") {
                do {
                    let connection = try LineConnection(path: home.socket)
                    for n in 0..<25 {
                        try connection.send(#"{"id":\#(n),"command":"\#(n % 2 == 0 ? "status" : "queue")"}"#)
                        guard let reply = try connection.readLine(timeout: 10), reply.hasPrefix(#"{"id":\#(n),"ok":true"#) else {
                            failures.withLockBroadcast { $0 += 1 }
                            break
                        }
                    }
                } catch {
                    failures.withLockBroadcast { $0 += 1 }
                }
                _ = client
                done.withLockBroadcast { $0 += 1 }
            }
        }
        done.wait(until: { $0 == 8 }, timeout: 30) { _ in }
        #expect(failures.withLock { $0 } == 0)
    }
}
