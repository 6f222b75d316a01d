import Audio
import HTTP
import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Transfers through `segue http-worker` processes (HTTPTransport.worker), as the daemon makes
/// them: the same bytes, errors, retries, resumes, caps and cancels as in-process, no worker left
/// behind, and a worker that dies or lies is a sentence, never a hang or a trap.
///
/// Every worker here is started through a small script that writes its pid to a file and then
/// execs the real worker (or plays a hostile one), so a test knows the worker ran and can look
/// for it in the process table afterwards.
@Suite struct HTTPWorkerTests {
    static let segue = Fixtures.packageRoot + "/.build/debug/segue"

    /// A worker executable: a script that records its pid, then runs `body` (by default the
    /// real worker).
    final class Worker: Sendable {
        let directory = Fixtures.temporaryDirectory()
        var path: String { directory + "/worker" }
        var pidsFile: String { directory + "/pids" }

        init(body: String = "exec '\(HTTPWorkerTests.segue)' http-worker") throws {
            try #require(access(HTTPWorkerTests.segue, X_OK) == 0, "build segue first: \(HTTPWorkerTests.segue)")
            Shell.writeFile(path, Array("#!/bin/sh\necho $$ >> '\(pidsFile)'\n\(body)\n".utf8))
            chmod(path, 0o755)
        }

        /// The pids of the workers started so far, in order.
        var pids: [pid_t] {
            let text = String(decoding: Shell.readFile(pidsFile) ?? [], as: UTF8.self)
            return text.split(separator: "\n").compactMap { pid_t($0) }
        }

        /// Quick loopback options whose transfers run in this worker.
        func options(maxAttempts: Int = 4, stallTimeout: Double = 5) -> HTTPOptions {
            HTTPOptions(
                connectTimeout: 2, stallTimeout: stallTimeout, maxAttempts: maxAttempts, initialBackoff: 0.02,
                noProxy: "127.0.0.1,localhost", transport: .worker(executable: path))
        }
    }

    /// True when no process has `pid` any more: ended and reaped (a zombie still has its entry).
    static func isGone(_ pid: pid_t) -> Bool { access("/proc/\(pid)", F_OK) != 0 }

