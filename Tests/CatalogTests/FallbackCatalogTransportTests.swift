import Catalog
import MusicModel
import Synchronization
import TestSupport
import Testing

/// The network catalog with the demo behind it: offline answers come from the demo, say so,
/// and are never cached in place of the real service's.
@Suite struct FallbackCatalogTransportTests {
    /// A transport that is unreachable until `online` is set, then answers one song.
    final class Switchable: CatalogTransport {
        let online = Mutex(false)
        let calls = Mutex(0)
        func get(_ url: String) throws -> CatalogHTTPResponse {
            calls.withLock { $0 += 1 }
            guard online.withLock({ $0 }) else { throw CatalogError.unreachable("could not connect to the server") }
            return CatalogHTTPResponse(status: 200, body: CatalogTestKit.envelope([CatalogTestKit.songJSON(id: 1, name: "Real")]))
        }
    }

    /// Always answers one song, as the demo would.
    struct Demo: CatalogTransport {
        func get(_ url: String) throws -> CatalogHTTPResponse {
            CatalogHTTPResponse(status: 200, body: CatalogTestKit.envelope([CatalogTestKit.songJSON(id: 2, name: "Demo")]))
        }
    }

    @Test func offlineAnswersComeFromTheDemoWithANoticeAndAreNotCached() throws {
        let network = Switchable()
        let transport = FallbackCatalogTransport(primary: network, fallback: Demo())
        let catalog = ITunesCatalog(transport: transport, cacheDirectory: Fixtures.temporaryDirectory())
        #expect(try catalog.searchSongs(term: "x").map(\.title) == ["Demo"])
        #expect(
            transport.lastNotice == "The iTunes catalog is unreachable (could not connect to the server). Showing the demo catalog instead."
        )
        network.online.withLock { $0 = true }
        #expect(try catalog.searchSongs(term: "x").map(\.title) == ["Real"])  // the demo answer was not kept
        #expect(transport.lastNotice == nil)
        #expect(try catalog.searchSongs(term: "x").map(\.title) == ["Real"])
        #expect(network.calls.withLock { $0 } == 2)  // the real answer was cached
    }
}
