import POSIXSupport
import TestSupport
import Testing

@testable import CoverArt

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct CellGridCacheTests {
    private func grid(_ columns: Int) -> CellGrid {
        let cell = ImageCell(character: "▀", foreground: .palette(16), background: .palette(17))
        return CellGrid(columns: columns, rows: 1, cells: Array(repeating: cell, count: columns))
    }

    private func key(_ name: String) -> CellGridCache.Key {
        CellGridCache.Key(picture: name, box: CellBox(columns: 40, rows: 20), mode: .truecolorHalfBlocks)
    }

    @Test func neverHoldsMoreThanItsBudget() {
        let cache = CellGridCache(budgetBytes: 10_000)
        var generator = SplitMix64(seed: 16)
        for i in 0..<500 {
            cache.store(grid(1 + Int(generator.next() % 200)), for: key("\(i % 37)"))
            #expect(cache.bytesHeld <= 10_000)
        }
        #expect(cache.count > 1)
        let huge = grid(2_000)
        cache.store(huge, for: key("huge"))
        #expect(cache.grid(for: key("huge")) == nil)
    }

    @Test func theLeastRecentlyUsedGoesFirst() {
        let one = grid(10)
        let cache = CellGridCache(budgetBytes: one.byteCount * 2)
        cache.store(one, for: key("a"))
        cache.store(one, for: key("b"))
        #expect(cache.grid(for: key("a")) == one)  // a is now newer than b
        cache.store(one, for: key("c"))
        #expect(cache.grid(for: key("a")) == one)
        #expect(cache.grid(for: key("b")) == nil)
        #expect(cache.grid(for: key("c")) == one)
    }

    @Test func rendererCachesByKey() throws {
        let renderer = CoverRenderer()
        let key = CellGridCache.Key(picture: "tag:1", box: CellBox(columns: 4, rows: 2), mode: .truecolorHalfBlocks)
        #expect(renderer.cachedCells(for: key) == nil)
        let grid = try renderer.cells(for: key, bytes: PNGWriter.png(TestImages.gradient))
        #expect(renderer.cachedCells(for: key) == grid)
        // A hit does not decode: empty bytes would be a sentence otherwise.
        #expect(try renderer.cells(for: key, bytes: []) == grid)
    }
}

@Suite struct ArtworkDiskCacheTests {
    private func bytes(_ count: Int, _ seed: UInt8) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0) &+ seed } }

    @Test func givesBackWhatItStored() {
        let cache = ArtworkDiskCache(directory: Fixtures.temporaryDirectory() + "/artwork", capacityBytes: 100_000)
        #expect(cache.bytes(for: "https://example.test/a/600x600bb.jpg") == nil)
        #expect(cache.store(bytes(5_000, 1), for: "https://example.test/a/600x600bb.jpg"))
        #expect(cache.bytes(for: "https://example.test/a/600x600bb.jpg") == bytes(5_000, 1))
        #expect(cache.bytes(for: "https://example.test/b/600x600bb.jpg") == nil)
    }

    @Test func neverExceedsItsSizeUnderManyInserts() {
        let cache = ArtworkDiskCache(directory: Fixtures.temporaryDirectory(), capacityBytes: 64_000)
        var generator = SplitMix64(seed: 7)
        for i in 0..<300 {
            let size = Int(generator.next() % 20_000)
            cache.store(bytes(size, UInt8(i & 0xFF)), for: "key-\(i % 50)")
            #expect(cache.totalBytes <= 64_000, "after insert \(i)")
        }
        // The newest is kept.
        #expect(cache.bytes(for: "key-49") != nil)
        // One file larger than the whole cache is refused, and nothing is evicted for it.
        let before = cache.totalBytes
        #expect(!cache.store(bytes(70_000, 0), for: "too-big"))
        #expect(cache.totalBytes == before)
    }

    @Test func theOldestIsEvictedFirst() {
        // Room for two entries of 10,000 bytes and their headers, not three.
        let cache = ArtworkDiskCache(directory: Fixtures.temporaryDirectory(), capacityBytes: 25_000)
        cache.store(bytes(10_000, 1), for: "a")
        cache.store(bytes(10_000, 2), for: "b")
        #expect(cache.bytes(for: "a") != nil)  // a use: now b is the oldest
        cache.store(bytes(10_000, 3), for: "c")
        #expect(cache.bytes(for: "a") == bytes(10_000, 1))
        #expect(cache.bytes(for: "b") == nil)
        #expect(cache.bytes(for: "c") == bytes(10_000, 3))
    }

    @Test func aCorruptEntryIsDroppedNotTrusted() throws {
        let cache = ArtworkDiskCache(directory: Fixtures.temporaryDirectory(), capacityBytes: 100_000)
        cache.store(bytes(1_000, 9), for: "cover")
        let path = cache.path(for: "cover")
        var contents = try #require(Shell.readFile(path))
        contents[contents.count - 10] ^= 0xFF  // one flipped byte in the body
        try write(contents, to: path)
        #expect(cache.bytes(for: "cover") == nil)
        #expect(access(path, F_OK) != 0, "the corrupt file is deleted")

        // A file of another key at this key's name (a hash collision) is not this key's picture.
        cache.store(bytes(100, 1), for: "other")
        try #require(rename(cache.path(for: "other"), path) == 0)
        #expect(cache.bytes(for: "cover") == nil)

        // Truncated, or not ours at all.
        cache.store(bytes(1_000, 9), for: "cover")
        try write(Array(try #require(Shell.readFile(path)).prefix(15)), to: path)
        #expect(cache.bytes(for: "cover") == nil)
        try write(Array("hello".utf8), to: path)
        #expect(cache.bytes(for: "cover") == nil)
    }

    @Test func defaultFolderFollowsXDG() {
        #expect(
            ArtworkDiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/segue/artwork")
        #expect(ArtworkDiskCache.defaultDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.cache/segue/artwork")
        #expect(ArtworkDiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/segue/artwork")
        #expect(ArtworkDiskCache.defaultDirectory(environment: [:]) == nil)
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CREAT, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        try #require(n == bytes.count)
    }
}
