import Catalog
import Synchronization

/// An in-memory transport: answers every GET with `answer(url)` and records the URLs asked for.
final class FakeCatalogTransport: CatalogTransport {
    private let answer: @Sendable (String) throws -> CatalogHTTPResponse
    private let log = Mutex<[String]>([])

    init(_ answer: @escaping @Sendable (String) throws -> CatalogHTTPResponse) {
        self.answer = answer
    }

    /// A transport that answers 200 with `body` to everything.
    convenience init(body: [UInt8]) {
        self.init { _ in CatalogHTTPResponse(status: 200, body: body) }
    }

    var urls: [String] { log.withLock { $0 } }

    func get(_ url: String) throws -> CatalogHTTPResponse {
        log.withLock { $0.append(url) }
        return try answer(url)
    }
}
