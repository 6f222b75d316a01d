import Catalog
import Library
import MusicModel
import Player
import Session
import Tempo
import TestSupport
import Testing
import Workout

/// A workout while the catalog is unreachable (issue 12, item 4): the demo catalog answers, its
/// workout section gives the featured tracks, and observers are told the catalog is the demo's.
@Suite struct WorkoutOfflineTests {
    /// A network that never answers.
    struct Offline: CatalogTransport {
        func get(_ url: String) throws -> CatalogHTTPResponse { throw CatalogError.unreachable("could not connect to the server") }
    }

    @Test func aWorkoutGoesOnFromTheDemoCatalogAndSaysSo() throws {
        let fallback = FallbackCatalogTransport(primary: Offline(), fallback: try DemoCatalogFixture.transport())
        let catalog = ITunesCatalog(transport: fallback, settings: CatalogSettings(baseURL: "demo://x"))
        let bytes = try #require(Shell.readFile(Fixtures.packageRoot + "/Resources/workout/featured.json"))
        let defaults = WorkoutSettings.parseFeaturedDefaults(String(decoding: bytes, as: UTF8.self)).featured
        let featured = try #require(defaults[.running])
        let analysed = EventLog<String>()
        // Every demo preview reads as 170 BPM here; what matters is where the tracks came from.
        let setup = WorkoutSetup(
            featuredDefaults: defaults,
            analyze: { item, _ in
                analysed.record(item.location)
                return TempoEstimate(bpm: 170, confidence: 1, source: .tag)
            })
        let output = ManualClockOutput()
        let session = Session(
            makePlayer: { onEvent in
                MusicPlayer.silent(makeOutput: { output }, openSource: { _ in NamedSource("1:441000") }, onEvent: onEvent)
            },
            catalog: catalog, catalogNotice: { fallback.lastNotice }, workout: setup)
        defer { session.shutdown() }
        let events = EventLog<SessionEvent>()
        let observation = session.observe { events.record($0) }
        defer { observation.cancel() }

        _ = try session.perform(.workout(.start(.running, cadence: nil, minutes: nil))).get()
        // Told once that the demo catalog answers.
        let notice = events.wait(for: { if case .catalogNotice(let text?) = $0 { text.contains("demo catalog") } else { false } })
        #expect(notice != nil)
        // The featured demo tracks were found (the real iTunes ids are not in the demo and were skipped),
        // their previews analysed from the demo's files, and the music plays.
        let demoIDs = featured.filter { $0.hasPrefix("9000000") }
        try #require(!demoIDs.isEmpty)
        let first = analysed.wait(until: { $0.count >= demoIDs.count })
        #expect(first.count >= demoIDs.count)
        #expect(first.prefix(demoIDs.count).allSatisfy { $0.hasPrefix("demo:") })
        #expect(session.queue.entries.allSatisfy { $0.item.location.hasPrefix("itunes:") })
        #expect(session.queue.entries.contains { demoIDs.contains(String($0.item.location.dropFirst("itunes:".count))) })
        #expect(session.snapshot.state.playbackStatus == .playing)
    }
}
