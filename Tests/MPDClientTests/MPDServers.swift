import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The music both servers serve: `root/Music` holds the shared `MusicTree` (every format, Unicode
/// names and tags) and `Long/` with two 30-second files for playback. Real MPD gets `root` as its
/// music directory and Segue gets `root/Music` as its library folder, so both name every song
/// `Music/…` (Segue names each library folder after its last component): the same URIs work on
/// both, and transcripts can be sent to either unchanged. Made once per test process; no test
/// changes it.
enum MPDMusic {
    /// The folder MPD serves (holding `Music`).
    static let root: String = {
        let root = Fixtures.temporaryDirectory()
        let music = root + "/Music"
        let tree = MusicTree.shared
        let copied = Shell.run("cp", ["-R", tree.root, music], timeout: 60)
        precondition(copied.exitCode == 0, "cp -R \(tree.root): \(copied.stderr)")
        precondition(Shell.run("mkdir", ["-p", music + "/Long"]).exitCode == 0)
        Shell.writeFile(music + "/Long/preview.m4a", Fixtures.bytes("preview.m4a"))
        // The 30-second MP3 gets tags, so clients show the same title on both servers (an
        // untagged song's title is an accepted difference, covered by the tree's untagged files).
        let tagged = Shell.run(
            "ffmpeg",
            [
                "-nostdin", "-loglevel", "error", "-y", "-i", Fixtures.path("tone30.mp3"), "-c", "copy", "-id3v2_version", "4",
                "-metadata", "title=Tone Thirty", "-metadata", "artist=Sine Wave", "-metadata", "album=Long Tones",
                music + "/Long/tone30.mp3",
            ], timeout: 60)
        precondition(tagged.exitCode == 0, "ffmpeg tagging tone30.mp3: \(tagged.stderr)")
        return root
    }()

    /// How many songs the folder has.
    static var songCount: Int { MusicTree.shared.songs.count + 2 }

    /// The 30-second MP3 (URI).
    static let tone30 = "Music/Long/tone30.mp3"
    /// The 30-second M4A (URI).
    static let preview = "Music/Long/preview.m4a"
}

/// Either MPD server a test talks to: Debian's real `mpd` or `segue daemon --mpd`, each on its
/// own free loopback port, with its own state folder, `null` audio output, and `MPDMusic`
/// scanned before the server is handed over. `stop()` (also deinit) ends it.
protocol MPDServer: AnyObject {
    /// "mpd" or "segue", for messages.
    var name: String { get }
    /// Its TCP port on 127.0.0.1.
    var port: UInt16 { get }
    /// What it logged so far (for failure messages).
    var log: String { get }
    /// Ends the server and waits for it to go.
    func stop()
}

extension MPDServer {
    /// A new connection, greeted.
    func connect() throws -> MPDWire { try MPDWire(port: port) }

    /// `mpc ARGUMENTS…` against this server (at most 30 s).
    func mpc(_ arguments: String...) -> Shell.Result { mpc(arguments) }

    func mpc(_ arguments: [String]) -> Shell.Result {
        Shell.run("mpc", ["--host", "127.0.0.1", "--port", String(port)] + arguments, environment: ["LANG": "C.UTF-8"], timeout: 30)
    }

    /// Waits until the database holds the whole music folder (`stats` counts every song and no
    /// update runs).
    func waitForDatabase(timeout: Double = 60) throws {
        let wire = try connect()
        var last = MPDWire.Reply(lines: [])
        let ready = Poll.until(timeout: timeout) {
            guard let stats = try? wire.command("stats"), let status = try? wire.command("status") else { return false }
            last = stats
            return stats.value("songs") == String(MPDMusic.songCount) && status.value("updating_db") == nil
        }
        if !ready {
            throw MPDWire.Failure(
                description: "\(name) did not list the \(MPDMusic.songCount) songs within \(timeout) s; stats said:\n\(last)\nlog:\n\(log)")
        }
    }
}

/// Debian's `mpd` in the foreground with a temporary configuration.
final class RealMPD: MPDServer {
    let name = "mpd"
    let port: UInt16
    let folder = Fixtures.temporaryDirectory()
    private let process: Shell.Running
    private var stopped = false

    /// Whether mpd (and mpc) can be run here, and why not.
    static let unavailableReason: String? =
        RequiredTools.problem(running: "mpd", ["--version"]) ?? RequiredTools.problem(running: "mpc", ["help"])

    /// Starts mpd on a free port and waits for its database to be complete.
    init() throws {
        if let reason = Self.unavailableReason { throw MPDWire.Failure(description: "mpd is needed: \(reason)") }
        port = MPDWire.freePort()
        precondition(Shell.run("mkdir", ["-p", folder + "/playlists"]).exitCode == 0)
        let configuration = """
            music_directory "\(MPDMusic.root)"
            playlist_directory "\(folder)/playlists"
            db_file "\(folder)/database"
            log_file "\(folder)/log"
            bind_to_address "127.0.0.1"
            port "\(port)"
            zeroconf_enabled "no"
            audio_output {
              type "null"
              name "null"
              mixer_type "software"
            }

            """
        Shell.writeFile(folder + "/mpd.conf", Array(configuration.utf8))
        guard let process = Shell.start("mpd", ["--no-daemon", folder + "/mpd.conf"]) else {
            throw MPDWire.Failure(description: "cannot start mpd")
        }
        self.process = process
        guard Poll.until(timeout: 20, { !Processes.isRunning(process.pid) || (try? MPDWire(port: port, timeout: 2)) != nil }),
            Processes.isRunning(process.pid)
        else {
            stop()
            throw MPDWire.Failure(description: "mpd did not answer on port \(port) within 20 s: \(log)")
        }
        // A fresh mpd with no database file scans at start; ask once more to be sure it does.
        _ = try? connect().command("update")
        try waitForDatabase()
    }

    var log: String { String(decoding: Shell.readFile(folder + "/log") ?? [], as: UTF8.self) + process.stderrSoFar }

    func stop() {
        guard !stopped else { return }
        stopped = true
        process.signal(SIGTERM)
        _ = process.finish(timeout: 20)
    }

    deinit { stop() }
}

/// `segue daemon --foreground --mpd 127.0.0.1:PORT` (the debug build) with a private
/// `SEGUE_HOME`, the null output, no catalog, and `MPDMusic`'s folder in its library.
final class SegueMPD: MPDServer {
    let name = "segue"
    let port: UInt16
    let home = Fixtures.temporaryDirectory()
    private let process: Shell.Running
    private var stopped = false

    /// The debug build of `segue`.
    static let segue = Fixtures.packageRoot + "/.build/debug/segue"

    var environment: [String: String] { Self.environment(home: home) }

    static func environment(home: String) -> [String: String] {
        ["SEGUE_HOME": home, "SEGUE_OUTPUT": "null", "SEGUE_CATALOG_URL": "http://127.0.0.1:9", "LANG": "C.UTF-8"]
    }

    /// Starts the daemon on a free port, adds the music folder and waits for the scan.
    init(extraArguments: [String] = []) throws {
        port = MPDWire.freePort()
        guard
            let process = Shell.start(
                Self.segue, ["daemon", "--foreground", "--mpd", "127.0.0.1:\(port)"] + extraArguments,
                environment: Self.environment(home: home))
        else { throw MPDWire.Failure(description: "cannot start \(Self.segue)") }
        self.process = process
        var exited = false
        let greeted = Poll.until(timeout: 30) {
            exited = !Processes.isRunning(process.pid)
            return exited || (try? MPDWire(port: port, timeout: 2)) != nil
        }
        guard greeted, !exited else {
            let said = log
            stop()
            throw MPDWire.Failure(
                description: "segue did not answer MPD on port \(port)\(exited ? " (it ended)" : " within 30 s"): \(said)")
        }
        let added = ctl("folder", "add", MPDMusic.root + "/Music")
        guard added.exitCode == 0 else {
            stop()
            throw MPDWire.Failure(description: "segue ctl folder add failed: \(added.stderr)")
        }
        try waitForDatabase()
    }

    /// `segue ctl WORDS…` on this daemon.
    func ctl(_ words: String...) -> Shell.Result { Shell.run(Self.segue, ["ctl"] + words, environment: environment, timeout: 30) }

    var log: String { process.stderrSoFar + String(decoding: Shell.readFile(home + "/state/daemon.log") ?? [], as: UTF8.self) }

    /// The daemon's process id.
    var pid: pid_t { process.pid }

    func stop() {
        guard !stopped else { return }
        stopped = true
        process.signal(SIGTERM)
        let result = process.finish(timeout: 30)
        if result.exitCode != 0 {
            Issue.record("segue daemon ended with status \(result.exitCode): \(result.stderr.suffix(2000))")
        }
    }

    deinit { stop() }
}
