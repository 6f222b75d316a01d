import Catalog
import Synchronization

/// A catalog transport made at its first request. The demo catalog behind the network one is
/// JSON that takes about 2 MB of code and heap to read, and the daemon needs it only once the
/// service is unreachable, so it is read then rather than at every start.
///
/// The first request makes the transport (on the thread asking, others wait); a failure to make
/// it is kept and thrown by every request, as the transport itself would have been missing.
final class LazyCatalogTransport: CatalogTransport {
    private let make: @Sendable () throws -> any CatalogTransport
    private let made = Mutex<Result<any CatalogTransport, any Error>?>(nil)

    /// A transport that `make` builds at the first request.
    init(_ make: @escaping @Sendable () throws -> any CatalogTransport) {
        self.make = make
    }

    func get(_ url: String) throws -> CatalogHTTPResponse {
        let transport = try made.withLock { slot throws -> any CatalogTransport in
            if slot == nil { slot = Result { try make() } }
            return try slot!.get()
        }
        return try transport.get(url)
    }
}
