import Library
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The scanner's thread: takes the waiting scan request, runs its passes, and in between sleeps
/// in `poll` on the inotify descriptor and the wake pipe, turning settled inotify events into
/// rescans of just the folders touched. Everything here belongs to that one thread.
final class ScanWorker {
    private let settings: ScannerSettings
    private let shared: ScannerShared
    private let report: @Sendable (LibraryActivity) -> Void
    private var watcher: FolderWatcher?
    private var touched = TouchedFolders()
    private var libraryFolders: [String] = []
    /// When the last `.scanning` report went out (the clock's seconds).
    private var lastReport = -Double.infinity

    /// Seconds between two `.scanning` reports at the least.
    static let reportInterval = 0.25

    init(settings: ScannerSettings, shared: ScannerShared, report: @escaping @Sendable (LibraryActivity) -> Void) {
        self.settings = settings
        self.shared = shared
        self.report = report
    }

    /// The thread's body: returns once the scanner is shutting down.
    func run() {
        do {
            watcher = try FolderWatcher(log: settings.log, limit: settings.watchLimit)
        } catch {
            settings.log("Changes in the library's folders will not be noticed until a rescan: \(error)")
        }
        while true {
            let (stopping, request) = shared.state.withLock { state in
                defer { state.request = nil }
                return (state.stopping, state.request)
            }
            if stopping { return }
            if let request {
                scan(request)
                returnFreedMemory()
                continue
            }
            if let deadline = touched.deadline, monotonicSeconds() >= deadline {
                rescanTouched()
                returnFreedMemory()
                continue
            }
            waitForEvents(until: touched.deadline)
        }
    }

    // MARK: Scans asked for

    private func scan(_ request: ScanRequest) {
        do throws(LibraryError) {
            libraryFolders = try settings.library.libraryFolders().map(\.path)
            watcher?.keepOnly(under: libraryFolders)
            let passes = request.passes(libraryFolders: libraryFolders)
            guard !passes.isEmpty else { return }
            let whole = passes.filter { $0.root == $0.folder }.map(\.folder)
            try settings.library.beginScan(of: whole)
            let started = settings.clock()
            var outcome = ScanOutcome(folders: passes.map(\.root))
            for pass in passes {
                setProgress(ScanProgress(folder: pass.root, done: 0, total: nil), forced: true)
                let ending = try ScanPass(folder: pass.folder, root: pass.root, recursive: true).run(context(pass.root), into: &outcome)
                guard ending == .finished else {
                    setProgress(nil)
                    return
                }
                if pass.root == pass.folder { try settings.library.finishScan(of: pass.folder, at: wallClockSeconds()) }
            }
            outcome.seconds = max(0, settings.clock() - started)
            setProgress(nil)
            report(.scanned(outcome))
        } catch {
            setProgress(nil)
            settings.log("The scan of the library's folders stopped: \(error)")
        }
    }

    // MARK: Changes seen by inotify

    private func waitForEvents(until deadline: Double?) {
        var fds: [pollfd] = []
        if let wake = shared.wakeEnds { fds.append(pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)) }
        if let watcher { fds.append(pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)) }
        var timeout = pollMilliseconds(until: deadline)
        if shared.wakeEnds == nil, timeout < 0 || timeout > 250 { timeout = 250 }
        let ready = retryingInterrupted { poll(&fds, nfds_t(fds.count), timeout) }
        guard ready > 0 else { return }
        if let wake = shared.wakeEnds { drainWakePipe(wake.read) }
        guard let watcher else { return }
        var linkedFolders: [String] = []
        watcher.take(into: &touched, linkedFolders: &linkedFolders, libraryFolders: libraryFolders, now: monotonicSeconds())
        let owners = linkedFolders.compactMap { ScanRequest.owner(of: $0, among: libraryFolders) }
        guard !owners.isEmpty else { return }
        shared.state.withLock { state in
            var request = state.request ?? ScanRequest()
            request.merge(owners)
            state.request = request
        }
    }

    private func rescanTouched() {
        let folders = touched.take()
        do throws(LibraryError) {
            libraryFolders = try settings.library.libraryFolders().map(\.path)
            var outcome = ScanOutcome(folders: [])
            for touched in folders {
                guard let owner = ScanRequest.owner(of: touched.path, among: libraryFolders) else { continue }
                if touched.recursive { watcher?.forget(under: touched.path) }
                outcome.folders.append(touched.path)
                // A rescan of a few files ends before its first report is due: no "scanning" flicker.
                lastReport = settings.clock()
                let pass = ScanPass(folder: owner, root: touched.path, recursive: touched.recursive)
                guard try pass.run(context(touched.path), into: &outcome) == .finished else { break }
            }
            setProgress(nil)
            if outcome.added + outcome.updated + outcome.removed > 0 { report(.changed) }
        } catch {
            setProgress(nil)
            settings.log("The library could not follow a change in its folders: \(error)")
        }
    }

    // MARK: Pieces

    private func context(_ root: String) -> ScanContext {
        ScanContext(
            library: settings.library, readTags: settings.readTags, log: settings.log, openFolder: settings.openFolder,
            batchSize: settings.batchSize,
            entered: { [watcher] folder in watcher?.watch(folder) },
            progress: { [unowned self] done, total in setProgress(ScanProgress(folder: root, done: done, total: total)) },
            stopping: { [shared] in shared.stopping })
    }

    /// Publishes `progress` for `LibraryScanner.progress`, and reports it when the last report
    /// is a quarter of a second old (or `forced`: a scan beginning).
    private func setProgress(_ progress: ScanProgress?, forced: Bool = false) {
        shared.state.withLock { $0.progress = progress }
        guard let progress else { return }
        let now = settings.clock()
        guard forced || now - lastReport >= Self.reportInterval else { return }
        lastReport = now
        report(.scanning(progress))
    }

    /// Hands the heap's free pages back to the system. A pass over 100,000 files holds their
    /// stamps and paths (tens of MB) only while it runs, but glibc keeps freed memory in its
    /// arenas, so without this a daemon that scanned once stays that much bigger for good
    /// (measured: +35 MB anonymous memory after the start-up rescan of a 100k library).
    private func returnFreedMemory() {
        HeapTrim.now()
    }

    private func wallClockSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
