import Audio
import Dispatch
import HTTP
import POSIXSupport
import TestSupport
import Testing

/// Loopback only: bypass any proxy from the environment, fail fast, retry quickly.
let quick = HTTPOptions(connectTimeout: 2, stallTimeout: 5, maxAttempts: 4, initialBackoff: 0.02, noProxy: "127.0.0.1,localhost")

let preview = Fixtures.bytes("preview.m4a")
let toneFS = Fixtures.bytes("tone-fs.m4a")
let toneMP3 = Fixtures.bytes("tone.mp3")

/// Every byte of a finished buffer; throws the buffer's failure.
func allBytes(_ buffer: StreamBuffer) throws -> [UInt8] {
    try buffer.readFully(at: 0, count: 1 << 40)
}

/// The text of the `AudioError.network` a failed buffer throws, or nil.
func networkFailure(_ buffer: StreamBuffer) -> String? {
    do {
        _ = try allBytes(buffer)
        return nil
    } catch AudioError.network(let text) {
        return text
    } catch {
        return "unexpected error: \(error)"
    }
}

/// Starts `url` and waits (at most 15 s) for the download thread to end.
func download(_ url: String, options: HTTPOptions = quick) -> HTTPDownload {
    let d = HTTPDownload.start(url: url, options: options)
    #expect(d.waitUntilDone(timeout: 15), "download did not end")
    return d
}

@Suite struct HTTPDownloadTests {
    @Test func normalDownloadIsByteIdentical() throws {
        let server = FixtureHTTPServer()
        server.route("/preview.m4a", .file(preview, contentType: "audio/mp4"))
        let d = download(server.url("/preview.m4a"))
        #expect(preview.count > 800_000)
        #expect(try allBytes(d.buffer) == preview)
        #expect(d.buffer.knownLength == preview.count)
        #expect(d.attempts == 1)
        let requests = server.requests(for: "/preview.m4a")
        #expect(requests.count == 1)
        #expect(requests.first?.method == "GET")
        #expect(requests.first?.header("range") == nil)
        #expect(requests.first?.header("user-agent") == "Segue/0.1")
        #expect(requests.first?.header("accept-encoding") == nil)
    }

    @Test func aDownloadIsReadableBeforeTheEnd() throws {
        let server = FixtureHTTPServer()
        defer { server.stop() }
        let gate = FixtureHTTPServer.Gate()
        server.route("/t.mp3", .holdAfter(toneMP3, contentType: "audio/mpeg", cutAt: 16384, gate: gate))
        let d = HTTPDownload.start(url: server.url("/t.mp3"), options: quick)
        let first = try d.buffer.read(at: 0, count: 1000)
        let completeAtFirstRead = d.buffer.isComplete
        let lengthAtFirstRead = d.buffer.knownLength
        let countAtFirstRead = d.buffer.count
        #expect(toneMP3.count > 5 * 16384)
        #expect(!first.isEmpty)
        #expect(first == Array(toneMP3[0..<first.count]))
        #expect(!completeAtFirstRead)
        #expect(countAtFirstRead < toneMP3.count)
        #expect(lengthAtFirstRead == toneMP3.count)  // from Content-Length, before the end
        gate.open()
        #expect(d.waitUntilDone(timeout: 15))
        #expect(try allBytes(d.buffer) == toneMP3)
    }

    @Test(arguments: [1, 2])
    func droppedConnectionResumesWithRange(times: Int) throws {
        let server = FixtureHTTPServer()
        server.route("/p.m4a", .dropAfter(preview, contentType: "audio/mp4", cutAt: 300_000, times: times))
        let d = download(server.url("/p.m4a"))
        #expect(try allBytes(d.buffer) == preview)
        #expect(d.buffer.knownLength == preview.count)
        let requests = server.requests(for: "/p.m4a")
        #expect(requests.count == times + 1)
        #expect(requests.first?.header("range") == nil)
        #expect(requests.dropFirst().map { $0.header("range") } == Array(repeating: "bytes=300000-", count: times))
        #expect(d.attempts == times + 1)
    }

