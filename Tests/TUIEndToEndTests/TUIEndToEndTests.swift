import Audio
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal UI as a user meets it: the real `segue` in a private tmux server, keys sent
/// with `send-keys`, the screen read with `capture-pane`, against a daemon that writes what it
/// plays to a WAV file and asks a local server answering like the iTunes Search API
/// (`FixtureCatalog`, whose previews trickle in as from the network).
///
/// Nothing here measures time: every wait is for something to appear on the screen, and runs
/// out (a failure, with the screen printed) only when it never does.
@Suite(.enabled(if: TmuxSession.suitesRun, TmuxSession.skipReason))
struct TUIEndToEndTests {
    /// A UI on a fresh SEGUE_HOME; its daemon plays into `wav` and asks `catalog`.
    private func startUI(_ catalog: FixtureCatalog, wav: String, columns: Int = 80, rows: Int = 24, stopsDaemon: Bool = true) throws
        -> TmuxSession
    {
        let ui = try TmuxSession(
            arguments: ["--output", "wav:" + wav, "--catalog-url", catalog.baseURL], columns: columns, rows: rows, stopsDaemon: stopsDaemon)
        try ui.waitFor(text: "Press / and type to search")
        return ui
    }

    private func wavPath() -> String { Fixtures.temporaryDirectory() + "/out.wav" }

    /// `:add` the album's five songs (they start playing) and waits for the first in the bar.
    private func addAlbum(_ ui: TmuxSession) throws {
        ui.send(keys: ":")
        ui.type(literal: "add " + FixtureCatalog.albumLocations.joined(separator: " "))
        ui.send(keys: "Enter")
        try ui.waitFor("Alpha Tone playing in the bar") { nowPlaying($0).contains("▶ Alpha Tone — Fixture Band") }
    }

    // MARK: a. Search, play the second song, skip

    @Test func searchPlaysTheSecondSongQueuesTheListAndSkips() throws {
        let catalog = FixtureCatalog()
        let wav = wavPath()
        let ui = try startUI(catalog, wav: wav)
        ui.send(keys: "/")
        ui.type(literal: "tone")
        let results = try ui.waitFor("songs, albums and artists") { s in
            ["Songs (6)", "Albums (2)", "Artists (1)"].allSatisfy { h in s.contains { $0.contains(h) } }
        }
        #expect(results.last == "/tone")
        let songs = FixtureCatalog.tracks.map(\.title)
        #expect(
            appearInOrder(
                ["Songs (6)"] + songs + ["Albums (2)", "Tone Poems", "Second Light - Single", "Artists (1)", "Fixture Band"], in: results))
        ui.send(keys: "Escape", "j", "Enter")
        let playing = try ui.waitFor("Beta Tone in the bar") { nowPlaying($0).contains("▶ Beta Tone — Fixture Band · Tone Poems") }
        #expect(nowPlaying(playing).contains("2/6"))

        ui.send(keys: "4")
        // Waits for every row, not only the heading: tmux can be captured between the writes of
        // one frame, with the heading drawn and the last row not yet.
        let queue = try ui.waitFor("the queue with ▶ on entry 2") { s in
            s[1].contains("Queue  (2/6)") && s[3].hasPrefix(" ▶ 2. Beta Tone")
                && songs.indices.allSatisfy { i in s.count > 2 + i && s[2 + i].contains("\(i + 1). \(songs[i])") }
        }
        for (i, title) in songs.enumerated() {
            let row = queue[2 + i]
            #expect(row.contains("\(i + 1). \(title)"), "row \(2 + i): \(row)")
            #expect(row.hasPrefix(i == 1 ? " ▶ " : "   "), "row \(2 + i): \(row)")
        }

