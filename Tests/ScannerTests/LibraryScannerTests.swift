import Library
import MusicModel
import POSIXSupport
import Scanner
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Scans as the user sees them: what reaches the library, what is read, what is reported.
@Suite struct LibraryScannerTests {
    @Test func aFirstScanStoresEveryMusicFileAndReadsNothingElse() throws {
        let tree = try ScannerTree()
        tree.write("a.mp3")
        tree.write("Album/b.flac")
        tree.write("Album/Disc 2/c.opus")
        tree.write("Album/cover.jpg")
        tree.write("notes.txt")
        tree.write(".hidden.mp3")
        let scanner = tree.scanner()
        defer { scanner.shutdown() }

        let outcome = try tree.start(scanner)

        #expect(try tree.stored() == ["a.mp3", "Album/b.flac", "Album/Disc 2/c.opus"])
        #expect(Set(tree.reads.all) == Set(["a.mp3", "Album/b.flac", "Album/Disc 2/c.opus"].map { tree.music + "/" + $0 }))
        #expect(outcome.folders == [tree.music])
        #expect((outcome.added, outcome.updated, outcome.removed, outcome.unchanged, outcome.skipped) == (3, 0, 0, 0, 0))
        #expect(scanner.progress == nil)
    }

    @Test func aRescanOpensOnlyTheFilesThatChanged() throws {
        let tree = try ScannerTree()
        tree.write("same.mp3")
        tree.write("changed.mp3", "old")
        tree.write("gone.mp3")
        let first = tree.scanner()
        try tree.start(first)
        first.shutdown()
        #expect(tree.reads.count == 3)

        // Changed while Segue was not running: the next start finds it.
        tree.write("changed.mp3", "new and longer")
        tree.write("new.mp3")
        #expect(unlink(tree.music + "/gone.mp3") == 0)
        let second = tree.scanner()
        defer { second.shutdown() }
        let outcome = try tree.start(second)

        #expect(tree.reads.all.dropFirst(3).sorted() == [tree.music + "/changed.mp3", tree.music + "/new.mp3"])
        #expect((outcome.added, outcome.updated, outcome.removed, outcome.unchanged) == (1, 1, 1, 1))
        #expect(try tree.titles() == ["same.mp3": "song", "changed.mp3": "new and longer", "new.mp3": "song"])

        // Nothing changed: a rescan opens nothing.
        second.scan(nil)
        let again = try tree.waitForScan(number: 3)
        #expect(tree.reads.count == 5)
        #expect((again.added, again.updated, again.removed, again.unchanged) == (0, 0, 0, 3))
    }

    @Test func progressIsPublishedAndReportedAtMostFourTimesASecond() throws {
        let tree = try ScannerTree()
        for index in 0..<600 { tree.write("song\(index).mp3") }
        // Every read takes a tenth of a second on the scanner's clock.
        let clock = ManualClock()
        let scannerBox = Mutex<LibraryScanner?>(nil)
        let seen = Mutex<ScanProgress?>(nil)
        let reads = Mutex(0)
        let scanner = tree.scanner(
            batchSize: 100, clock: { clock.now },
            beforeRead: { _ in
                clock.advance(by: 0.1)
                if reads.withLock({
                    $0 += 1
                    return $0
                }) == 300 {
                    seen.withLock { $0 = scannerBox.withLock { $0 }?.progress }
                }
            })
        scannerBox.withLock { $0 = scanner }
        defer { scanner.shutdown() }

        try tree.start(scanner)

        #expect(seen.withLock { $0 } == ScanProgress(folder: tree.music, done: 299, total: 600))
        let reports = tree.activity.all.compactMap { activity -> ScanProgress? in
            if case .scanning(let progress) = activity { progress } else { nil }
        }
        // 60 s of reading: one report when the scan begins, then one every 0.3 s (three reads).
        #expect(reports.count >= 150 && reports.count <= 242, "\(reports.count) progress reports")
        #expect(reports.first == ScanProgress(folder: tree.music, done: 0, total: nil))
        #expect(reports.last?.total == 600)
        #expect(scanner.progress == nil)
    }

    @Test func scansAskedForWhileOneRunsAreMergedIntoOne() throws {
        let tree = try ScannerTree()
        let other = tree.root + "/other"
        #expect(mkdir(other, 0o755) == 0)
        #expect(try tree.library.addLibraryFolder(other))
        tree.write("a.mp3")
        let gate = ConditionLock(false)
        let scanner = tree.scanner(beforeRead: { _ in gate.wait(until: { $0 }, timeout: 30) { _ in } })
        defer { scanner.shutdown() }
        scanner.start { [activity = tree.activity] in activity.record($0) }
        #expect(Poll.until(timeout: 30) { tree.reads.count == 1 }, "the first scan never read its file")

        // Three requests while it runs: one scan after it, of the folder asked first, then the rest.
        scanner.scan([other])
        scanner.scan(nil)
        scanner.scan([tree.music])
        gate.withLockBroadcast { $0 = true }
        _ = try tree.waitForScan(number: 2)
        // Scans run in the order asked: once this one is done, every scan asked before it is too.
        scanner.scan([other])
        let marker = try tree.waitForScan(number: 3)

        #expect(marker.folders == [other])
        #expect(ScannerTree.outcomes(tree.activity.all).map(\.folders) == [[tree.music, other], [other, tree.music], [other]])
    }

    @Test func aShutdownMidScanKeepsWhatWasStoredAndTheNextStartResumes() throws {
        let tree = try ScannerTree()
        for index in 0..<50 { tree.write("song\(index).mp3") }
        let scannerBox = Mutex<LibraryScanner?>(nil)
        let reads = Mutex(0)
        let first = tree.scanner(
            batchSize: 10,
            beforeRead: { _ in
                // The 25th read asks the scanner to stop (from its own thread, like a report handler could).
                if reads.withLock({
                    $0 += 1
                    return $0
                }) == 25 {
                    scannerBox.withLock { $0 }?.shutdown()
                }
            })
        scannerBox.withLock { $0 = first }
        first.start { _ in }
        #expect(Poll.until(timeout: 30) { ((try? tree.stored().count) ?? 0) >= 25 }, "the batches read were not stored")
        #expect(tree.reads.count == 25)
        #expect(try tree.library.unfinishedScans() == [tree.music])

        let second = tree.scanner()
        defer { second.shutdown() }
        let outcome = try tree.start(second)

        #expect(tree.reads.count == 50, "files stored before the stop were read again")
        #expect((outcome.added, outcome.unchanged) == (25, 25))
        #expect(try tree.stored().count == 50)
        #expect(try tree.library.unfinishedScans() == [])
    }

    @Test func aStartResumesTheScansCutShortFirst() throws {
        let tree = try ScannerTree()
        let other = tree.root + "/other"
        #expect(mkdir(other, 0o755) == 0)
        #expect(try tree.library.addLibraryFolder(other))
        Shell.writeFile(other + "/x.mp3", Array("x".utf8))
        tree.write("a.mp3")
        try tree.library.beginScan(of: [other])
        let scanner = tree.scanner()
        defer { scanner.shutdown() }

        let outcome = try tree.start(scanner)

        #expect(outcome.folders == [other, tree.music])
        #expect(outcome.added == 2)
        #expect(try tree.library.unfinishedScans() == [])
    }
}
