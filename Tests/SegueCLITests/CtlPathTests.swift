import Audio
import TestSupport
import Testing

/// `segue ctl` run in a folder of the user's: only the words that are files of the command
/// become absolute paths (the daemon's working folder is not the user's).
@Suite struct CtlPathTests {
    /// `segue ctl WORDS…` run with `folder` as the working folder.
    private func ctl(_ home: DaemonCtlTests.Home, in folder: String, _ words: String...) -> Shell.Result {
        // The shell only changes folder; the words reach segue as they are.
        Shell.run(
            "/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", folder, PlayCommandTests.segue, "ctl"] + words, environment: home.environment)
    }

    @Test func nextBesideAFileNamedNextSkipsToTheNextEntry() throws {
        let home = DaemonCtlTests.Home()
        defer { home.stop() }
        let folder = Fixtures.temporaryDirectory()
        let tone = try #require(Shell.readFile(Fixtures.path("tone30.mp3")))
        for name in ["first.mp3", "second.mp3"] { Shell.writeFile(folder + "/" + name, tone) }
        for name in ["next", "status", "queue"] { Shell.writeFile(folder + "/" + name, []) }

        // Items named relative to the folder are found by the daemon, which runs elsewhere.
        let add = ctl(home, in: folder, "add", "first.mp3", "second.mp3")
        #expect(add.exitCode == 0, "\(add.stderr)")
        #expect(add.stdoutText.hasPrefix("playing") && add.stdoutText.contains("[1/2]"), "\(add.stdoutText)")
        // `next` is the command, not the file beside it.
        let next = ctl(home, in: folder, "next")
        #expect(next.exitCode == 0, "\(next.stderr)")
        #expect(next.stdoutText.hasPrefix("playing") && next.stdoutText.contains("[2/2]"), "\(next.stdoutText)")
        let queue = ctl(home, in: folder, "queue").stdoutText
        #expect(queue.split(separator: "\n").count == 2 && queue.contains("▶   2  "), "\(queue)")
        // A playlist exported to a file of the folder lands there, though it did not exist before.
        #expect(ctl(home, in: folder, "playlist", "create", "next").exitCode == 0)
        #expect(ctl(home, in: folder, "playlist", "add", "next", "first.mp3").exitCode == 0)
        let export = ctl(home, in: folder, "playlist", "export", "next", "mix.m3u")
        #expect(export.exitCode == 0, "\(export.stderr)")
        let written = String(decoding: try #require(Shell.readFile(folder + "/mix.m3u")), as: UTF8.self)
        // The item is the file beside it, so the playlist names it relative to its own folder (#13).
        #expect(written.split(separator: "\n").contains("first.mp3"), "\(written)")
    }
}
