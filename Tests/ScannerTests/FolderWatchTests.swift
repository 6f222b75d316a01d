import Library
import POSIXSupport
import Scanner
import Testing
import TestSupport

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
        #expect(Poll.until(timeout: 20) { (try? tree.stored()) == ["a.mp3", "Album/keep.mp3", "Album/b.mp3"] }, "added: \(String(describing: try? tree.stored()))")
        #expect(tree.activity.wait(for: { $0 == .changed }, timeout: 20) != nil)

        #expect(rename(tree.music + "/Album/b.mp3", tree.music + "/Album/c.mp3") == 0)
        #expect(Poll.until(timeout: 20) { (try? tree.stored()) == ["a.mp3", "Album/keep.mp3", "Album/c.mp3"] }, "renamed: \(String(describing: try? tree.stored()))")

        tree.write("a.mp3", "second words, longer")
        #expect(Poll.until(timeout: 20) { (try? tree.titles())?["a.mp3"] == "second words, longer" }, "rewritten: \(String(describing: try? tree.titles()))")

        #expect(unlink(tree.music + "/Album/c.mp3") == 0)
        #expect(Poll.until(timeout: 20) { (try? tree.stored()) == ["a.mp3", "Album/keep.mp3"] }, "removed: \(String(describing: try? tree.stored()))")
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
        #expect(Poll.until(timeout: 20) { (try? tree.stored())?.contains("New/Deeper/one.mp3") == true }, "\(String(describing: try? tree.stored()))")
        // Its watch works: a file added later is seen too.
        tree.write("New/Deeper/two.mp3")
        #expect(Poll.until(timeout: 20) { (try? tree.stored())?.contains("New/Deeper/two.mp3") == true }, "\(String(describing: try? tree.stored()))")

        #expect(makeDirectories(tree.root + "/outside/Moved", mode: 0o755))
        Shell.writeFile(tree.root + "/outside/Moved/x.mp3", Array("x".utf8))
        #expect(rename(tree.root + "/outside/Moved", tree.music + "/Moved") == 0)
        #expect(Poll.until(timeout: 20) { (try? tree.stored())?.contains("Moved/x.mp3") == true }, "\(String(describing: try? tree.stored()))")

        #expect(rename(tree.music + "/New", tree.root + "/outside/New") == 0)
        #expect(Poll.until(timeout: 20) { (try? tree.stored()) == ["a.mp3", "Moved/x.mp3"] }, "\(String(describing: try? tree.stored()))")
    }
}
