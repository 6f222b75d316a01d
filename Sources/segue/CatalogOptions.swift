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
    /// The config's `catalog.language` (no flag sets it).
    var language: String?
    /// The config's `catalog.explicit` (no flag sets it).
    var allowsExplicit: Bool?

    /// The catalog options, shared by every subcommand that asks a catalog.
    static let declared: [OptionSpec] = [
        OptionSpec(
            name: "--catalog-url", short: nil, value: .text(placeholder: "URL", meaning: "a URL"),
            help: "the iTunes Search API base (environment SEGUE_CATALOG_URL; default https://itunes.apple.com)",
            group: "CATALOG OPTIONS"),
        OptionSpec(
            name: "--catalog", short: nil, value: .choice(["demo", "itunes"]),
            help: "demo: the bundled demo catalog (used anyway, with a notice, when the catalog is unreachable)",
            group: "CATALOG OPTIONS"),
        OptionSpec(
            name: "--country", short: nil, value: .text(placeholder: "CC", meaning: "a two-letter code"),
            help: "the storefront (ISO alpha-2; uk is taken as gb)", group: "CATALOG OPTIONS"),
    ]

    /// Takes `option` (with `value`) when it is one of `declared`; false for any other option.
    mutating func apply(_ option: OptionSpec, _ value: String?) throws(UsageError) -> Bool {
        switch option.name {
        case "--catalog-url":
            guard let value, !value.isEmpty else { throw option.invalid(value) }
            baseURL = value
        case "--catalog": demo = value == "demo"
        case "--country":
            guard let value, value.count >= 2 else { throw option.invalid(value) }
            storefront = value
        default:
            return false
        }
        return true
    }

    /// Takes the config file's `catalog.` keys: `--country` wins over `catalog.country`.
    mutating func configure(_ settings: DaemonSettings) {
        if storefront == nil { storefront = settings.country }
        language = settings.language ?? language
        allowsExplicit = settings.explicit ?? allowsExplicit
    }

    /// These options with the config file's `catalog.` keys taken (`configure`), as a one-shot
    /// command runs them; the file's unusable lines are said on standard error.
    func configuredFromFile() -> CatalogOptions {
        var options = self
        options.configure(SegueConfig.forCommand())
        return options
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
        // The demo is read at the first request it answers (the service unreachable), not here:
        // most runs never need it.
        guard let folder = DemoFolder.current else {
            return Resolved(
                catalog: ITunesCatalog(transport: network, settings: settings, cacheDirectory: SeguePaths.catalogCache), fallback: nil,
                isDemo: false)
        }
        let demoTransport = LazyCatalogTransport { try DemoCatalogTransport(folder: folder) }
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

    var settings: CatalogSettings {
        var settings = CatalogSettings(baseURL: resolvedBaseURL)
        if baseURL != nil || getenv("SEGUE_CATALOG_URL") != nil { settings.chartsBaseURL = resolvedBaseURL }
        if let storefront { settings.storefront = storefront }
        if let language { settings.language = language }
        if let allowsExplicit { settings.allowsExplicit = allowsExplicit }
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
