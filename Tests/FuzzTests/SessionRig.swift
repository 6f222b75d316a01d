import Audio
import Catalog
import Library
import MusicModel
import Player
import SQLiteStore
import Session
import TestSupport
import WireProtocol

/// A session as the daemon runs it, on the demo catalog, a fresh library and fake decoders, so
/// that fuzzed command lines reach everything the daemon does with them, and real reply lines
/// can be captured.
final class SessionRig: Sendable {
    let session: Session
    let folder: String

    init() throws {
        folder = Fixtures.temporaryDirectory()
        let library = try MusicLibrary.open(path: folder + "/library.sqlite")
        let catalog = try DemoCatalogFixture.catalog()
        let output = ManualClockOutput()
        let player = MusicPlayer.silent(
            makeOutput: { output },
            // Every item plays as the same short fake track: the fake decoder reads its track from
            // the name ("tag:frames"), and a fuzzed name would size its samples.
            openSource: { _ in NamedSource("1:4410") })
        session = Session(
            player: player, catalog: catalog, library: library,
            item: { PlayableItem(location: $0, title: "Song \($0)", artist: "Band", album: "Night", duration: 10) },
            clock: { 1_700_000_000.5 })
    }

    /// The same starting point for every case: a queue of five, playlist "p" of four, "q" empty.
    func reset() {
        for line in [
            "stop", "clear", "playlist delete p", "playlist delete q", "add a b c d e", "playlist create p", "playlist add p w x y z",
            "playlist create q", "volume 80", "repeat none", "shuffle off",
        ] {
            _ = session.perform(line: line)
        }
    }

    deinit { session.shutdown() }
}
