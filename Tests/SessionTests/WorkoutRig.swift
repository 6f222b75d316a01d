import Catalog
import Library
import MusicModel
import Player
import SQLiteStore
import Session
import TestSupport
import Testing
import Workout

/// A session set up for workouts as the daemon runs them, with every outside part a double: the
/// catalog (`FakeCatalog`, counting requests), the tempo analyzer (a table), the stopwatch's
/// clock (moved by hand) and an output that plays only as far as the test lets it.
final class WorkoutRig {
    /// Catalog songs 601…620 by four artists; each plays as 10 s of the fake decoder's audio.
    static let songs: [Song] = (601...620).map { id in
        Song(
            id: String(id), title: "Song \(id)", artistName: "Artist \(id % 4)", artistID: String(900 + id % 4),
            previewURL: preview("itunes:\(id)"))
    }
    /// Where a song's preview streams from: what the analyzer is given for a catalog song.
    static func preview(_ location: String) -> String {
        "https://previews.example/" + location.dropFirst("itunes:".count) + ".m4a"
    }
    /// Tempos: 601…612 fit a 170 spm run (170 ± 2, or its half 85), 613…620 do not (120).
    static let tempos: [String: Double] = Dictionary(
        uniqueKeysWithValues: songs.map { song in
            let id = Int(song.id)!
            let bpm: Double = id <= 606 ? 170 + Double(id % 3) : id <= 612 ? 85 : 120
            return ("itunes:\(song.id)", bpm)
        })
    static func fits(_ location: String, cadence: Double = 170) -> Bool {
        guard let bpm = tempos[location] else { return false }
        return [cadence, cadence / 2, cadence * 2].contains { abs(bpm - $0) <= $0 * 0.03 }
    }

    let output = ManualClockOutput()
    let clock = ManualClock()
    let catalog: FakeCatalog
    let analyzer: FakeTempoAnalyzer
    let library: MusicLibrary
    let session: Session
    let events = EventLog<SessionEvent>()
    private var observation: SessionObservation?
    /// Frames of one entry (10 s at 44.1 kHz).
    static let entryFrames = 441_000

    init(
        featured: [String] = [], failing: Set<String> = [], library: MusicLibrary? = nil, crossfade: Double = 3,
        catalog: FakeCatalog = FakeCatalog(songs: WorkoutRig.songs)
    ) throws {
        self.catalog = catalog
        analyzer = FakeTempoAnalyzer(
            Dictionary(uniqueKeysWithValues: Self.tempos.map { (Self.preview($0.key), $0.value) }),
            failing: Set(failing.map(Self.preview)))
        self.library = try library ?? MusicLibrary.open(path: Fixtures.temporaryDirectory() + "/library.sqlite")
        let output = output
        let clock = clock
        let setup = WorkoutSetup(
            settings: WorkoutSettings(featured: featured, crossfade: crossfade), analyze: analyzer.estimate,
            monotonic: { clock.now })
        session = Session(
            makePlayer: { onEvent in
                MusicPlayer.silent(makeOutput: { output }, openSource: { _ in NamedSource("1:\(Self.entryFrames)") }, onEvent: onEvent)
            }, catalog: catalog, library: self.library, clock: { 1_700_000_000 }, workout: setup)
        let events = events
        observation = session.observe { events.record($0) }
    }

    deinit { session.shutdown() }

    /// Performs a workout command, failing the test with its sentence when it fails.
    @discardableResult
    func workout(_ command: WorkoutCommand) throws -> CommandResult {
        try session.perform(.workout(command)).get()
    }

    /// The workout's status now; fails when none runs.
    func status() throws -> WorkoutStatus {
        guard case .workout(let status?) = try workout(.status) else { throw RigFailure("no workout runs") }
        return status
    }

    var locations: [String] { session.queue.entries.map(\.item.location) }

    /// Plays the current entry to its end (the next one starts, with the crossfade's overlap).
    func playOneEntry() {
        output.advance(frames: Self.entryFrames)
    }

    /// The locations of the entries whose audio began, in order.
    var startedLocations: [String] {
        PlayerEventLog.started(events.all.compactMap { if case .player(let event) = $0 { event } else { nil } })
    }

    /// The workout statuses observers heard, in order (nil: ended).
    var workoutEvents: [WorkoutStatus?] {
        events.all.compactMap { if case .workout(let status) = $0 { return .some(status) } else { return nil } }
    }
}

struct RigFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
