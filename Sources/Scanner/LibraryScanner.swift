import Audio
import Decoders
import Library
import MusicModel
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a music file's tags: the open regular file and its path (for messages). The scanner's
/// seam for its tag reader (`TagReader.read` by default; tests count the reads).
public typealias TagReading = @Sendable (_ file: RegularFile.Opened, _ path: String) throws -> TrackTags

/// The library's folder scanner: one thread that walks the library folders, reads the tags of
/// new and changed files, writes them in batches, and then watches the folders with inotify so
/// files added, removed, renamed or rewritten reach the library within two seconds.
///
/// Scans asked for while one runs wait, merged into one. A rescan compares every file's size and
/// modification time with the library's and opens only the files whose stamp changed. What is
/// passed over (FIFOs and devices — never opened —, names that are not UTF-8, empty files,
/// unreadable folders, links that loop) goes to the log with its reason and into the library's
/// skip counts; an unreadable folder keeps its songs. Only names with a music extension are
/// looked at (`MusicFileName`), and hidden names (".…") not at all. At `start` the scans killed midway are
/// resumed first, then every folder gets a stamp-compared rescan (which also sets up the watches
/// and finds what changed while Segue was not running).
public final class LibraryScanner: LibraryScanning {
    private let settings: ScannerSettings
    private let shared: ScannerShared

    /// A scanner writing into `library`; nothing runs until `start`. `readTags` reads a file's
    /// tags; `clock` (monotonic seconds) paces the progress reports (at most four a second) and
    /// times scans (inotify's ~300 ms of settling is real time: it is a `poll` timeout); `log` hears every skipped path with its reason and every problem as a
    /// sentence; `openFolder` opens a folder for listing; `batchSize` files go into each write.
    public convenience init(
        library: MusicLibrary,
        readTags: @escaping TagReading = LibraryScanner.tagReader,
        clock: @escaping @Sendable () -> Double = monotonicSeconds,
        log: @escaping @Sendable (String) -> Void = { _ in },
        openFolder: @escaping FolderOpener = LibraryScanner.folderOpener,
        batchSize: Int = 250
    ) {
        self.init(
            library: library, readTags: readTags, clock: clock, log: log, openFolder: openFolder, batchSize: batchSize, watchLimit: nil)
    }

    /// The same, watching at most `watchLimit` folders: the tests' way to reach a limit of
    /// inotify watches without lowering the system's for every process.
    init(
        library: MusicLibrary, readTags: @escaping TagReading, clock: @escaping @Sendable () -> Double,
        log: @escaping @Sendable (String) -> Void, openFolder: @escaping FolderOpener, batchSize: Int, watchLimit: Int?
    ) {
        settings = ScannerSettings(
            library: library, readTags: readTags, clock: clock, log: log, openFolder: openFolder, batchSize: max(1, batchSize),
            watchLimit: watchLimit)
        shared = ScannerShared()
    }

    deinit { shutdown() }

    /// Reads tags with `Decoders.TagReader`.
    public static let tagReader: TagReading = { file, path in try TagReader.read(file, name: path) }

    /// Opens a folder with `open(2)` (never blocking).
    public static let folderOpener: FolderOpener = FolderWalk.systemFolderOpener

    public func start(report: @escaping @Sendable (LibraryActivity) -> Void) {
        let first = shared.state.withLock { state -> Bool in
            guard !state.started, !state.stopping else { return false }
            state.started = true
            return true
        }
        guard first else { return }
        var resumed: [String] = []
        do {
            resumed = try settings.library.unfinishedScans()
        } catch {
            settings.log("Cannot tell which scans were cut short: \(error)")
        }
        shared.state.withLock { state in
            var request = state.request ?? ScanRequest()
            request.merge(resumed)
            request.merge(nil)
            state.request = request
        }
        let settings = settings
        let shared = shared
        do {
            let thread = try POSIXThread.start(name: "segue-scanner") {
                ScanWorker(settings: settings, shared: shared, report: report).run()
            }
            shared.state.withLock { $0.thread = thread }
        } catch {
            settings.log("The library's folders cannot be scanned: \(error)")
        }
    }

    public func scan(_ folders: [String]?) {
        let asked = shared.state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            var request = state.request ?? ScanRequest()
            request.merge(folders)
            state.request = request
            return true
        }
        if asked { shared.wake() }
    }

    public var progress: ScanProgress? { shared.state.withLock { $0.progress } }

    public func shutdown() {
        let thread = shared.state.withLock { state -> POSIXThread? in
            state.stopping = true
            defer { state.thread = nil }
            return state.thread
        }
        shared.wake()
        guard let thread else { return }
        // A report handler that shuts the scanner down runs on the scanner's own thread.
        if pthread_equal(thread.handle, pthread_self()) != 0 { thread.detach() } else { thread.join() }
    }
}

/// What the scanner was made with, handed to its thread.
struct ScannerSettings: Sendable {
    let library: MusicLibrary
    let readTags: TagReading
    let clock: @Sendable () -> Double
    let log: @Sendable (String) -> Void
    let openFolder: FolderOpener
    let batchSize: Int
    let watchLimit: Int?
}

/// What the caller's threads and the scanner's thread share: the waiting request, the progress,
/// the stop flag, and the pipe that wakes the scanner's `poll`.
final class ScannerShared: Sendable {
    struct State {
        var request: ScanRequest?
        var progress: ScanProgress?
        var started = false
        var stopping = false
        var thread: POSIXThread?
    }

    let state = Mutex(State())
    /// The wake pipe's ends, or nil when the process had no descriptors left (the scanner then
    /// looks for work four times a second instead).
    let wakeEnds: (read: Int32, write: Int32)?

    init() {
        wakeEnds = makeWakePipe().map { (read: $0.0, write: $0.1) }
    }

    deinit {
        if let wakeEnds {
            close(wakeEnds.read)
            close(wakeEnds.write)
        }
    }

    func wake() {
        if let wakeEnds { pokeWakePipe(wakeEnds.write) }
    }

    var stopping: Bool { state.withLock { $0.stopping } }
}
