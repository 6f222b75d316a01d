import Library
import MusicModel
import Player
import SQLiteStore
import Session
import Tempo
import TestSupport
import Testing
import Workout

/// Local songs whose tempo is known (a BPM tag) are workout candidates like catalog songs: with no
/// catalog at all, a run is made of the user's own music that fits the cadence, and nothing whose
/// tempo the tag already gives is analysed again.
@Suite struct LocalWorkoutTests {
    @Test func aRunIsMadeOfLocalSongsThatFitTheCadence() throws {
        let library = try MusicLibrary.open(path: Fixtures.temporaryDirectory() + "/library.sqlite")
        let folder = "/music"
        _ = try library.addLibraryFolder(folder)
        // 170 and its half 85 fit a 170 spm run; 120 does not.
        let tempos: [(String, Double)] = [("a", 170), ("b", 85), ("c", 120), ("d", 171), ("e", 120)]
        try library.store(
            ScanBatch(
                folder: folder,
                tracks: tempos.map { name, bpm in
                    LibraryCommandTests.track(
                        "\(folder)/\(name).mp3", in: folder, title: "Song \(name)", artist: "Artist \(name)", bpm: bpm)
                }))
        let analysed = EventLog<String>()
        let setup = WorkoutSetup(analyze: { item, _ in
            analysed.record(item.location)
            return TempoEstimate(bpm: 120, confidence: 1, source: .tag)
        })
        let output = ManualClockOutput()
        let session = Session(
            makePlayer: { onEvent in
                MusicPlayer.silent(makeOutput: { output }, openSource: { _ in NamedSource("1:441000") }, onEvent: onEvent)
            }, catalog: nil, library: library, workout: setup)
        defer { session.shutdown() }
        _ = try session.perform(.workout(.start(.running, cadence: 170, minutes: nil))).get()
        // Queued as far ahead as the workout keeps (each song is 61.5 s long by its tags).
        let queued = Poll.until(timeout: 10) { session.queue.entries.count >= 2 }
        let locations = session.queue.entries.map(\.item.location)
        #expect(queued, "the fitting local songs are queued: \(locations)")
        #expect(Set(locations).isSubset(of: ["/music/a.mp3", "/music/b.mp3", "/music/d.mp3"]), "only songs that fit: \(locations)")
        #expect(session.queue.entries.first?.item.title?.hasPrefix("Song ") == true, "queued with their tags")
        #expect(analysed.all.isEmpty, "tagged tempos are not analysed again: \(analysed.all)")
    }
}
