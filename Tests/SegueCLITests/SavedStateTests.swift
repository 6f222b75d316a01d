import Audio
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's saved state with the real binary: a restore that crashed is not repeated (issue 10).
@Suite(.serialized) struct SavedStateTests {
    private let tone = Fixtures.path("tone30.mp3")
    private let preview = Fixtures.path("preview.m4a")

    @Test func aQueueWhoseRestoreCrashedIsSetAsideAsAPlaylistAndTheDaemonStartsEmpty() throws {
        let home = DaemonCtlTests.Home()
        defer { home.stop() }
        _ = home.ctl("add", tone, preview)
        #expect(home.ctl("quit").exitCode == 0)
        home.stop()
        let marker = home.path + "/state/restoring"
        #expect(access(marker, F_OK) != 0, "an orderly stop leaves no marker")
        // What a run that crashed while restoring leaves behind.
        Shell.writeFile(marker, Array("restoring the saved queue (pid 1)\n".utf8))

        let status = home.ctl("status")
        #expect(status.exitCode == 0)
        #expect(status.stdoutText.hasPrefix("stopped  queue empty"), "\(status.stdoutText)")
        let playlists = home.ctl("playlist", "list").stdoutText
        #expect(playlists.hasPrefix("Queue set aside 20") && playlists.contains("(2)"), "\(playlists)")
        let name = String(try #require(playlists.split(separator: "\n").first?.split(separator: "(").first)).trimmingTrailingSpaces()
        let entries = home.ctl("playlist", "show", name).stdoutText
        #expect(entries.contains("tone30.mp3") && entries.contains("preview.m4a"), "\(entries)")
        let log = String(decoding: Shell.readFile(home.path + "/state/daemon.log") ?? [], as: UTF8.self)
        #expect(
            log.contains("stopped while restoring the saved queue, so its 2 entries were set aside as the playlist \"\(name)\""), "\(log)")
        #expect(access(marker, F_OK) != 0, "the marker is gone once the queue is set aside")

        // The next restore is an ordinary one again.
        _ = home.ctl("add", tone)
        #expect(home.ctl("quit").exitCode == 0)
        home.stop()
        #expect(home.ctl("status").stdoutText.contains("tone30.mp3  0:"), "restored (paused, or stopped when saved at 0:00)")
    }

    @Test func anOrdinaryRestoreRemovesItsMarkerOnceSettled() throws {
        let home = DaemonCtlTests.Home()
        defer { home.stop() }
        _ = home.ctl("add", tone)
        #expect(home.ctl("quit").exitCode == 0)
        home.stop()
        #expect(home.ctl("status").stdoutText.contains("tone30.mp3  0:"), "restored (paused, or stopped when saved at 0:00)")
        let marker = home.path + "/state/restoring"
        #expect(Poll.until(timeout: 30) { access(marker, F_OK) != 0 }, "removed once the restore settled")
        // Killed after that, the queue comes back, not set aside.
        home.stop(signal: SIGKILL)
        #expect(home.ctl("status").stdoutText.contains("tone30.mp3  0:"), "restored (paused, or stopped when saved at 0:00)")
        #expect(home.ctl("playlist", "list").stdoutText.contains("set aside") == false)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