        ui.send(keys: "n")
        let skipped = try ui.waitFor("Gamma Tone in the bar and ▶ on entry 3") { s in
            nowPlaying(s).contains("▶ Gamma Tone") && s[4].hasPrefix(" ▶ 3. Gamma Tone")
        }
        #expect(nowPlaying(skipped).contains("3/6"))
        #expect(skipped[3].hasPrefix("   2. Beta Tone"))

        // Some audio has been played (the clock moved) before the daemon is stopped.
        try ui.waitFor("the elapsed time to move") { s in
            let elapsed = progress(s).split(separator: " ").first ?? ""
            return elapsed.contains(":") && elapsed != "0:00"
        }
        ui.send(keys: "Q")
        let exit = try ui.waitForExit()
        #expect(exit == 0)
        #expect(ui.waitForDaemonExit())
        let bytes = try #require(Shell.readFile(wav))
        #expect(PCMCompare.readWAV(wav)?.format == PCMFormat(sampleRate: 44_100, channels: 2))
        let frames = (bytes.count - 44) / 4
        #expect(frames > 0)
        #expect(PCMCompare.rms(PCMCompare.samples(fromRaw: Array(bytes.dropFirst(44)))[...]) > 1000)  // a tone, not silence
        // The header's sizes are rewritten when the output closes; the daemon waits for that before it exits.
        #expect(PCMCompare.readWAV(wav)?.dataSizeInHeader == bytes.count - 44)
        // The songs were all in the search's answer, so queueing and playing them asked the
        // catalog nothing more.
        #expect(!catalog.server.requests(for: "/lookup").contains { $0.query?.contains("303") == true })
    }

    // MARK: b. An album's page

    @Test func albumPageListsNumberedTracksAndPlayAllQueuesThem() throws {
        let catalog = FixtureCatalog()
        let ui = try startUI(catalog, wav: wavPath())
        ui.send(keys: "/")
        ui.type(literal: "tone poems")
        ui.send(keys: "Enter")
        try ui.waitFor(text: "Artists (1)")
        // The last row is the artist; up over the Albums header's rows to the first album.
        ui.send(keys: "G", "k", "k")
        let onAlbum = try ui.waitFor("the cursor on the album") { $0[1].contains("(9/12)") }
        #expect(onAlbum[10].contains("Tone Poems"))
        ui.send(keys: "Enter")
        let album = try ui.waitFor("the album page") { s in
            s[1].contains("Album · Tone Poems — Fixture Band") && s.count > 7 && s[7].contains("5.")
        }
        #expect(album[1].contains("(1/6)"))
        #expect(album[2].contains("▶ Play all 5 songs") && album[2].contains("Tone Poems — Fixture Band"))
        for (i, track) in FixtureCatalog.albumTracks.enumerated() {
            #expect(album[3 + i].hasPrefix("   \(i + 1). \(track.title)"), "row \(3 + i): \(album[3 + i])")
        }

        ui.send(keys: "Enter")
        let playing = try ui.waitFor("track 1 in the bar") { nowPlaying($0).contains("▶ Alpha Tone — Fixture Band · Tone Poems") }
        #expect(nowPlaying(playing).contains("1/5"))
        // The page marks the track playing.
        try ui.waitFor("▶ on track 1 of the page") { $0[3].hasPrefix(" ▶ 1. Alpha Tone") }

        ui.send(keys: "4")
        let queue = try ui.waitFor("the five tracks queued") { s in s[1].contains("Queue  (1/5)") && s[6].contains("5. Epsilon Tone") }
        for (i, track) in FixtureCatalog.albumTracks.enumerated() {
            #expect(queue[2 + i].hasPrefix((i == 0 ? " ▶ " : "   ") + "\(i + 1). \(track.title)"), "row \(2 + i): \(queue[2 + i])")
        }
        #expect(queue[7].isEmpty)
    }

    // MARK: c. Editing the queue

    @Test func queueEditingMovesRemovesAndClears() throws {
        let catalog = FixtureCatalog()
        let ui = try startUI(catalog, wav: wavPath())
        try addAlbum(ui)
        ui.send(keys: "4")
        try ui.waitFor("the queue") { s in s[1].contains("Queue  (1/5)") && s[6].contains("5. Epsilon Tone") }

        ui.send(keys: "j")
        try ui.waitFor("the cursor on entry 2") { $0[1].contains("Queue  (2/5)") }
        ui.send(keys: "J")
        let moved = try ui.waitFor("Beta Tone moved down") { s in s[4].contains("3. Beta Tone") && s[3].contains("2. Gamma Tone") }
        #expect(moved[1].contains("Queue  (3/5)"))  // the cursor moved with it
        let afterMove = ["Alpha Tone", "Gamma Tone", "Beta Tone", "Delta Tone", "Epsilon Tone"]
        #expect(queueTitles(ui) == afterMove)
        for (i, title) in afterMove.enumerated() { #expect(moved[2 + i].contains("\(i + 1). \(title)")) }

        ui.send(keys: "d")
        let removed = try ui.waitFor("Beta Tone removed") { s in s[1].contains("Queue  (3/4)") && s[4].contains("3. Delta Tone") }
        let afterRemove = ["Alpha Tone", "Gamma Tone", "Delta Tone", "Epsilon Tone"]
        #expect(queueTitles(ui) == afterRemove)
        for (i, title) in afterRemove.enumerated() { #expect(removed[2 + i].contains("\(i + 1). \(title)")) }
        #expect(removed[6].isEmpty)

        ui.send(keys: "X")
        let cleared = try ui.waitFor(text: "The queue is empty")
        #expect(cleared.last == "The queue is cleared.")
        #expect(nowPlaying(cleared).contains("Nothing in the queue"))
        #expect(queueTitles(ui) == [])
        #expect(ui.ctl("queue").stdoutText == "The queue is empty.\n")
    }

    // MARK: d. Resizing

    @Test func resizingRepeatedlyWhilePlayingKeepsTheUIAndTheMusicAlive() throws {
        let catalog = FixtureCatalog()
        let ui = try startUI(catalog, wav: wavPath())
        try addAlbum(ui)
        for _ in 0..<3 {
            ui.resize(columns: 20, rows: 5)
            try ui.waitFor("the too-small sentence") { s in
                s.joined(separator: " ").contains("Make the terminal bigger: Segue needs 30×8, this one is 20×5.")
            }
            ui.resize(columns: 1, rows: 1)
            try ui.waitFor("one cell") { $0 == ["M"] }
            ui.resize(columns: 120, rows: 40)
            try ui.waitFor("the full layout at 120×40") { s in s.count == 40 && s[0].contains("4 Queue") && s[37].contains("playing") }
            ui.resize(columns: 80, rows: 24)
            try ui.waitFor("the full layout at 80×24") { s in s.count == 24 && s[0].contains("4 Queue") && s[21].contains("playing") }
        }
        // A storm of resizes with no waiting in between: the last size wins.
        for (c, r) in [(30, 8), (29, 7), (200, 60), (2, 2), (81, 25), (45, 12), (1, 1), (100, 30)] { ui.resize(columns: c, rows: r) }
        try ui.waitFor("the full layout at 100×30") { s in
            s.count == 30 && s[27].contains("playing") && (s[28].contains("━") || s[28].contains("─"))
        }
        ui.resize(columns: 80, rows: 24)
        try ui.waitFor("the full layout at 80×24") { s in s.count == 24 && s[21].contains("playing") }

        ui.send(keys: "?")
        let help = try ui.waitFor(text: "Help · keys")
        #expect(help.contains { $0.contains("Move down") })
        #expect(ui.exitStatus == nil)
        #expect(ui.ctl("status").stdoutText.hasPrefix("playing"))
    }

    // MARK: e. Leaving and coming back

    @Test func detachingLeavesTheMusicPlayingAndReattachingShowsIt() throws {
        let catalog = FixtureCatalog()
        let first = try startUI(catalog, wav: wavPath(), stopsDaemon: false)
        try addAlbum(first)
        first.send(keys: "q")
        let exit = try first.waitForExit()
        #expect(exit == 0)
        let left = first.capture().joined(separator: "\n")
        #expect(left.contains("segue: the music goes on; run segue again to come back, or segue ctl stop."))
        #expect(first.ctl("status").stdoutText.hasPrefix("playing"))
        first.kill(stopDaemon: false)

        // Paused, so the entry cannot move on while the second UI starts.
        let status = first.ctl("pause").stdoutText
        #expect(status.hasPrefix("paused  "))
        let title = String(status.dropFirst("paused  ".count).prefix { $0 != "—" }).trimmingCharacters(in: " ")
        let position = try #require(status.split(separator: "[").last?.split(separator: "/").first.flatMap { Int($0) })
        #expect(FixtureCatalog.albumTracks.map(\.title).contains(title))

        let second = try TmuxSession(home: first.home)
        let screen = try second.waitFor("the queue and the bar") { s in
            s[1].contains("Queue  (\(position)/5)") && nowPlaying(s).contains("❚❚ \(title) — Fixture Band")
        }
        #expect(screen[1 + position].hasPrefix(" ▶ \(position). \(title)"))
        #expect(nowPlaying(screen).contains("paused · \(position)/5"))
    }

    // MARK: f. A terminal that cannot

    @Test func dumbTerminalIsRefusedWithASentence() throws {
        // In a terminal (tmux) with TERM=dumb: the sentence names TERM.
        let ui = try TmuxSession(arguments: ["--output", "null", "--catalog", "demo"], columns: 200, rows: 10, term: "dumb")
        let status = try ui.waitForExit()
        #expect(status == 1)
        let text = ui.capture().joined(separator: "\n")
        #expect(text.contains("segue: Segue's terminal UI needs a terminal that can move the cursor; TERM=dumb cannot."))
        #expect(ui.daemonPID() == nil)  // refused before any daemon was started

        // Not a terminal at all (standard input is /dev/null here): either sentence, exit status 1.
        let home = Fixtures.temporaryDirectory()
        let plain = Shell.run(TmuxSession.segue, ["--output", "null"], environment: ["TERM": "dumb", "SEGUE_HOME": home])
        #expect(plain.exitCode == 1)
        #expect(plain.stderr.contains("TERM=dumb") || plain.stderr.contains("needs a terminal on standard input and output"))
        #expect(plain.stdout.isEmpty)
    }
}

// MARK: Reading the screen

/// The now-playing row (three from the bottom).
func nowPlaying(_ screen: [String]) -> String { screen.count >= 3 ? screen[screen.count - 3] : "" }

/// The progress row (two from the bottom), trimmed.
func progress(_ screen: [String]) -> String {
    screen.count >= 2 ? screen[screen.count - 2].trimmingCharacters(in: " ") : ""
}

/// Whether each text is on a row below the previous one's.
func appearInOrder(_ texts: [String], in screen: [String]) -> Bool {
    var row = 0
    for text in texts {
        guard let found = screen[row...].firstIndex(where: { $0.contains(text) }) else { return false }
        row = found + 1
    }
    return true
}

/// The queue's titles as `segue ctl queue` prints them (`▶   1  Title — Artist — Album`).
func queueTitles(_ ui: TmuxSession) -> [String] {
    let result = ui.ctl("queue")
    guard result.exitCode == 0, result.stdoutText != "The queue is empty.\n" else { return [] }
    return result.stdoutText.split(separator: "\n").map { line in
        let afterNumber = line.dropFirst(4).drop { $0 == " " }.drop { $0.isNumber }.drop { $0 == " " }
        return String(afterNumber.prefix { $0 != "—" }).trimmingCharacters(in: " ")
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
