import Catalog
import CatalogHTTP
import HTTP

#if canImport(Glibc)
    import Glibc
#endif

/// Which catalog to ask and how: the iTunes Search API at a base URL (`--catalog-url`,
/// `SEGUE_CATALOG_URL`, default https://itunes.apple.com), or the bundled demo (`--catalog demo`).
struct CatalogOptions {
    var baseURL: String?
    var demo = false
    var storefront: String?

    /// Consumes `--catalog-url URL`, `--catalog demo|itunes` and `--country CC`; true when it did.
    mutating func parse(_ argument: String, _ rest: inout ArraySlice<String>) throws -> Bool {
        switch argument {
        case "--catalog-url":
            guard let value = rest.popFirst() else { throw UsageError(description: "--catalog-url needs a URL.") }
            baseURL = value
        case "--catalog":
            switch rest.popFirst() {
            case "demo": demo = true
            case "itunes": demo = false
            default: throw UsageError(description: "--catalog takes demo or itunes.")
            }
        case "--country":
            guard let value = rest.popFirst(), value.count >= 2 else { throw UsageError(description: "--country needs a two-letter code.") }
            storefront = value
        default:
            return false
        }
        return true
    }

    /// The iTunes base URL in force.
    var resolvedBaseURL: String {
        if let baseURL { return baseURL }
        if let env = getenv("SEGUE_CATALOG_URL").map({ String(cString: $0) }), !env.isEmpty { return env }
        return "https://itunes.apple.com"
    }

    /// A catalog and, when it is the network one with the demo behind it, the transport that
    /// says whether (and why) the last answer came from the demo.
    struct Resolved: Sendable {
        let catalog: ITunesCatalog
        let fallback: FallbackCatalogTransport?
        let isDemo: Bool

        /// Why the last answer came from the demo catalog; nil when it came from the service.
        var notice: String? { fallback?.lastNotice }
    }

    /// The catalog in force: the demo when asked for; otherwise the network one, answering from
    /// the demo (with a notice) while the service is unreachable.
    func makeCatalog() throws -> Resolved {
        if demo { return Resolved(catalog: try Self.demoCatalog(storefront: storefront), fallback: nil, isDemo: true) }
        let network = HTTPCatalogTransport(options: Self.httpOptions)
        guard let folder = DemoFolder.current,
            let demoTransport = try? DemoCatalogTransport(folder: folder)
        else {
            return Resolved(
                catalog: ITunesCatalog(transport: network, settings: settings, cacheDirectory: SeguePaths.catalogCache), fallback: nil,
                isDemo: false)
        }
        let transport = FallbackCatalogTransport(primary: network, fallback: demoTransport)
        return Resolved(
            catalog: ITunesCatalog(transport: transport, settings: settings, cacheDirectory: SeguePaths.catalogCache), fallback: transport,
            isDemo: false)
    }

    private static var httpOptions: HTTPOptions {
        var options = HTTPOptions()
        options.connectTimeout = 5
        options.maxAttempts = 2
        return options
    }

    private var settings: CatalogSettings {
        var settings = CatalogSettings(baseURL: resolvedBaseURL)
        if baseURL != nil || getenv("SEGUE_CATALOG_URL") != nil { settings.chartsBaseURL = resolvedBaseURL }
        if let storefront { settings.storefront = storefront }
        return settings
    }

    static func demoCatalog(storefront: String?) throws -> ITunesCatalog {
        guard let folder = DemoFolder.current else {
            throw CatalogError.unreachable("the demo catalog is not installed")
        }
        var settings = CatalogSettings(baseURL: "demo://catalog", chartsBaseURL: "demo://charts")
        if let storefront { settings.storefront = storefront }
        // The demo is local files: Apple's pace does not apply to it.
        return ITunesCatalog(
            transport: try DemoCatalogTransport(folder: folder), settings: settings,
            rateLimiter: RateLimiter(callsPerMinute: 600_000, burst: 10_000))
    }
}
