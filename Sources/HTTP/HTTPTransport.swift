import Synchronization

/// Where an HTTP transfer runs.
///
/// In a worker, libcurl and the TLS, Kerberos and LDAP libraries it maps (about 8 MB resident)
/// live in a process that exits when the transfer ends, so a daemon that plays one preview does
/// not carry them for the rest of the day. Every behaviour of `HTTPClient` and `HTTPDownload`
/// (retries, Range resume, caps, stalls, cancel) is the same on both; a worker that crashes, is
/// killed or sends garbage fails the attempt with `HTTPError.workerFailed` (transient, so it is
/// retried).
public enum HTTPTransport: Sendable, Equatable {
    /// libcurl in this process (loaded at the first transfer, mapped until exit).
    case inProcess
    /// One `executable http-worker` process per transfer. When it cannot be started at all (the
    /// file is gone, no processes are left) the transfer runs in this process instead.
    case worker(executable: String)

    private static let standard = Mutex<HTTPTransport>(.inProcess)

    /// What `HTTPOptions()` uses: `.inProcess` until a front end sets it (once, at start).
    public static var processDefault: HTTPTransport {
        get { standard.withLock { $0 } }
        set { standard.withLock { $0 = newValue } }
    }

    /// The hidden subcommand a worker executable is started with.
    public static let workerSubcommand = "http-worker"
}
