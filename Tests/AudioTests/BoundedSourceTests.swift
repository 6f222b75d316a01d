import Audio
import Dispatch
import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 10: local items are only regular files (nothing blocks in `open`), reads allocate no
/// more than the bytes that exist, and a stream buffer never holds more than its capacity.
@Suite struct BoundedSourceTests {
    /// Runs `body` on another thread and waits up to `seconds` for its outcome; nil when it is
    /// still running then (it blocked).
    private func outcome(within seconds: Double, _ body: @escaping @Sendable () -> String) -> String? {
        let result = ConditionLock<String?>(nil)
        DispatchQueue(label: "opener").async {
            let text = body()
            result.withLockBroadcast { $0 = text }
        }
        return result.wait(until: { $0 != nil }, timeout: seconds) { $0 }
    }

    /// A FIFO nobody writes to is refused at once with a sentence; the old code blocked in `open` for ever.
    @Test func fifoIsRefusedWithoutBlocking() throws {
        let fifo = Fixtures.temporaryDirectory() + "/queue-item.mp3"
        try #require(mkfifo(fifo, 0o600) == 0)
        let seen = outcome(within: 5) {
            do {
                _ = try FileByteSource(path: fifo)
                return "opened"
            } catch {
                return "\(error)"
            }
        }
        if seen == nil {
            // Still blocked (the old behaviour): a writer's open releases it so the thread ends.
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        #expect(seen == "\(fifo) is not a regular file (a FIFO); Segue plays only files.")
    }

    @Test func deviceIsRefused() {
        #expect(throws: AudioError.notAFile(path: "/dev/zero", kind: "a character device")) {
            _ = try FileByteSource(path: "/dev/zero")
        }
    }

    @Test func folderAndMissingFileKeepTheirSentences() {
        let folder = Fixtures.temporaryDirectory()
        #expect(throws: AudioError.file(path: folder, reason: "it is a folder")) { _ = try FileByteSource(path: folder) }
        #expect(throws: AudioError.file(path: folder + "/none.mp3", reason: "no such file")) {
            _ = try FileByteSource(path: folder + "/none.mp3")
        }
    }

    /// A symbolic link to a regular file is still a file (the check is on what it names).
    @Test func linkToARegularFileOpens() throws {
        let link = Fixtures.temporaryDirectory() + "/link.mp3"
        try #require(symlink(Fixtures.path("tone.mp3"), link) == 0)
        let source = try FileByteSource(path: link)
        #expect(source.knownLength == Fixtures.bytes("tone.mp3").count)
        #expect(try source.readFully(at: 0, count: 4) == Array(Fixtures.bytes("tone.mp3").prefix(4)))
    }

    /// A count from a damaged file (say 2^62) allocates no more than the file holds.
    @Test func hugeReadCountAllocatesOnlyWhatIsThere() throws {
        let bytes = Fixtures.bytes("tone.mp3")
        let source = try FileByteSource(path: Fixtures.path("tone.mp3"))
        #expect(try source.readFully(at: 0, count: 1 << 62) == bytes)
        #expect(try source.read(at: 100, count: Int.max) == Array(bytes[100...]))
    }

    /// `offset + count` past `Int.max` traps no more (it did in `StreamBuffer.read`).
    @Test func streamBufferReadNearIntMax() throws {
        let buffer = StreamBuffer(name: "s", completeBytes: Array(0..<100))
        #expect(try buffer.read(at: 10, count: Int.max) == Array(10..<100))
        #expect(try buffer.read(at: Int.max, count: Int.max).isEmpty)
    }

    /// Appends past the capacity are refused whole; what was held stays readable, then the
    /// reader gets the sentence.
    @Test func streamBufferStopsAtItsCapacity() throws {
        let buffer = StreamBuffer(name: "http://host/long.mp3", capacity: 10)
        #expect(buffer.append([1, 2, 3, 4, 5, 6]))
        #expect(!buffer.append([7, 8, 9, 10, 11]))
        #expect(!buffer.append([7]))  // refused for good once failed
        #expect(buffer.count == 6)
        #expect(try buffer.read(at: 0, count: 100) == [1, 2, 3, 4, 5, 6])
        let failure = AudioError.tooLarge(name: "http://host/long.mp3", limit: 10)
        #expect(throws: failure) { try buffer.read(at: 6, count: 1) }
        #expect(
            failure.description == "http://host/long.mp3 is larger than the 10 bytes Segue streams; download it and play the file instead.")
        #expect(
            AudioError.tooLarge(name: "u", limit: 512 << 20).description
                == "u is larger than the 512 MB Segue streams; download it and play the file instead.")
    }

    @Test func streamBufferFillsExactlyToItsCapacity() throws {
        let buffer = StreamBuffer(name: "s", capacity: 10)
        #expect(buffer.append(Array(repeating: 1, count: 10)))
        buffer.finish()
        #expect(try buffer.readFully(at: 0, count: 100).count == 10)
        #expect(buffer.failure == nil)
    }

    /// A reader waiting for bytes that never come is woken by `cancel()` (stop, next).
    @Test func waitingReadIsCancellable() {
        let buffer = StreamBuffer(name: "s")
        buffer.append([1])
        let started = ConditionLock(false)
        let result = ConditionLock<String?>(nil)
        DispatchQueue(label: "reader").async {
            started.withLockBroadcast { $0 = true }
            let text: String
            do { text = "read \(try buffer.read(at: 1, count: 1))" } catch { text = "\(error)" }
            result.withLockBroadcast { $0 = text }
        }
        #expect(started.wait(until: { $0 }, timeout: 5) { $0 })
        buffer.cancel()
        #expect(result.wait(until: { $0 != nil }, timeout: 5) { $0 } == AudioError.cancelled.description)
    }
}
