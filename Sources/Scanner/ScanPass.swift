import Audio
import Library
import MusicModel

#if canImport(Glibc)
    import Glibc
#endif

/// What a pass needs from the scanner around it.
struct ScanContext {
    let library: MusicLibrary
    let readTags: TagReading
    let log: @Sendable (String) -> Void
    let openFolder: FolderOpener
    let batchSize: Int
    /// Called for every folder entered (the watcher adds a watch).
    let entered: (String) -> Void
    /// Called as files are looked at: done, and the total once known (the scanner throttles).
    let progress: (_ done: Int, _ total: Int?) -> Void
    /// True once the scanner is shutting down.
    let stopping: () -> Bool
}

/// One stamp-compared pass over `root`, a library folder or a folder inside one: walk and
/// compare every file's stamp with the library's (unchanged files are never opened), then read
/// the new and changed ones and write them in batches, then remove what is gone. Folders that
/// cannot be read keep their songs; a folder that vanished loses them.
struct ScanPass {
    /// The library folder the files belong to.
    let folder: String
    /// Where the walk starts.
    let root: String
    /// Into subfolders, or only the files directly in `root` (an inotify event in one folder).
    let recursive: Bool

    /// How a pass ended.
    enum Ending {
        case finished
        /// The scanner is shutting down: what was read so far is stored.
        case stopped
    }

    /// Runs the pass, adding its counts to `outcome`.
    func run(_ context: ScanContext, into outcome: inout ScanOutcome) throws(LibraryError) -> Ending {
        var writer = BatchWriter(folder: folder, context: context)
        var unseen = try storedStamps(context.library)
        var toRead = PathList()
        var kept: [String] = []
        var done = 0
        var walk = FolderWalk(openFolder: context.openFolder)
        var failure: LibraryError?
        let walked = walk.walk(root, recursive: recursive) { found in
            do throws(LibraryError) {
                switch found {
                case .folder(let path):
                    context.entered(path)
                case .file(let path, let stamp):
                    let known = unseen.removeValue(forKey: path)
                    if known == stamp {
                        outcome.unchanged += 1
                        done += 1
                        context.progress(done, nil)
                    } else {
                        toRead.append(path, stamp: stamp, isNew: known == nil)
                    }
                case .skipped(let skip):
                    outcome.skipped += 1
                    try writer.skip(skip)
                case .unreadable(let path, let code):
                    let isLibraryFolder = path.utf8.elementsEqual(folder.utf8)
                    if (code == ENOENT || code == ENOTDIR) && !isLibraryFolder {
                        break  // gone: the songs stored under it go too
                    }
                    kept.append(path)
                    outcome.skipped += 1
                    let reason = code == ENOENT ? "the folder is missing; its songs are kept" : RegularFile.reason(code)
                    try writer.skip(SkippedFile(path: path, reason: reason))
                }
            } catch {
                failure = error
                return false
            }
            return !context.stopping()
        }
        if let failure { throw failure }
        guard walked else {
            try writer.flush()
            return .stopped
        }
        let total = done + toRead.count
        context.progress(done, total)
        for index in 0..<toRead.count {
            if context.stopping() {
                try writer.flush()
                return .stopped
            }
            let (path, stamp, isNew) = toRead[index]
            switch read(path, stamp: stamp, context) {
            case .track(let track):
                if isNew { outcome.added += 1 } else { outcome.updated += 1 }
                try writer.add(track)
            case .gone:
                if !isNew {
                    outcome.removed += 1
                    try writer.remove(path)
                }
            case .skipped(let reason, let keep):
                outcome.skipped += 1
                try writer.skip(SkippedFile(path: path, reason: reason))
                if !isNew && !keep {
                    outcome.removed += 1
                    try writer.remove(path)
                }
            }
            done += 1
            context.progress(done, total)
        }
        for path in unseen.keys where !kept.contains(where: { LibraryPath.contains($0, path) }) {
            outcome.removed += 1
            try writer.remove(path)
        }
        try writer.flush()
        return .finished
    }

    /// The library's stamps of the files this pass covers.
    private func storedStamps(_ library: MusicLibrary) throws(LibraryError) -> [String: FileStamp] {
        let stored = try library.fileStamps(under: root)
        // Everything under root is the library's answer already; one folder's files are fewer.
        guard !recursive else { return stored }
        return stored.filter { path, _ in
            guard LibraryPath.contains(root, path), path != root else { return false }
            // Only the files directly in root: no slash after root's own.
            let prefixLength = root.hasSuffix("/") ? root.utf8.count : root.utf8.count + 1
            return !path.utf8.dropFirst(prefixLength).contains(UInt8(ascii: "/"))
        }
    }

    /// What reading one file gave.
    private enum Read {
        case track(LocalTrack)
        /// It vanished since the walk.
        case gone
        /// Not music Segue can list; `keep` when the failure may pass (permission, I/O) and a
        /// song stored for it should stay.
        case skipped(reason: String, keep: Bool)
    }

    private func read(_ path: String, stamp: FileStamp, _ context: ScanContext) -> Read {
        switch RegularFile.open(path) {
        case .failure(.system(let reason)) where reason == RegularFile.reason(ENOENT):
            return .gone
        case .failure(.system(let reason)):
            return .skipped(reason: reason, keep: true)
        case .failure(.folder):
            return .skipped(reason: "a folder", keep: false)
        case .failure(.notRegular(let kind)):
            return .skipped(reason: "\(kind): never opened", keep: false)
        case .success(let opened):
            defer { close(opened.descriptor) }
            do {
                let tags = try context.readTags(opened, path)
                return .track(LocalTrack(path: path, folder: folder, stamp: stamp, tags: tags))
            } catch {
                return .skipped(reason: String(describing: error), keep: false)
            }
        }
    }
}

/// Gathers a pass's writes into batches of `batchSize` files, each stored in one transaction.
private struct BatchWriter {
    let context: ScanContext
    private var batch: ScanBatch

    init(folder: String, context: ScanContext) {
        self.context = context
        batch = ScanBatch(folder: folder)
    }

    mutating func add(_ track: LocalTrack) throws(LibraryError) {
        batch.tracks.append(track)
        try flushIfFull()
    }

    mutating func remove(_ path: String) throws(LibraryError) {
        batch.removed.append(path)
        try flushIfFull()
    }

    mutating func skip(_ skip: SkippedFile) throws(LibraryError) {
        context.log("Skipped \(skip.path): \(skip.reason)\(skip.reason.hasSuffix(".") ? "" : ".")")
        batch.skipped.append(skip)
        try flushIfFull()
    }

    mutating func flush() throws(LibraryError) {
        guard !batch.tracks.isEmpty || !batch.removed.isEmpty || !batch.skipped.isEmpty else { return }
        try context.library.store(batch)
        batch = ScanBatch(folder: batch.folder)
    }

    private mutating func flushIfFull() throws(LibraryError) {
        if batch.tracks.count + batch.removed.count + batch.skipped.count >= context.batchSize { try flush() }
    }
}