    @Test func droppedConnectionWithoutRangeSupportSkipsTheKnownBytes() throws {
        let server = FixtureHTTPServer()
        server.route("/p.m4a", .dropAfter(preview, contentType: "audio/mp4", cutAt: 300_000, times: 1, supportsRanges: false))
        let d = download(server.url("/p.m4a"))
        #expect(try allBytes(d.buffer) == preview)
        let requests = server.requests(for: "/p.m4a")
        #expect(requests.count == 2)
        #expect(requests.last?.header("range") == "bytes=300000-")
    }

    @Test func dropsEveryTimeGivesUpAfterMaxAttempts() {
        let server = FixtureHTTPServer()
        server.route("/p.m4a", .dropAfter(preview, contentType: "audio/mp4", cutAt: 300_000, times: 100))
        var options = quick
        options.maxAttempts = 3
        let url = server.url("/p.m4a")
        let d = download(url, options: options)
        let text = networkFailure(d.buffer)
        #expect(text == "Could not download \(url): the connection dropped after 300000 of \(preview.count) bytes.")
        #expect(server.requests(for: "/p.m4a").count == 3)
        #expect(d.attempts == 3)
        #expect(d.buffer.count == 300_000)  // what arrived stays readable
    }

    @Test func notFoundFailsAtOnce() {
        let server = FixtureHTTPServer()
        server.route("/missing.m4a", .status(404, body: Array("no such file".utf8)))
        let url = server.url("/missing.m4a")
        let d = download(url)
        let text = networkFailure(d.buffer)
        #expect(text == "Could not download \(url): the server answered 404 (Not Found).")
        #expect(server.requests(for: "/missing.m4a").count == 1)
        #expect(d.buffer.count == 0)  // the error page is not audio
    }

    @Test func forbiddenWithEmptyBodyFailsAtOnce() {
        let server = FixtureHTTPServer()
        server.route("/f.m4a", .status(403))
        let d = download(server.url("/f.m4a"))
        #expect(networkFailure(d.buffer)?.contains("403 (Forbidden)") == true)
        #expect(server.requests(for: "/f.m4a").count == 1)
    }

    @Test func serverErrorThenSuccessRetries() throws {
        let server = FixtureHTTPServer()
        server.route("/a.m4a", .sequence([.status(500, body: Array("oops".utf8)), .file(toneFS, contentType: "audio/mp4")]))
        let d = download(server.url("/a.m4a"))
        #expect(try allBytes(d.buffer) == toneFS)
        #expect(server.requests(for: "/a.m4a").count == 2)
        #expect(d.attempts == 2)
    }

    @Test func unavailableAlwaysFailsAfterMaxAttempts() {
        let server = FixtureHTTPServer()
        server.route("/a.m4a", .status(503))
        var options = quick
        options.maxAttempts = 3
        let url = server.url("/a.m4a")
        let d = download(url, options: options)
        #expect(networkFailure(d.buffer) == "Could not download \(url): the server answered 503 (Service Unavailable).")
        #expect(server.requests(for: "/a.m4a").count == 3)
    }

    @Test func tooManyRequestsRespectsRetryAfter() throws {
        let server = FixtureHTTPServer()
        server.route("/a.m4a", .sequence([.status(429, headers: ["Retry-After": "1"]), .file(toneFS, contentType: "audio/mp4")]))
        let clock = ContinuousClock()
        let started = clock.now
        let d = download(server.url("/a.m4a"))
        let elapsed = clock.now - started
        #expect(try allBytes(d.buffer) == toneFS)
        #expect(server.requests(for: "/a.m4a").count == 2)
        #expect(elapsed >= .seconds(1))  // waited as told, not the 0.02 s backoff
    }

