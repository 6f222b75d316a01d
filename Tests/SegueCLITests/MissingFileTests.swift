import Daemon
import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A queued file that disappears (moved or deleted after it was added) is skipped with a
/// sentence naming it and saying it is missing — to subscribed clients and in the daemon's log —
/// and the next entry plays; the daemon goes on.
@Suite(.serialized) struct MissingFileTests {
    @Test func aFileRemovedWhileQueuedIsSkippedWithItsReason() throws {
        let home = DaemonCtlTests.Home()
        defer { home.stop() }
        let folder = Fixtures.temporaryDirectory()
        let first = folder + "/first.mp3"
        let gone = folder + "/gone.flac"
        let last = folder + "/last.mp3"
        Shell.writeFile(first, Fixtures.bytes("tone30.mp3"))
        Shell.writeFile(gone, Fixtures.bytes("tone.flac"))
        Shell.writeFile(last, Fixtures.bytes("tone30.mp3"))
        #expect(home.ctl("add", first).exitCode == 0)
        // Stopped, nothing is decoding, so nothing opens the next entry ahead of time.
        #expect(home.ctl("stop").stdoutText.hasPrefix("stopped"))
        #expect(home.ctl("add", gone, last).exitCode == 0)
        let events = try LineConnection(path: home.socket)
        try events.send(#"{"id":1,"subscribe":true}"#)
        #expect(unlink(gone) == 0)
        #expect(home.ctl("jump", "2").exitCode == 0)
        #expect(home.ctl("play").exitCode == 0)
        var failure: String?
        while failure == nil, let line = try events.readLine(timeout: 30) {
            if line.contains(#""entryFailed""#) { failure = line }
        }
        let sentence = "Cannot read \(gone): the file is missing (moved or deleted since it was added)."
        #expect(failure?.contains(sentence) == true, "\(failure ?? "no entryFailed event")")
        #expect(Poll.until(timeout: 20) { home.ctl("status").stdoutText.hasPrefix("playing  last.mp3") }, "the next entry plays")
        var log = ""
        let logged = Poll.until(timeout: 20) {
            log = String(decoding: Shell.readFile(home.path + "/state/daemon.log") ?? [], as: UTF8.self)
            return log.contains("segue: skipped gone.flac: " + sentence)
        }
        #expect(logged, "the log says it too: \(log)")
    }
}
