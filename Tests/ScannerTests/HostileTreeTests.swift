import Library
import POSIXSupport
import Scanner
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Item 5's trees: whatever is in a folder, the scan goes on, names what it skipped and why,
/// and the library stays consistent.
@Suite struct HostileTreeTests {
    @Test func fifosDevicesBadNamesEmptyFilesAndLinksThatLoopAreSkippedWithTheirReasons() throws {
        let tree = try ScannerTree()
        let music = tree.music
        tree.write("good.mp3")
        #expect(mkfifo(music + "/pipe.mp3", 0o644) == 0)
        #expect(symlink("/dev/null", music + "/null.mp3") == 0)
        #expect(symlink(music, music + "/loop") == 0)
        #expect(symlink(music + "/self.mp3", music + "/self.mp3") == 0)
        #expect(symlink(tree.root + "/nowhere.mp3", music + "/dangling.mp3") == 0)
        tree.write("empty.mp3", "")
        let badName: [UInt8] = Array((music + "/bad").utf8) + [0xFF, 0xFE] + Array(".mp3".utf8) + [0]
        let fd = badName.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(fd >= 0)
        #expect(write(fd, "song", 4) == 4)
        close(fd)
        // A file and a folder outside, reached through links: followed (the folder once).
        #expect(makeDirectories(tree.root + "/outside/album", mode: 0o755))
        Shell.writeFile(tree.root + "/outside/linked.mp3", Array("linked".utf8))
        Shell.writeFile(tree.root + "/outside/album/x.mp3", Array("x".utf8))
        #expect(symlink(tree.root + "/outside/linked.mp3", music + "/linked.mp3") == 0)
        #expect(symlink(tree.root + "/outside/album", music + "/elsewhere") == 0)
        #expect(symlink(tree.root + "/outside/album", music + "/again") == 0)
        let scanner = tree.scanner()
        defer { scanner.shutdown() }

        let outcome = try tree.start(scanner)

        let stored = try tree.stored()
        #expect(stored.isSuperset(of: ["good.mp3", "linked.mp3"]))
        #expect(stored.subtracting(["good.mp3", "linked.mp3"]).count == 1)
        #expect(stored.contains("elsewhere/x.mp3") || stored.contains("again/x.mp3"))
        #expect(tree.reads.count == 3, "read: \(tree.reads.all)")
        #expect(outcome.skipped == 8)
        #expect(tree.logged("pipe.mp3", "a FIFO: never opened"))
        #expect(tree.logged("null.mp3", "a character device: never opened"))
        #expect(tree.logged("loop", "a link to a folder already scanned"))
        #expect(tree.logged("self.mp3", "a symbolic link that loops"))
        #expect(tree.logged("dangling.mp3", "a symbolic link to nothing"))
        #expect(tree.logged("empty.mp3", "an empty file"))
        #expect(tree.logged("bad\u{FFFD}\u{FFFD}.mp3", "the name is not valid UTF-8"))
        #expect(tree.log.all.count == 8, "\(tree.log.all)")
    }

    @Test func anUnreadableFolderIsSkippedWithItsReasonAndKeepsItsSongs() throws {
        let tree = try ScannerTree()
        tree.write("top.mp3")
        tree.write("Locked/a.mp3")
        tree.write("Locked/Inner/b.mp3")
        let first = tree.scanner()
        try tree.start(first)
        first.shutdown()
        #expect(try tree.stored() == ["top.mp3", "Locked/a.mp3", "Locked/Inner/b.mp3"])

        // Tests run as root, for whom chmod 000 refuses nothing: the seam refuses instead.
        let locked = tree.music + "/Locked"
        let second = tree.scanner(openFolder: { path in
            path == locked ? .failure(POSIXError("opening the folder \(path)", code: EACCES)) : LibraryScanner.folderOpener(path)
        })
        defer { second.shutdown() }
        let outcome = try tree.start(second)

        #expect(try tree.stored() == ["top.mp3", "Locked/a.mp3", "Locked/Inner/b.mp3"])
        #expect((outcome.removed, outcome.skipped, outcome.unchanged) == (0, 1, 1))
        #expect(tree.logged("Locked", "permission denied"))
    }

    @Test func aFolderOrFileRemovedMidScanLeavesTheRestOfTheScanWhole() throws {
        let tree = try ScannerTree()
        tree.write("stays.mp3")
        for index in 0..<10 { tree.write("Vanishing/\(index).mp3") }
        let first = tree.scanner()
        try tree.start(first)
        first.shutdown()
        #expect(try tree.stored().count == 11)

        // Listed by its parent, then gone when its turn to be opened comes.
        let vanishing = tree.music + "/Vanishing"
        for index in 0..<5 { tree.write("new\(index).mp3") }
        let firstNew = Mutex(true)
        let second = tree.scanner(
            openFolder: { path in
                if path == vanishing { _ = Shell.run("rm", ["-rf", path]) }
                return LibraryScanner.folderOpener(path)
            },
            // The first new file read removes the other four before they are opened.
            beforeRead: { [music = tree.music] path in
                guard path.contains("/new"),
                    firstNew.withLock({ first in
                        defer { first = false }
                        return first
                    })
                else { return }
                for index in 0..<5 where !path.hasSuffix("/new\(index).mp3") { unlink(music + "/new\(index).mp3") }
            })
        defer { second.shutdown() }
        let outcome = try tree.start(second)

        #expect(try tree.stored().count == 2)
        #expect(try tree.stored().contains("stays.mp3"))
        #expect((outcome.added, outcome.removed, outcome.skipped) == (1, 10, 0))
        #expect(tree.log.all.isEmpty, "\(tree.log.all)")
    }

    @Test func twentyThousandFilesInOneFolderAreAllStoredAndRescannedWithoutAReadEach() throws {
        let tree = try ScannerTree()
        let big = tree.music + "/Big"
        #expect(mkdir(big, 0o755) == 0)
        let original = tree.root + "/original.mp3"
        Shell.writeFile(original, Array("song".utf8))
        // Hard links: 20,000 names made in a moment, one file's worth of disk.
        let linked = (0..<20_000).filter { link(original, big + "/\($0).mp3") == 0 }.count
        #expect(linked == 20_000)
        tree.write("Big/empty.mp3", "")
        let scanner = tree.scanner()
        defer { scanner.shutdown() }

        let outcome = try tree.start(scanner)

        #expect((outcome.added, outcome.skipped) == (20_000, 1))
        #expect(try tree.stored().count == 20_000)
        scanner.scan(nil)
        let again = try tree.waitForScan(number: 2)
        #expect((again.added, again.unchanged) == (0, 20_000))
        #expect(tree.reads.count == 20_000)
    }
}
