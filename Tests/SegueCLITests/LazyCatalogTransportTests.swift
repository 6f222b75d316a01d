import Catalog
import Synchronization
import Testing

@testable import segue

/// Issue 15: the demo catalog behind the network one is read at the first request it answers,
/// not when the daemon starts (it costs about 2 MB of the daemon's memory).
@Suite struct LazyCatalogTransportTests {
    private final class Counting: CatalogTransport {
        let asked = Mutex(0)
        func get(_ url: String) throws -> CatalogHTTPResponse {
            asked.withLock { $0 += 1 }
            return CatalogHTTPResponse(status: 200, body: Array(url.utf8))
        }
    }

    private struct Broken: Error, Equatable {}

    @Test func theTransportIsMadeAtTheFirstRequestAndOnce() throws {
        let made = Mutex(0)
        let inner = Counting()
        let lazy = LazyCatalogTransport {
            made.withLock { $0 += 1 }
            return inner
        }
        #expect(made.withLock { $0 } == 0)
        #expect(try lazy.get("demo://a").body == Array("demo://a".utf8))
        #expect(try lazy.get("demo://b").body == Array("demo://b".utf8))
        #expect(made.withLock { $0 } == 1)
        #expect(inner.asked.withLock { $0 } == 2)
    }

    @Test func aTransportThatCannotBeMadeFailsEveryRequestWithItsError() {
        let made = Mutex(0)
        let lazy = LazyCatalogTransport {
            made.withLock { $0 += 1 }
            throw Broken()
        }
        #expect(throws: Broken()) { try lazy.get("demo://a") }
        #expect(throws: Broken()) { try lazy.get("demo://b") }
        #expect(made.withLock { $0 } == 1)
    }

    /// The daemon's catalog (a network one with the demo behind it) answers from the demo once
    /// the service is unreachable, though the demo was not read when the catalog was made.
    @Test func theDaemonsCatalogStillFallsBackToTheDemo() throws {
        var options = CatalogOptions()
        options.baseURL = "http://127.0.0.1:9"
        let resolved = try options.makeCatalog()
        let fallback = try #require(resolved.fallback)
        #expect(fallback.lastNotice == nil)
        let response = try fallback.get(resolved.catalog.searchURL(term: "a", entity: "song", limit: 3))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("\"wrapperType\""))
        #expect(fallback.lastNotice?.hasSuffix("Showing the demo catalog instead.") == true)
    }
}
