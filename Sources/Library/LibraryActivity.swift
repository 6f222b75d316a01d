/// What the scanner tells the session while it works (published as `SessionEvent.library`).
public enum LibraryActivity: Equatable, Sendable {
    /// A scan is under way (sent at most a few times a second).
    case scanning(ScanProgress)
    /// A scan finished: what it changed, what it skipped, how long it took.
    case scanned(ScanOutcome)
    /// Songs were added, changed or removed outside a full scan (a file seen by inotify).
    case changed
}

/// What one scan did.
public struct ScanOutcome: Equatable, Sendable {
    /// The folders scanned.
    public var folders: [String]
    /// Songs new to the library.
    public var added: Int
    /// Songs read again because their size or modification time changed.
    public var updated: Int
    /// Songs whose files are gone.
    public var removed: Int
    /// Files found unchanged and not read.
    public var unchanged: Int
    /// Files and folders passed over (each with its reason in the log).
    public var skipped: Int
    /// Seconds the scan took.
    public var seconds: Double

    /// Creates an outcome.
    public init(
        folders: [String], added: Int = 0, updated: Int = 0, removed: Int = 0, unchanged: Int = 0, skipped: Int = 0,
        seconds: Double = 0
    ) {
        self.folders = folders
        self.added = added
        self.updated = updated
        self.removed = removed
        self.unchanged = unchanged
        self.skipped = skipped
        self.seconds = seconds
    }
}
