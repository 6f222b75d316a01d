import Audio
import Checked
import POSIXSupport
import Synchronization
import TestSupport
import Testing

@testable import Daemon

#if canImport(Glibc)
    import Glibc
#endif

/// Something that is not our daemon, at a socket path our clients use: it accepts one client,
/// sends `bytes` (paced by `pause` seconds between chunks, if any), then holds the connection
/// open until the client goes away, the fake is released, or 30 s pass.
///
/// Released, it wakes its thread and waits for it before closing the listener: a thread left
/// polling a closed descriptor would accept from whatever socket next gets that number — another
/// test's server — and close that test's client.
private final class FakeDaemon: Sendable {
    let path: String
    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let finished = ConditionLock(false)

    init(sending bytes: [UInt8], chunk: Int = 1 << 16, pause: Double = 0) throws {
        path = Fixtures.temporaryDirectory() + "/socket"
        listener = makeUnixSocket()
        wake = try #require(makeWakePipe())
        try #require(listener >= 0)
        try #require(bindUnix(listener, try #require(unixAddress(path))) == 0)
        try #require(listen(listener, 4) == 0)
        let (listener, wake, finished) = (self.listener, self.wake, self.finished)
        startThread(name: "fake daemon") {
            defer { finished.withLockBroadcast { $0 = true } }
            /// Waits for `fd` to be readable; false when woken to stop or after 30 s.
            func readable(_ fd: Int32) -> Bool {
                var ready = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
                return poll(&ready, 2, 30_000) > 0 && ready[1].revents == 0 && ready[0].revents != 0
            }
            guard readable(listener) else { return }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            defer { close(fd) }
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset..<min(bytes.count, offset + chunk)].withUnsafeBytes {
                    send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if n <= 0 { return }  // the client gave up
                offset += n
                if pause > 0 {
                    // Pacing, and a prompt stop when released.
                    var stop = pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
                    if poll(&stop, 1, Int32(pause * 1000)) > 0 { return }
                }
            }
            _ = readable(fd)  // hold the connection open
        }
    }

    deinit {
        pokeWakePipe(wake.write)
        finished.wait(until: { $0 }, timeout: 60) { _ in }
        close(listener)
        close(wake.read)
        close(wake.write)
    }
}

/// The clients (`segue ctl`, the terminal UI) read what answers at the socket with limits: a
/// line without end is refused with a sentence after a bounded amount of memory, and a reply
/// that trickles in never holds a reader past its deadline.
@Suite struct HostileServerTests {
    /// The limit and the bytes held, when `error` is `.replyTooLong`.
    private func tooLong(_ error: DaemonError?) -> (limit: Int, buffered: Int)? {
        guard case .replyTooLong(let limit, let buffered) = error else { return nil }
        return (limit, buffered)
    }

    @Test func anEndlessLineIsRefusedAfterTheLimit() throws {
        let fake = try FakeDaemon(sending: [UInt8](repeating: UInt8(ascii: "x"), count: 4 << 20))
        let connection = try LineConnection(path: fake.path, maxLineBytes: 1 << 20)
        let error = #expect(throws: DaemonError.self) { try connection.readLine(timeout: 20) }
        let (limit, buffered) = try #require(tooLong(error), "\(String(describing: error))")
        #expect(limit == 1 << 20)
        #expect(buffered > 0 && buffered <= 1 << 20, "held \(buffered) bytes")
        #expect(error?.description == "The Segue daemon sent a line longer than 1048576 bytes; the connection was closed.")
        #expect(throws: DaemonError.replyTooLong(limit: limit, buffered: buffered), "nothing more is read from it") {
            try connection.readLine(timeout: 1)
        }
    }

    @Test func theDefaultLimitHoldsAtSixtyFourMebibytes() throws {
        // More than the limit with no newline, then silence: without a limit the client holds
        // all of it and then times out.
        let fake = try FakeDaemon(sending: [UInt8](repeating: UInt8(ascii: "x"), count: Limits.maxReplyLineBytes + (1 << 20)))
        let connection = try LineConnection(path: fake.path)
        let error = #expect(throws: DaemonError.self) { try connection.readLine(timeout: 30) }
        let (limit, buffered) = try #require(tooLong(error), "\(String(describing: error))")
        #expect(limit == Limits.maxReplyLineBytes)
        #expect(buffered <= Limits.maxReplyLineBytes)
    }

    @Test func theTerminalUIsWayOfReadingIsLimitedToo() throws {
        let fake = try FakeDaemon(sending: Array("{\"event\":\"queueEnded\"}\n".utf8) + [UInt8](repeating: 0x7B, count: 3 << 20))
        let connection = try LineConnection(path: fake.path, maxLineBytes: 1 << 20)
        var lines: [String] = []
        var failure: DaemonError?
        for _ in 0..<2000 where failure == nil {
            var ready = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 10_000)
            do {
                guard let more = try connection.availableLines() else { break }
                lines += more
            } catch {
                failure = error
            }
        }
        #expect(lines == ["{\"event\":\"queueEnded\"}"])
        #expect(tooLong(failure)?.limit == 1 << 20, "\(String(describing: failure))")
    }

    @Test func aLargeQueueReplyStillArrives() throws {
        // A 25,000-entry queue is about 5 MB on one line; 20 MB leaves room for long titles.
        let line = [UInt8](repeating: UInt8(ascii: "q"), count: 20 << 20) + [10]
        let fake = try FakeDaemon(sending: line)
        let connection = try LineConnection(path: fake.path)
        #expect(try connection.readLine(timeout: 30)?.utf8.count == 20 << 20)
    }

    @Test func aReplyTricklingInStillEndsAtTheDeadline() throws {
        // One byte every 50 ms, never a newline: each read returns something, but the deadline
        // is for the whole line.
        let fake = try FakeDaemon(sending: [UInt8](repeating: UInt8(ascii: "x"), count: 400), chunk: 1, pause: 0.05)
        let connection = try LineConnection(path: fake.path)
        let start = monotonicSeconds()
        #expect(throws: DaemonError.timedOut) { try connection.readLine(timeout: 0.5) }
        #expect(monotonicSeconds() - start < 5)
    }

    @Test func aTimeoutFromOutsideNeverTraps() throws {
        let fake = try FakeDaemon(sending: [])
        let connection = try LineConnection(path: fake.path)
        for timeout: Double in [.nan, -1, -Double.infinity, 0] {
            #expect(throws: DaemonError.timedOut) { try connection.readLine(timeout: timeout) }
        }
    }
}