    @Test func aPreviewDownloadsThroughAWorkerByteForByte() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/preview.m4a", .file(preview, contentType: "audio/mp4"))
        let worker = try Worker()
        let d = download(server.url("/preview.m4a"), options: worker.options())
        #expect(try allBytes(d.buffer) == preview)
        #expect(d.buffer.knownLength == preview.count)
        #expect(d.attempts == 1)
        #expect(server.requests(for: "/preview.m4a").first?.header("user-agent") == "Segue/0.1")
        let pids = worker.pids
        #expect(pids.count == 1, "one worker per transfer")
        #expect(pids.allSatisfy(Self.isGone), "the worker is gone and reaped once the transfer ended")
    }

    @Test func aCatalogRequestGetsItsAnswerThroughAWorker() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        let json = #"{"resultCount":1,"results":[{"trackName":"Segue"}]}"#
        server.route("/lookup", .status(200, body: Array(json.utf8), headers: ["Content-Type": "application/json", "X-Extra": "yes"]))
        let worker = try Worker()
        let response = try HTTPClient(options: worker.options()).get(server.url("/lookup?id=1"), headers: ["Accept": "application/json"])
        #expect(response.status == 200)
        #expect(response.text == json)
        #expect(response.header("x-extra") == "yes")
        #expect(server.requests(for: "/lookup").first?.header("accept") == "application/json")
        #expect(worker.pids.count == 1)
    }

    @Test func notFoundIsTheSameSentenceThroughAWorker() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/missing.m4a", .status(404, body: Array("no such file".utf8)))
        let worker = try Worker()
        let url = server.url("/missing.m4a")
        let d = download(url, options: worker.options())
        #expect(networkFailure(d.buffer) == "Could not download \(url): the server answered 404 (Not Found).")
        #expect(server.requests(for: "/missing.m4a").count == 1)
        #expect(d.buffer.count == 0)
    }

    @Test func aServerErrorIsRetriedThenSucceedsThroughWorkers() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/p.m4a", .sequence([.status(503), .file(preview, contentType: "audio/mp4")]))
        let worker = try Worker()
        let d = download(server.url("/p.m4a"), options: worker.options())
        #expect(try allBytes(d.buffer) == preview)
        #expect(d.attempts == 2)
        #expect(worker.pids.count == 2, "one worker per attempt")
    }

    @Test func aDroppedConnectionResumesWithRangeThroughWorkers() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/p.m4a", .dropAfter(preview, contentType: "audio/mp4", cutAt: 300_000, times: 1))
        let worker = try Worker()
        let d = download(server.url("/p.m4a"), options: worker.options())
        #expect(try allBytes(d.buffer) == preview)
        #expect(server.requests(for: "/p.m4a").map { $0.header("range") } == [nil, "bytes=300000-"])
        #expect(d.attempts == 2)
    }

    @Test func aBodyPastTheCapIsRefusedThroughAWorker() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/endless.mp3", .endless(contentType: "audio/mpeg", chunk: 8192))
        server.route("/search", .endless(contentType: "application/json", chunk: 8192, byte: 0x20))
        let worker = try Worker()
        var options = worker.options()
        options.maxStreamBytes = 300_000
        let url = server.url("/endless.mp3")
        let d = download(url, options: options)
        #expect(d.buffer.failure == .tooLarge(name: url, limit: 300_000))
        #expect(d.buffer.count <= 300_000)
        #expect(d.attempts == 1)
        let search = server.url("/search")
        #expect(throws: HTTPError.tooLarge(url: search, limit: 100_000)) {
            _ = try HTTPClient(options: worker.options(), maxBodyBytes: 100_000).get(search)
        }
        #expect(worker.pids.count == 2)
        #expect(worker.pids.allSatisfy(Self.isGone), "a refused transfer's worker is killed and reaped")
    }

    @Test func cancelStopsTheTransferAndLeavesNoWorker() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        let gate = FixtureHTTPServer.Gate()
        server.route("/t.mp3", .holdAfter(toneMP3, contentType: "audio/mpeg", cutAt: 16384, gate: gate))
        let worker = try Worker()
        let d = HTTPDownload.start(url: server.url("/t.mp3"), options: worker.options())
        #expect(d.buffer.waitForBytes(16384, timeout: 10) == 16384)
        let pid = try #require(worker.pids.first)
        #expect(!Self.isGone(pid), "the worker is there while the transfer waits")
        d.cancel()
        #expect(d.waitUntilDone(timeout: 2))
        #expect(Self.isGone(pid), "the cancelled transfer's worker was killed and reaped")
        #expect(throws: AudioError.cancelled) { try d.buffer.read(at: 0, count: 1) }
        #expect(d.attempts == 1)
        gate.open()
    }

    @Test func aWorkerKilledMidStreamIsRetriedFromWhereItStopped() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        let gate = FixtureHTTPServer.Gate()
        server.route(
            "/t.mp3",
            .sequence([
                .holdAfter(toneMP3, contentType: "audio/mpeg", cutAt: 16384, gate: gate), .file(toneMP3, contentType: "audio/mpeg"),
            ]))
        let worker = try Worker()
        let d = HTTPDownload.start(url: server.url("/t.mp3"), options: worker.options())
        #expect(d.buffer.waitForBytes(16384, timeout: 10) == 16384)
        kill(try #require(worker.pids.first), SIGKILL)
        #expect(d.waitUntilDone(timeout: 15))
        gate.open()
        #expect(try allBytes(d.buffer) == toneMP3)
        #expect(d.attempts == 2)
        #expect(server.requests(for: "/t.mp3").map { $0.header("range") } == [nil, "bytes=16384-"])
    }

    @Test func aWorkerKilledOnTheLastAttemptIsASentence() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        let gate = FixtureHTTPServer.Gate()
        server.route("/t.mp3", .holdAfter(toneMP3, contentType: "audio/mpeg", cutAt: 16384, gate: gate))
        let worker = try Worker()
        let url = server.url("/t.mp3")
        let d = HTTPDownload.start(url: url, options: worker.options(maxAttempts: 1))
        #expect(d.buffer.waitForBytes(16384, timeout: 10) == 16384)
        kill(try #require(worker.pids.first), SIGKILL)
        #expect(d.waitUntilDone(timeout: 15))
        gate.open()
        #expect(
            networkFailure(d.buffer)
                == "Could not download \(url): the transfer's worker process failed (it was killed by signal 9 (Killed) before the transfer ended)."
        )
        #expect(HTTPError.workerFailed(url: url, reason: "").isTransient)
    }

    /// Fake workers that write garbage, a giant length, half a frame, nothing at all, or hang:
    /// each ends the request with a sentence (here on its only attempt), and is reaped.
    @Test(arguments: [
        ("printf 'XXXXXXXXXXXX'; exec sleep 30", "it sent a frame with the unknown tag 88"),
        (#"printf 'B\377\377\377\377'; exec sleep 30"#, "it sent a frame of 4294967295 bytes, more than the 64 KB a frame may hold"),
        (#"printf 'B\020\000\000\000abc'; exit 0"#, "it exited with status 0 before it finished a frame"),
        ("exit 3", "it exited with status 3 before the transfer ended"),
        (#"printf 'E\001\000\000\000\011'; exec sleep 30"#, "it sent a frame shorter than its fields"),
        (#"printf 'E\011\000\000\000\011\000\000\000\000\000\000\000\000'; exec sleep 30"#, "it sent an end frame of unknown kind 9"),
    ])
    func aHostileWorkerIsASentence(script: String, reason: String) throws {
        // `head` waits for the request, so the worker answers after it and not before.
        let worker = try Worker(body: "head -c 1 >/dev/null\n" + script)
        let url = "http://127.0.0.1:\(FixtureHTTPServer.unusedPort())/a.json"
        let started = ContinuousClock.now
        #expect(throws: HTTPError.workerFailed(url: url, reason: reason)) {
            _ = try HTTPClient(options: worker.options(maxAttempts: 1)).get(url)
        }
        #expect(ContinuousClock.now - started < .seconds(10), "a hostile worker is cut off, not waited for")
        let pids = worker.pids
        #expect(pids.count == 1)
        #expect(pids.allSatisfy(Self.isGone), "the hostile worker is killed and reaped")
    }

    /// A worker that says nothing at all is a stall, as a server that says nothing is.
    @Test func aSilentWorkerIsAStall() throws {
        let worker = try Worker(body: "exec sleep 30")
        let url = "http://127.0.0.1:\(FixtureHTTPServer.unusedPort())/a.m4a"
        let d = download(url, options: worker.options(maxAttempts: 1, stallTimeout: 0.5))
        #expect(
            networkFailure(d.buffer) == "Could not download \(url): the transfer stalled, no data arrived for 0.5 seconds after 0 bytes.")
        #expect(worker.pids.allSatisfy(Self.isGone))
    }

    /// When no worker can be started at all, the transfer runs in this process instead.
    @Test func aWorkerThatCannotStartFallsBackToThisProcess() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        server.route("/preview.m4a", .file(preview, contentType: "audio/mp4"))
        var options = quick
        options.transport = .worker(executable: Fixtures.temporaryDirectory() + "/no-such-segue")
        let d = download(server.url("/preview.m4a"), options: options)
        #expect(try allBytes(d.buffer) == preview)
        #expect(d.attempts == 1)
    }
}
