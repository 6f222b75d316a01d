/// Where and how the catalog asks: endpoints, storefront, language, explicit filter, limits.
public struct CatalogSettings: Sendable, Equatable {
    /// The iTunes Search API's base, without a trailing slash.
    public var baseURL: String
    /// The chart feed generator's base (tests point it at a local server).
    public var chartsBaseURL: String
    /// The storefront's ISO alpha-2 code, always lower case; "uk" is stored as "gb" since the
    /// service refuses "uk".
    public var storefront: String {
        get { storedStorefront }
        set { storedStorefront = Self.normalizedStorefront(newValue) }
    }
    private var storedStorefront: String
    /// The `lang` parameter ("en_us", "ja_jp"); nil leaves it out.
    public var language: String?
    /// Whether explicit items are returned (`explicit=Yes`/`No`).
    public var allowsExplicit: Bool
    /// The search limit when a call gives none; kept within the service's 1…200.
    public var defaultLimit: Int
    /// Seconds a 200 answer is reused from the caches.
    public var cacheLifetime: Double

    /// Creates settings; every argument has the production default.
    public init(
        baseURL: String = "https://itunes.apple.com", chartsBaseURL: String = "https://rss.applemarketingtools.com",
        storefront: String = "us", language: String? = "en_us", allowsExplicit: Bool = true, defaultLimit: Int = 50,
        cacheLifetime: Double = 24 * 3600
    ) {
        self.baseURL = Self.trimmed(baseURL)
        self.chartsBaseURL = Self.trimmed(chartsBaseURL)
        self.storedStorefront = Self.normalizedStorefront(storefront)
        self.language = language
        self.allowsExplicit = allowsExplicit
        self.defaultLimit = min(200, max(1, defaultLimit))
        self.cacheLifetime = cacheLifetime
    }

    /// `code` lower-cased and trimmed, with "uk" mapped to "gb" (the ISO code the service accepts).
    public static func normalizedStorefront(_ code: String) -> String {
        let lower = String(code.lowercased().filter { !$0.isWhitespace })
        return lower == "uk" ? "gb" : lower
    }

    private static func trimmed(_ url: String) -> String {
        var url = Substring(url)
        while url.hasSuffix("/") { url = url.dropLast() }
        return String(url)
    }
}
