import Library
import POSIXSupport
import Scanner
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// inotify keeps the library current: files added, removed, renamed or rewritten, and folders
/// made or moved in and out, reach the library without a rescan being asked for. (The deadlines
/// bound the waits; that a change arrives within 2 s is the benchmark's to measure.)
@Suite struct FolderWatchTests {
    @Test func aFileAddedRenamedRewrittenOrRemovedReachesTheLibrary() throws {
        let tree = try ScannerTree()
        tree.write("a.mp3", "first words")
        tree.write("Album/keep.mp3")
        let scanner = tree.scanner()
        defer { scanner.shutdown() }
        try tree.start(scanner)

        tree.write("Album/b.mp3")
        #expect(
            Poll.until(timeout: 20) { (try? tree.stored()) == ["a.mp3", "Album/keep.mp3", "Album/b.mp3"] },
            "added: \(String(describing: try? tree.stored()))")
        #expect(tree.activity.wait(for: { $0 == .changed }, timeout: 20) != nil)

        #expect(rename(tree.music + "/Album/b.mp3", tree.music + "/Album/c.mp3") == 0)
        #expect(
            Poll.until(timeout: 20) { (try? tree.stored()) == ["a.mp3", "Album/keep.mp3", "Album/c.mp3"] },
            "renamed: \(String(describing: try? tree.stored()))")

        tree.write("a.mp3", "second words, longer")
        #expect(
            Poll.until(timeout: 20) { (try? tree.titles())?["a.mp3"] == "second words, longer" },
            "rewritten: \(String(describing: try? tree.titles()))")

        #expect(unlink(tree.music + "/Album/c.mp3") == 0)
        #expect(
            Poll.until(timeout: 20) { (try? tree.stored()) == ["a.mp3", "Album/keep.mp3"] },
            "removed: \(String(describing: try? tree.stored()))")
        // Only what changed was read: the first scan's two files, then b, c and a again.
        #expect(tree.reads.all.filter { $0.hasSuffix("/keep.mp3") }.count == 1)
    }

    @Test func aFolderMadeOrMovedInIsWatchedAndScannedAndOneMovedOutLeaves() throws {
        let tree = try ScannerTree()
        tree.write("a.mp3")
        let scanner = tree.scanner()
        defer { scanner.shutdown() }
        try tree.start(scanner)

        // Made and filled at once: its files are found even if they came before its watch.
        tree.write("New/Deeper/one.mp3")
        #expect(
            Poll.until(timeout: 20) { (try? tree.stored())?.contains("New/Deeper/one.mp3") == true },
            "\(String(describing: try? tree.stored()))")
        // Its watch works: a file added later is seen too.
        tree.write("New/Deeper/two.mp3")
        #expect(
            Poll.until(timeout: 20) { (try? tree.stored())?.contains("New/Deeper/two.mp3") == true },
            "\(String(describing: try? tree.stored()))")

        #expect(makeDirectories(tree.root + "/outside/Moved", mode: 0o755))
        Shell.writeFile(tree.root + "/outside/Moved/x.mp3", Array("x".utf8))
        #expect(rename(tree.root + "/outside/Moved", tree.music + "/Moved") == 0)
        #expect(
            Poll.until(timeout: 20) { (try? tree.stored())?.contains("Moved/x.mp3") == true }, "\(String(describing: try? tree.stored()))")

        #expect(rename(tree.music + "/New", tree.root + "/outside/New") == 0)
        #expect(Poll.until(timeout: 20) { (try? tree.stored()) == ["a.mp3", "Moved/x.mp3"] }, "\(String(describing: try? tree.stored()))")
    }

    @Test func aLinkToAFolderMadeWhileWatchedIsFollowedAndALinkThatLoopsIsNot() throws {
        let tree = try ScannerTree()
        tree.write("a.mp3")
        #expect(makeDirectories(tree.root + "/outside/Album", mode: 0o755))
        Shell.writeFile(tree.root + "/outside/Album/y.mp3", Array("y".utf8))
        let scanner = tree.scanner()
        defer { scanner.shutdown() }
        try tree.start(scanner)

        #expect(symlink(tree.music, tree.music + "/Up") == 0)
        #expect(symlink(tree.root + "/outside/Album", tree.music + "/Linked") == 0)
        #expect(
            Poll.until(timeout: 20) { (try? tree.stored())?.contains("Linked/y.mp3") == true }, "\(String(describing: try? tree.stored()))")
        #expect(try tree.stored() == ["a.mp3", "Linked/y.mp3"])
        let loop = tree.log.wait(for: { $0.contains(tree.music + "/Up") }, timeout: 20)
        #expect(loop?.contains("a link to a folder already scanned") == true, "\(tree.log.all)")
    }

    @Test func reachingTheLimitOfWatchesIsSaidOnceAndScansStillWork() throws {
        let tree = try ScannerTree()
        tree.write("top.mp3")
        for folder in ["A", "B", "C", "D"] { tree.write("\(folder)/x.mp3") }
        let scanner = tree.scanner(watchLimit: 2)
        defer { scanner.shutdown() }

        let outcome = try tree.start(scanner)

        #expect(outcome.added == 5)
        let sentences = tree.log.all.filter { $0.contains("limit of inotify watches is reached") }
        #expect(sentences.count == 1, "\(tree.log.all)")
        #expect(sentences.first?.contains("Scans still work") == true)
        // The library folder itself was watched before the limit: a file added there is seen.
        tree.write("late.mp3")
        #expect(Poll.until(timeout: 20) { (try? tree.stored())?.contains("late.mp3") == true }, "\(String(describing: try? tree.stored()))")
    }
}
