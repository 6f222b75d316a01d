import Catalog
import Checked
import HTTP

/// The catalog's transport over libcurl: GETs with the shared HTTP client.
public struct HTTPCatalogTransport: CatalogTransport {
    private let client: HTTPClient

    /// Creates a transport; `options` sets timeouts and retries of network failures, and an
    /// answer larger than `maxBodyBytes` fails as unreachable with a sentence saying so.
    public init(options: HTTPOptions = HTTPOptions(), maxBodyBytes: Int = Limits.maxCatalogBodyBytes) {
        client = HTTPClient(options: options, maxBodyBytes: maxBodyBytes)
    }

    public func get(_ url: String) throws -> CatalogHTTPResponse {
        do {
            let response = try client.get(url)
            var headers: [String: String] = [:]
            for (name, value) in response.headers { headers[name.lowercased()] = value }
            return CatalogHTTPResponse(status: response.status, headers: headers, body: response.body)
        } catch {
            throw CatalogError.unreachable(Self.reason(error))
        }
    }

    private static func reason(_ error: HTTPError) -> String {
        // HTTPError's sentence is "Could not download URL: why (detail)."; the catalog's own
        // sentence needs only the why.
        var text = Substring(error.description)
        if let split = text.indices.first(where: { text[$0...].hasPrefix(": ") }) { text = text[text.index(split, offsetBy: 2)...] }
        if text.hasSuffix(".") { text = text.dropLast() }
        if let detail = text.firstIndex(of: "(") { text = text[..<detail] }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
