import Library

/// The library's folder scanner: one thread that walks the library folders, reads the tags of
/// new and changed files (`Decoders.TagReader`), writes them in batches, and then watches the
/// folders with inotify so files added, removed, renamed or rewritten reach the library within
/// two seconds. (Skeleton: not built yet.)
public final class LibraryScanner: LibraryScanning {
    private let library: MusicLibrary

    /// A scanner writing into `library`; nothing runs until `start`.
    public init(library: MusicLibrary) {
        self.library = library
    }

    public func start(report: @escaping @Sendable (LibraryActivity) -> Void) {}

    public func scan(_ folders: [String]?) {}

    public var progress: ScanProgress? { nil }

    public func shutdown() {}
}
