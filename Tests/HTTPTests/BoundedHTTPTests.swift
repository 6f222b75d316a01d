import Audio
import HTTP
import TestSupport
import Testing

/// Issue 10: a server cannot make a transfer wait wrongly, hold unbounded memory or keep
/// unbounded headers. Sizes are asserted on what the buffer holds, not on the process's RSS.
@Suite struct BoundedHTTPTests {
    /// The seconds between the arrivals of consecutive requests to `path`.
    private func gaps(_ server: FixtureHTTPServer, _ path: String) -> [Double] {
        let times = server.requests(for: path).map(\.receivedAt)
        return zip(times, times.dropFirst()).map { pair in
            let (s, atto) = (pair.1 - pair.0).components
            return Double(s) + Double(atto) * 1e-18
        }
    }

    /// A `Retry-After` that is not whole seconds (negative, a fraction, NaN, infinite, huge in
    /// exponent form, a date) is ignored: the download waits its own backoff (0.3 s, then 0.6 s),
    /// neither spinning at once nor waiting 30 s, and then succeeds.
    @Test(arguments: ["-0.5", "nan", "-inf", "inf", "1e300", "0.5", "Wed, 21 Oct 2015 07:28:00 GMT"])
    func retryAfterThatIsNotWholeSecondsMeansTheOwnBackoff(value: String) throws {
        let server = FixtureHTTPServer()
        let busy = FixtureHTTPServer.Behaviour.status(503, headers: ["Retry-After": value])
        server.route("/a.m4a", .sequence([busy, busy, .file(toneFS, contentType: "audio/mp4")]))
        var options = quick
        options.initialBackoff = 0.3
        let d = HTTPDownload.start(url: server.url("/a.m4a"), options: options)
        #expect(d.waitUntilDone(timeout: 10), "the download did not end within 10 s")
        #expect(try allBytes(d.buffer) == toneFS)
        #expect(d.attempts == 3)
        let waits = gaps(server, "/a.m4a")
        #expect(waits.count == 2)
        #expect(waits.first.map { $0 >= 0.3 } == true, "first retry after \(waits)")
        #expect(waits.last.map { $0 >= 0.6 } == true, "second retry after \(waits)")
        #expect(waits.allSatisfy { $0 < 5 }, "waited \(waits)")
    }

    /// Always busy with `Retry-After: -0.5`: every attempt is made after the backoff and the
    /// stream then fails with the server's answer as a sentence.
    @Test func negativeRetryAfterEveryTimeFailsAfterTheBackoffs() {
        let server = FixtureHTTPServer()
        server.route("/a.m4a", .status(503, headers: ["Retry-After": "-0.5"]))
        var options = quick
        options.initialBackoff = 0.1
        let url = server.url("/a.m4a")
        let clock = ContinuousClock()
        let started = clock.now
        let d = HTTPDownload.start(url: url, options: options)
        #expect(d.waitUntilDone(timeout: 10), "the download did not end within 10 s")
        let elapsed = clock.now - started
        #expect(networkFailure(d.buffer) == "Could not download \(url): the server answered 503 (Service Unavailable).")
        #expect(d.attempts == 4)
        #expect(server.requests(for: "/a.m4a").count == 4)
        #expect(elapsed >= .milliseconds(700))  // 0.1 + 0.2 + 0.4 s of backoff
    }