    @Test func followsRedirects() throws {
        let server = FixtureHTTPServer()
        server.route("/a.m4a", .file(toneFS, contentType: "audio/mp4"))
        server.route("/old", .status(302, headers: ["Location": server.url("/a.m4a")]))
        let d = download(server.url("/old"))
        #expect(try allBytes(d.buffer) == toneFS)
        #expect(server.requests(for: "/a.m4a").count == 1)
    }

    @Test func redirectLoopFails() {
        let server = FixtureHTTPServer()
        server.route("/loop", .status(302, headers: ["Location": server.url("/loop")]))
        let url = server.url("/loop")
        let d = download(url)
        #expect(networkFailure(d.buffer) == "Could not download \(url): the server redirected too many times.")
        #expect(server.requests(for: "/loop").count == 6)  // the first request and 5 redirects
    }

    @Test func stallFailsWithAStallMessage() {
        let server = FixtureHTTPServer()
        server.route("/s.m4a", .stallAfter(preview, contentType: "audio/mp4", cutAt: 100_000))
        var options = quick
        options.stallTimeout = 1
        options.maxAttempts = 1
        let url = server.url("/s.m4a")
        let d = download(url, options: options)
        #expect(
            networkFailure(d.buffer)
                == "Could not download \(url): the transfer stalled, no data arrived for 1 second after 100000 bytes.")
        #expect(d.buffer.count == 100_000)
    }

    @Test func connectionRefused() {
        let url = "http://127.0.0.1:\(FixtureHTTPServer.unusedPort())/a.m4a"
        var options = quick
        options.maxAttempts = 2
        let d = download(url, options: options)
        let text = networkFailure(d.buffer) ?? ""
        #expect(text.hasPrefix("Could not download \(url): could not connect to the server ("))
        #expect(d.attempts == 2)
    }

    @Test(arguments: ["ftp://127.0.0.1/a.m4a", "nonsense://x", "http://[::1/a"])
    func badURLFailsAtOnce(url: String) {
        let d = download(url)
        let text = networkFailure(d.buffer) ?? ""
        #expect(text.hasPrefix("Could not download \(url): the address is not valid ("))
        #expect(d.attempts == 1)
    }

    @Test func cancelDuringTrickleStopsPromptly() throws {
        let server = FixtureHTTPServer()
        server.route("/t.m4a", .trickle(preview, contentType: "audio/mp4", chunk: 4096, interval: 0.05))  // ~11 s in all
        let d = HTTPDownload.start(url: server.url("/t.m4a"), options: quick)
        #expect(d.buffer.waitForBytes(1, timeout: 5) > 0)

        // A reader waiting for bytes that have not arrived yet.
        let outcome = ConditionLock<String?>(nil)
        let buffer = d.buffer
        DispatchQueue(label: "reader").async {
            let result: String
            do {
                result = "read \(try buffer.read(at: preview.count - 1, count: 1).count)"
            } catch {
                result = "\(error)"
            }
            outcome.withLockBroadcast { $0 = result }
        }
        d.cancel()
        let text = outcome.wait(until: { $0 != nil }, timeout: 2, { $0 })
        #expect(text == AudioError.cancelled.description)
        #expect(d.waitUntilDone(timeout: 2))
        #expect(throws: AudioError.cancelled) { try d.buffer.read(at: 0, count: 1) }
        #expect(d.buffer.count < preview.count)
        #expect(d.attempts == 1)
    }

    @Test func readerCancellingAStalledTransferEndsIt() {
        let server = FixtureHTTPServer()
        server.route("/s.m4a", .stallAfter(preview, contentType: "audio/mp4", cutAt: 50_000))
        let d = HTTPDownload.start(url: server.url("/s.m4a"), options: quick)
        #expect(d.buffer.waitForBytes(50_000, timeout: 5) == 50_000)
        d.buffer.cancel()  // as a decoder would
        #expect(d.waitUntilDone(timeout: 2))
        #expect(d.attempts == 1)  // a cancel is not a failure to retry
    }
}
