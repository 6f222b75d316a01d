import Synchronization

/// A transport that asks `primary` (the network) and, when it is unreachable, answers the same
/// URL from `fallback` (the demo catalog, which reads only the path and query). `lastNotice`
/// holds the sentence explaining the switch, so a front end can show it. Fallback answers say
/// `Cache-Control: no-store`, so a catalog never keeps them in place of the real service's.
public final class FallbackCatalogTransport: CatalogTransport {
    private let primary: any CatalogTransport
    private let fallback: any CatalogTransport
    private let notice = Mutex<String?>(nil)

    /// Creates the pair.
    public init(primary: any CatalogTransport, fallback: any CatalogTransport) {
        self.primary = primary
        self.fallback = fallback
    }

    /// Why the last answer came from the fallback, or nil when it came from the primary.
    public var lastNotice: String? { notice.withLock { $0 } }

    public func get(_ url: String) throws -> CatalogHTTPResponse {
        do {
            let response = try primary.get(url)
            notice.withLock { $0 = nil }
            return response
        } catch let error as CatalogError {
            guard case .unreachable = error else { throw error }
            notice.withLock { $0 = "\(error) Showing the demo catalog instead." }
            var response = try fallback.get(url)
            response.headers["cache-control"] = "no-store"
            return response
        }
    }
}
