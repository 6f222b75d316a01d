import HTTP

/// `segue http-worker`: one HTTP transfer for the process that started it (not in --help; see
/// docs/ARCHITECTURE.md, "Transfers in a worker process"). The long-running front ends opt in
/// with `useWorkers()`, so libcurl and its libraries live only as long as a transfer.
enum HTTPWorkerCommand {
    /// The subcommand's word.
    static let name = HTTPTransport.workerSubcommand

    /// Serves the one transfer; the exit status.
    static func run() -> Int32 { HTTPWorker.serve() }

    /// Makes every later transfer of this process run in a worker started from this executable.
    static func useWorkers() {
        HTTPTransport.processDefault = .worker(executable: ExecutablePath.current)
    }
}
