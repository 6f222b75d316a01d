/// What the session needs from the folder scanner (`Scanner.LibraryScanner` is the real one):
/// scans that run on the scanner's own thread, their progress, and watching the folders so the
/// library follows the disk. The session stays free of threads, inotify and tag readers.
public protocol LibraryScanning: AnyObject, Sendable {
    /// Begins: from now on `report` hears the scanner's activity (on the scanner's thread). An
    /// unfinished scan (the program was killed mid-scan) is resumed, and the library's folders
    /// are watched. Called once, by the session, before anything else.
    func start(report: @escaping @Sendable (LibraryActivity) -> Void)

    /// Asks for a scan of these library folders (every folder when nil), after any scan already
    /// asked for; returns at once. Folders the library no longer has are not scanned, and the
    /// watches follow the library's folders afterwards (so `folder remove` then `scan([])`
    /// stops watching the removed one).
    func scan(_ folders: [String]?)

    /// The scan running now, or nil.
    var progress: ScanProgress? { get }

    /// Stops the scanner's thread and watches; a scan in flight stops after its current batch.
    func shutdown()
}
