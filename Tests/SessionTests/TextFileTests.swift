import Audio
import Dispatch
import Library
import POSIXSupport
import Player
import SQLiteStore
import Session
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 10: text files (M3U, config, history) are read bounded and only when they are
/// regular files, and written atomically without following a link over their target.
@Suite struct TextFileTests {
    private func contents(_ path: String) -> String? {
        Shell.readFile(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names in `folder`, sorted.
    private func names(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var result: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { result.append(name) }
        }
        return result.sorted()
    }

    private func readError(_ path: String, limit: Int? = nil) -> String? {
        do {
            _ = try limit.map { try TextFile.read(path, limit: $0) } ?? TextFile.read(path)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// `playlist import` of a FIFO nobody writes to answers at once; the old code blocked in `fopen`.
    @Test func fifoIsRefusedWithoutBlocking() throws {
        let fifo = Fixtures.temporaryDirectory() + "/mix.m3u"
        try #require(mkfifo(fifo, 0o600) == 0)
        let result = ConditionLock<String?>(nil)
        DispatchQueue(label: "reader").async {
            let text = readError(fifo) ?? "read"
            result.withLockBroadcast { $0 = text }
        }
        let seen = result.wait(until: { $0 != nil }, timeout: 5) { $0 }
        if seen == nil {
            // Still blocked (the old behaviour): a writer's open releases the reader.
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        #expect(seen == "Cannot read \(fifo): it is not a regular file (a FIFO); Segue reads only files.")
    }

    /// `playlist import /dev/zero` is refused before a byte is read (the old code read 2.2 GB, then aborted).
    @Test func deviceIsRefused() {
        #expect(readError("/dev/zero") == "Cannot read /dev/zero: it is not a regular file (a character device); Segue reads only files.")
    }

    @Test func folderIsRefused() {
        let folder = Fixtures.temporaryDirectory()
        #expect(readError(folder) == "Cannot read \(folder): it is a folder.")
    }

    /// The command a user types: `playlist import /dev/zero` answers with the sentence, and
    /// the daemon's library is unchanged.
    @Test func playlistImportOfADeviceIsASentence() throws {
        let library = try MusicLibrary.open(path: Fixtures.temporaryDirectory() + "/library.sqlite")
        let player = MusicPlayer.silent()
        defer { player.shutdown() }
        let session = Session(player: player, catalog: nil, library: library, clock: { 1_700_000_000 })
        let result = session.perform(line: "playlist import /dev/zero")
        #expect(
            throws: CommandError.failed(
                "Cannot read /dev/zero: it is not a regular file (a character device); Segue reads only files.")
        ) { try result.get() }
        #expect(try library.playlists().isEmpty)
    }

    /// A file one byte past the default cap (8 MiB, sparse so it costs no disk) is refused with
    /// the cap named; one at the cap is read.
    @Test func fileLargerThanTheDefaultCapIsRefused() throws {
        let path = Fixtures.temporaryDirectory() + "/huge.m3u"
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        try #require(fd >= 0)
        try #require(ftruncate(fd, off_t(8 << 20) + 1) == 0)
        close(fd)
        #expect(readError(path) == "Cannot read \(path): it is larger than 8 MB, the most Segue reads from a text file.")
        try #require(truncate(path, off_t(8 << 20)) == 0)
        #expect(try TextFile.read(path).utf8.count == 8 << 20)
    }

    @Test func smallCapIsExact() throws {
        let path = Fixtures.temporaryDirectory() + "/a.m3u"
        Shell.writeFile(path, Array(repeating: 0x61, count: 100))
        #expect(try TextFile.read(path, limit: 100) == String(repeating: "a", count: 100))
        #expect(readError(path, limit: 99) == "Cannot read \(path): it is larger than 99 bytes, the most Segue reads from a text file.")
    }

    @Test func writeCreatesAndReplaces() throws {
        let folder = Fixtures.temporaryDirectory()
        let path = folder + "/out.m3u"
        try TextFile.write("#EXTM3U\nfirst\n", to: path)
        #expect(contents(path) == "#EXTM3U\nfirst\n")
        try TextFile.write("#EXTM3U\nsecond\n", to: path)
        #expect(contents(path) == "#EXTM3U\nsecond\n")
        #expect(names(in: folder) == ["out.m3u"])  // no temporary file left behind
        var st = stat()
        try #require(stat(path, &st) == 0)
        #expect(st.st_mode & 0o022 == 0)
    }

    /// The UI's history is private: created 0600.
    @Test func privateModeIsApplied() throws {
        let path = Fixtures.temporaryDirectory() + "/command-history"
        try TextFile.write("play\n", to: path, mode: 0o600)
        var st = stat()
        try #require(stat(path, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
    }

    /// Export over a symbolic link replaces the link; the file it pointed at is untouched.
    @Test func symlinkAtTheTargetIsReplacedNotFollowed() throws {
        let folder = Fixtures.temporaryDirectory()
        let other = folder + "/precious.txt"
        Shell.writeFile(other, Array("keep me\n".utf8))
        let link = folder + "/export.m3u"
        try #require(symlink(other, link) == 0)
        try TextFile.write("#EXTM3U\nnew\n", to: link)
        #expect(contents(other) == "keep me\n")
        #expect(contents(link) == "#EXTM3U\nnew\n")
        var st = stat()
        try #require(lstat(link, &st) == 0)
        #expect(st.st_mode & S_IFMT == S_IFREG)
    }

    /// A write that cannot finish (here: the file-size limit, as on a full disk) leaves the old
    /// contents whole and no temporary file. The old code truncated first and left a part.
    /// The limit applies to a whole process, so the write runs in a fresh copy of this test
    /// binary under `ulimit -f` (`TextFileWriteChild`); a forked copy of this multi-threaded
    /// process could deadlock on a lock another thread held at the fork, and does under TSan.
    @Test(
        .enabled(
            if: !FuzzRunner.underSanitizer,
            "under a sanitizer (make check-deep) `ulimit -f` makes the sanitizer's own runtime die at start (SIGBUS)"))
    func failedWriteLeavesTheOldContents() throws {
        let folder = Fixtures.temporaryDirectory()
        let path = folder + "/mix.m3u"
        let old = "#EXTM3U\n" + String(repeating: "old entry\n", count: 100)
        try TextFile.write(old, to: path)
        // 16 blocks of 1 KiB; the child writes 230 KB. XFSZ is ignored so the write fails with
        // EFBIG instead of the signal ending the child (an ignored signal stays so across exec).
        let result = Shell.run(
            "/bin/sh",
            [
                "-c", "trap '' XFSZ; ulimit -f 16 && exec \"$0\" \"$@\"", FuzzRunner.ownExecutable(),
                "--testing-library", "swift-testing", "--filter", "TextFileWriteChild",
            ],
            environment: [TextFileWriteChild.variable: path], timeout: 120)
        #expect(result.exitCode == 0, "the child failed:\n\(result.stdoutText.suffix(3000))\(result.stderr.suffix(2000))")
        #expect(result.stdoutText.contains("textfile child: the write was refused"), "the child ran its write")
        #expect(contents(path) == old)
        #expect(names(in: folder) == ["mix.m3u"])
    }

    /// Writing where a folder is fails with a sentence and leaves no temporary file.
    @Test func writeOverAFolderFails() throws {
        let folder = Fixtures.temporaryDirectory()
        let target = folder + "/sub"
        try #require(mkdir(target, 0o755) == 0)
        #expect(throws: CommandError.failed("Cannot write \(target): it is a folder.")) {
            try TextFile.write("x", to: target)
        }
        #expect(names(in: folder) == ["sub"])
    }
}

/// The child of `failedWriteLeavesTheOldContents`: runs only when the parent names the file.
@Suite struct TextFileWriteChild {
    static let variable = "SEGUE_TEXTFILE_CHILD"
    static var path: String? { getenv(variable).map { String(cString: $0) } }

    @Test(.enabled(if: TextFileWriteChild.path != nil, "runs only as the child of failedWriteLeavesTheOldContents"))
    func writeUnderAFileSizeLimit() throws {
        let path = try #require(Self.path)
        let new = "#EXTM3U\n" + String(repeating: "a new and longer entry\n", count: 10_000)  // 230 KB
        #expect(throws: CommandError.self) { try TextFile.write(new, to: path) }
        print("textfile child: the write was refused")
    }
}
