import Checked

/// Timeouts, retries and identification for HTTP transfers.
public struct HTTPOptions: Sendable {
    /// Seconds allowed to open the connection.
    public var connectTimeout: Double
    /// Seconds without a single byte arriving before an attempt fails as stalled.
    public var stallTimeout: Double
    /// Total tries for transient failures (refused or dropped connections, timeouts, 408, 429, 5xx).
    public var maxAttempts: Int
    /// Seconds to wait before the first retry; doubles on each later retry.
    public var initialBackoff: Double
    /// The `User-Agent` header.
    public var userAgent: String
    /// Hosts that bypass any proxy from the environment (`CURLOPT_NOPROXY`), for example
    /// "127.0.0.1,localhost" in tests; nil keeps curl's default (the `no_proxy` variable).
    public var noProxy: String?
    /// The most bytes one download (`HTTPDownload`) holds; a stream announced or grown past it
    /// fails with `AudioError.tooLarge`.
    public var maxStreamBytes: Int
    /// Seconds one attempt of an `HTTPClient` request may take in all, however slowly the bytes
    /// trickle in (the stall timeout alone would wait for ever on a byte every few seconds).
    /// Downloads have no such limit: they stream for as long as the music plays, and stop or
    /// next cancels them.
    public var requestTimeout: Double
    /// Where transfers run: in a short-lived worker process or in this one. Defaults to
    /// `HTTPTransport.processDefault`, which a long-running front end sets once at start.
    public var transport: HTTPTransport

    /// Creates options; every argument has the production default.
    public init(
        connectTimeout: Double = 5, stallTimeout: Double = 10, maxAttempts: Int = 4, initialBackoff: Double = 0.5,
        userAgent: String = "Segue/0.1", noProxy: String? = nil, maxStreamBytes: Int = Limits.maxStreamBytes,
        requestTimeout: Double = 60, transport: HTTPTransport = .processDefault
    ) {
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.maxAttempts = maxAttempts
        self.initialBackoff = initialBackoff
        self.userAgent = userAgent
        self.noProxy = noProxy
        self.maxStreamBytes = maxStreamBytes
        self.requestTimeout = requestTimeout
        self.transport = transport
    }
}
