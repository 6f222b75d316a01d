import HTTP
import TestSupport
import Testing

@Suite struct HTTPClientTests {
    @Test func getReturnsBodyAndRecordsTheRequestAsSent() throws {
        let server = FixtureHTTPServer()
        server.route(
            "/search",
            .handler { request in
                .init(text: "{\"q\":\"\(request.query ?? "")\"}", headers: ["X-Answer": "42"])
            })
        let client = HTTPClient(options: quick)
        let response = try client.get(server.url("/search?term=a%20b&limit=2"), headers: ["X-Test": "yes"])
        #expect(response.status == 200)
        #expect(response.text == "{\"q\":\"term=a%20b&limit=2\"}")
        #expect(response.header("x-answer") == "42")
        #expect(response.header("Content-Type") == "application/json")
        let requests = server.requests(for: "/search")
        #expect(requests.count == 1)
        #expect(requests.first?.path == "/search?term=a%20b&limit=2")
        #expect(requests.first?.header("x-test") == "yes")
    }

    @Test func errorStatusesAreReturnedNotThrown() throws {
        let server = FixtureHTTPServer()
        server.route("/bad", .status(400, body: Array("{\"error\":\"bad term\"}".utf8)))
        server.route("/busy", .status(429, body: Array("slow down".utf8), headers: ["Retry-After": "7"]))
        server.route("/no", .status(403))
        let client = HTTPClient(options: quick)

        let bad = try client.get(server.url("/bad"))
        #expect(bad.status == 400)
        #expect(bad.text == "{\"error\":\"bad term\"}")
        #expect(!bad.isSuccess)

        let busy = try client.get(server.url("/busy"))
        #expect(busy.status == 429)
        #expect(busy.text == "slow down")
        #expect(busy.header("retry-after") == "7")
        #expect(server.requests(for: "/busy").count == 1)  // the caller decides about 429

        let no = try client.get(server.url("/no"))
        #expect(no.status == 403)
        #expect(no.body.isEmpty)

        let unknown = try client.get(server.url("/nothing/here"))
        #expect(unknown.status == 404)
    }

    @Test func transportFailureThrows() {
        let url = "http://127.0.0.1:\(FixtureHTTPServer.unusedPort())/x"
        var options = quick
        options.maxAttempts = 1
        #expect {
            _ = try HTTPClient(options: options).get(url)
        } throws: { error in
            guard let error = error as? HTTPError, case .cannotConnect = error else { return false }
            return error.description.hasPrefix("Could not download \(url): could not connect to the server")
        }
    }
}

@Suite struct FixtureHTTPServerTests {
    @Test func rangeRequestsReturnTheRightSlice() throws {
        let server = FixtureHTTPServer()
        server.route("/a.m4a", .file(toneFS, contentType: "audio/mp4"))
        let client = HTTPClient(options: quick)
        let url = server.url("/a.m4a")

        let middle = try client.get(url, headers: ["Range": "bytes=100-199"])
        #expect(middle.status == 206)
        #expect(middle.body == Array(toneFS[100...199]))
        #expect(middle.header("content-range") == "bytes 100-199/\(toneFS.count)")

        let tail = try client.get(url, headers: ["Range": "bytes=1000-"])
        #expect(tail.status == 206)
        #expect(tail.body == Array(toneFS[1000...]))
        #expect(tail.header("content-length") == String(toneFS.count - 1000))

        let past = try client.get(url, headers: ["Range": "bytes=\(toneFS.count)-"])
        #expect(past.status == 416)
        #expect(past.header("content-range") == "bytes */\(toneFS.count)")

        let whole = try client.get(url)
        #expect(whole.status == 200)
        #expect(whole.body == toneFS)
        #expect(
            server.requests(for: "/a.m4a").map { $0.header("range") } == ["bytes=100-199", "bytes=1000-", "bytes=\(toneFS.count)-", nil])
    }

    @Test func rangeIgnoredWhenUnsupported() throws {
        let server = FixtureHTTPServer()
        server.route("/a.m4a", .file(toneFS, contentType: "audio/mp4", supportsRanges: false))
        let response = try HTTPClient(options: quick).get(server.url("/a.m4a"), headers: ["Range": "bytes=100-"])
        #expect(response.status == 200)
        #expect(response.body == toneFS)
    }

    @Test func sequenceRepeatsItsLastBehaviour() throws {
        let server = FixtureHTTPServer()
        server.route("/s", .sequence([.status(500), .status(201, body: [1, 2, 3])]))
        let client = HTTPClient(options: quick)
        let statuses = try (0..<4).map { _ in try client.get(server.url("/s")).status }
        #expect(statuses == [500, 201, 201, 201])
    }

    @Test func stopClosesHeldConnections() {
        let server = FixtureHTTPServer()
        server.route("/s.m4a", .stallAfter(preview, contentType: "audio/mp4", cutAt: 10_000))
        let d = HTTPDownload.start(url: server.url("/s.m4a"), options: quick)
        #expect(d.buffer.waitForBytes(10_000, timeout: 5) == 10_000)
        server.stop()
        // The held connection closes mid-body: the download sees a drop, then finds nothing listening.
        #expect(d.waitUntilDone(timeout: 5))
        #expect(d.buffer.isComplete)
        #expect(d.buffer.count == 10_000)
    }
}
