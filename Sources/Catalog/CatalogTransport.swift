/// One HTTP GET as the catalog needs it. The real transport is libcurl (`CatalogHTTP`); the demo
/// catalog answers from bundled files; tests may use either against a local server.
public protocol CatalogTransport: Sendable {
    /// The response to a GET of `url`, whatever its status (the catalog reads 400 bodies and
    /// 403/429 throttling itself). Throws `CatalogError.unreachable` when no answer arrived.
    func get(_ url: String) throws -> CatalogHTTPResponse
}

/// A response as the catalog sees it.
public struct CatalogHTTPResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields, names in lower case.
    public var headers: [String: String]
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
