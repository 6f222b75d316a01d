import Daemon
import MPDProtocol
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The MPD server's memory against clients that ask for more than they take: one that never
/// reads its replies, one whose 2 MiB command list asks for hundreds of megabytes of reply. Each
/// runs in a child process (`FuzzRunner.runTestBinary`) whose address space is capped, and that
/// child checks its own peak resident memory: a server that kept a client's replies beyond
/// MPD's 8 MiB output buffer grows by far more than `allowedGrowth`.
@Suite(.serialized) struct MPDHostileMemoryTests {
    /// What a child may grow by: the 8 MiB a client may have waiting, copies of it while it is
    /// built, and the threads of a server under load.
    static let allowedGrowth = 64 << 20

    @Test(arguments: ["mpd-never-reads", "mpd-amplifying-list"])
    func aGreedyClientCostsAtMostItsOutputBuffer(work: String) throws {
        let result = FuzzRunner.runTestBinary(
            filter: "MPDHostileMemoryChild", work: work, environment: ["MALLOC_ARENA_MAX": "2"], deadline: 300)
        let output = result.stdoutText + result.stderr
        #expect(result.exitCode == 0, "the \(work) child failed (exit \(result.exitCode)):\n\(output.suffix(4000))")
        // The report proves the child ran its work rather than matching no test.
        let report = try #require(
            result.stdoutText.split(separator: "\n").first { $0.hasPrefix("mpd-memory \(work) ") }, "no report:\n\(output.suffix(4000))")
        print(report)
    }
}

/// The children of `MPDHostileMemoryTests`: run only when `SEGUE_FUZZ_CHILD` names their work,
/// which the parent sets; in a normal run this is the skipped entry point, not a check.
@Suite struct MPDHostileMemoryChild {
    @Test(.enabled(if: FuzzRunner.childWork?.hasPrefix("mpd-") == true, "runs only as the child of MPDHostileMemoryTests"))
    func run() throws {
        let work = try #require(FuzzRunner.childWork)
        _ = try #require(FuzzRunner.capAddressSpace(headroom: 1 << 30), "could not cap the address space")
        let rig = try MPDServerTests.Rig()
        let greedy = try rig.connect()
        let other = try rig.connect()
        #expect(try MPDHostileClientTests.ask(other, "ping") == ["OK"])
        let before = try #require(Self.peakResidentBytes())
        switch work {
        case "mpd-never-reads":
            // `decoders` answers 550 bytes for 9 sent: 200,000 of them ask for 110 MB.
            let chunk = Array(String(repeating: "decoders\n", count: 1000).utf8)
            var chunks = 0
            while chunks < 200, rig.server.clientCount == 2 {
                guard (try? greedy.sendBytes(chunk)) != nil else { break }
                chunks += 1
                if chunks % 20 == 0 { #expect(try MPDHostileClientTests.ask(other, "ping") == ["OK"], "after \(chunks) chunks") }
            }
            #expect(Poll.until(timeout: 60) { rig.server.clientCount == 1 }, "the client that never reads is still connected")
        case "mpd-amplifying-list":
            // Just under 2 MiB of `decoders` in one list: 128 MB of reply if it were all built.
            let count = MPDConnectionMachine.maxCommandListBytes / 9 - 1
            try greedy.sendBytes(
                Array(("command_list_begin\n" + String(repeating: "decoders\n", count: count) + "command_list_end\n").utf8))
            // This client reads: whatever it is sent, it ends at MPD's limit, not 128 MB later.
            let received = try Self.drain(greedy, stoppingAfter: 2 * MPDServer.maxOutputBytes)
            #expect(received <= MPDServer.maxOutputBytes, "\(received) bytes of reply, and counting")
        default:
            Issue.record("no child work \(work)")
        }
        #expect(try MPDHostileClientTests.ask(other, "ping") == ["OK"], "another client is still served")
        let grown = try #require(Self.peakResidentBytes()) - before
        #expect(grown < MPDHostileMemoryTests.allowedGrowth, "the server grew by \(grown >> 20) MiB")
        print("mpd-memory \(work) peak growth \(grown >> 20) MiB")
    }

    /// Reads and counts what the server sends until it closes the connection, or until more than
    /// `limit` bytes came; each wait has a deadline.
    static func drain(_ connection: LineConnection, stoppingAfter limit: Int) throws -> Int {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while total <= limit {
            var ready = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 60_000)
            if polled < 0, errno == EINTR { continue }
            try #require(polled > 0, "no byte and no end for 60 s after \(total) bytes")
            let n = buffer.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return total }  // the end, or a reset
            total += n
        }
        return total
    }

    /// This process's peak resident memory (VmHWM), in bytes.
    static func peakResidentBytes() -> Int? {
        guard let status = Shell.readFile("/proc/self/status") else { return nil }
        let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line?.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
    }
}