    /// A server announcing 600 MB is refused at once, at the real default cap, before any byte is kept.
    @Test func contentLengthPastTheDefaultCapFailsAtOnce() {
        let server = FixtureHTTPServer()
        server.route("/big.mp3", .announcing(600 << 20, contentType: "audio/mpeg", body: Array(toneMP3.prefix(65536))))
        let url = server.url("/big.mp3")
        let clock = ContinuousClock()
        let started = clock.now
        let d = HTTPDownload.start(url: url, options: quick)  // quick has the production maxStreamBytes
        #expect(d.waitUntilDone(timeout: 4), "the download did not end within 4 s")
        #expect(clock.now - started < .seconds(4))
        #expect(
            d.buffer.failure?.description
                == "\(url) is larger than the 512 MB Segue streams; download it and play the file instead.")
        #expect(throws: AudioError.tooLarge(name: url, limit: 512 << 20)) { try allBytes(d.buffer) }
        #expect(d.buffer.count == 0)
        #expect(d.attempts == 1)
        #expect(server.requests(for: "/big.mp3").count == 1)
    }

    /// A body that never ends stops at the cap: the buffer holds at most the cap, what it holds
    /// stays readable, and the stream then fails with the sentence; no retry.
    @Test func endlessBodyIsCutOffAtTheCap() throws {
        let server = FixtureHTTPServer()
        server.route("/radio.mp3", .endless(contentType: "audio/mpeg", chunk: 16384, byte: 0x55))
        var options = quick
        options.maxStreamBytes = 300_000
        let url = server.url("/radio.mp3")
        let d = HTTPDownload.start(url: url, options: options)
        #expect(d.waitUntilDone(timeout: 10), "the download did not end within 10 s")
        #expect(d.buffer.count <= 300_000)
        #expect(d.buffer.count >= 300_000 - 16384 * 4)  // it did fill up to about the cap
        #expect(try d.buffer.read(at: 0, count: 16) == Array(repeating: 0x55, count: 16))
        #expect(throws: AudioError.tooLarge(name: url, limit: 300_000)) { try allBytes(d.buffer) }
        #expect(
            d.buffer.failure?.description
                == "\(url) is larger than the 292 KB Segue streams; download it and play the file instead.")
        #expect(d.attempts == 1)
    }

    /// A `Content-Range` total past what `Int` holds is a size past the cap, not an unknown one.
    @Test func contentRangeTotalPastIntIsTooLarge() {
        let server = FixtureHTTPServer()
        server.route(
            "/a.m4a",
            .handler { _ in
                .init(status: 206, headers: ["Content-Range": "bytes 0-9/99999999999999999999999999"], body: Array(toneFS.prefix(10)))
            })
        let url = server.url("/a.m4a")
        let d = HTTPDownload.start(url: url, options: quick)
        #expect(d.waitUntilDone(timeout: 5), "the download did not end within 5 s")
        #expect(d.buffer.failure == .tooLarge(name: url, limit: 512 << 20))
        #expect(d.attempts == 1)
    }

    /// An endless catalog answer stops at the client's cap with a sentence instead of growing.
    @Test func clientBodyIsCutOffAtItsCap() {
        let server = FixtureHTTPServer()
        server.route("/search", .endless(contentType: "application/json", chunk: 8192, byte: 0x20))
        let url = server.url("/search")
        let clock = ContinuousClock()
        let started = clock.now
        #expect(throws: HTTPError.tooLarge(url: url, limit: 100_000)) {
            _ = try HTTPClient(options: quick, maxBodyBytes: 100_000).get(url)
        }
        #expect(clock.now - started < .seconds(5))
        #expect(
            HTTPError.tooLarge(url: url, limit: 100_000).description
                == "Could not download \(url): the answer is larger than the 97 KB Segue accepts.")
        #expect(server.requests(for: "/search").count == 1)  // too large is not worth a retry
    }

    /// At the real default (8 MB) a 400 MB answer is refused as soon as its length is announced.
    @Test func clientRefusesAnAnnouncedBodyPastTheDefaultCap() {
        let server = FixtureHTTPServer()
        server.route("/search", .announcing(400 << 20, contentType: "application/json", body: Array("{\"results\":[".utf8)))
        let url = server.url("/search")
        let clock = ContinuousClock()
        let started = clock.now
        do {
            _ = try HTTPClient(options: quick).get(url)
            Issue.record("a 400 MB answer was accepted")
        } catch {
            #expect(error == .tooLarge(url: url, limit: 8 << 20))
            #expect(error.description == "Could not download \(url): the answer is larger than the 8 MB Segue accepts.")
        }
        #expect(clock.now - started < .seconds(4))
    }

    /// A catalog answer trickling a byte at a time (never stalling) ends at the request's time
    /// limit instead of holding the caller for as long as the server likes.
    @Test func tricklingAnswerEndsAtTheTimeLimit() {
        let server = FixtureHTTPServer()
        server.route("/search", .trickle(Array(repeating: 0x20, count: 200), contentType: "application/json", chunk: 1, interval: 0.1))
        var options = quick
        options.requestTimeout = 1
        options.maxAttempts = 1
        let url = server.url("/search")
        let clock = ContinuousClock()
        let started = clock.now
        #expect(throws: HTTPError.timedOut(url: url, seconds: 1)) { _ = try HTTPClient(options: options).get(url) }
        #expect(clock.now - started < .seconds(5))  // the whole answer would take 20 s
    }

    /// A body within the cap is returned whole, as before.
    @Test func clientBodyWithinTheCapIsWhole() throws {
        let server = FixtureHTTPServer()
        let body = [UInt8](repeating: 0x61, count: 100_000)
        server.route("/ok", .status(200, body: body))
        #expect(try HTTPClient(options: quick, maxBodyBytes: 100_000).get(server.url("/ok")).body == body)
    }

    /// Thousands of header fields and a 20 KB line: at most 100 are kept, the long line is not,
    /// and the fields Segue reads still are, even when they come after the hundredth.
    @Test func headersAreBounded() throws {
        let server = FixtureHTTPServer()
        var headers: [String: String] = [:]
        for i in 0..<3000 { headers["Filler-\(i)"] = "\(i)" }
        headers["A-Long"] = String(repeating: "x", count: 20_000)
        headers["Retry-After"] = "7"  // sorted after every Filler: it comes late
        server.route("/h", .status(429, body: Array("slow".utf8), headers: headers))
        let response = try HTTPClient(options: quick).get(server.url("/h"))
        #expect(response.status == 429)
        #expect(response.text == "slow")
        #expect(response.headers.count <= 104)
        #expect(response.header("a-long") == nil)
        #expect(response.header("retry-after") == "7")
        #expect(response.header("content-length") == "4")
    }
}
