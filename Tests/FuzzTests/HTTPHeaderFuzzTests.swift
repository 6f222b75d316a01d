import Catalog
import CatalogHTTP
import Checked
import TestSupport
import Testing

@testable import HTTP

/// HTTP headers from servers: `Retry-After`, `Content-Range` and `Content-Length` at their
/// extremes and in forms no server should send. The parsers give a value in range or nothing;
/// over loopback, a preview download with such headers ends (or is cancelled) promptly, and the
/// catalog turns them into a value or a sentence.
@Suite struct HTTPHeaderFuzzTests {
    static func headerValue(_ rng: inout SplitMix64) -> String {
        switch rng.int(6) {
        case 0: return FuzzMutator.word(&rng)
        case 1: return "Wed, 21 Oct 2015 07:28:00 GMT"
        case 2: return " \(FuzzMutator.number(&rng))\t"
        default: return FuzzMutator.number(&rng)
        }
    }

    static func contentRange(_ rng: inout SplitMix64) -> String {
        let unit = rng.int(8) == 0 ? FuzzMutator.word(&rng) + " " : "bytes "
        let first = rng.int(3) == 0 ? FuzzMutator.number(&rng) : String(rng.int(5000))
        let last = rng.int(3) == 0 ? FuzzMutator.number(&rng) : String(rng.int(5000))
        let size = rng.int(4) == 0 ? "*" : rng.int(2) == 0 ? FuzzMutator.number(&rng) : String(rng.int(5000))
        var text = unit + first + FuzzMutator.pick(["-", "--", "", " - "], &rng) + last + FuzzMutator.pick(["/", "", "//"], &rng) + size
        if rng.int(6) == 0 { text = FuzzMutator.damage(text, &rng) }
        return text
    }

    @Test func headerParsers() {
        fuzz("http-headers", test: "FuzzTests.HTTPHeaderFuzzTests/headerParsers", cases: 10_000) { rng in
            let retry = Self.headerValue(&rng)
            if let seconds = Checked.retryAfterSeconds(retry) {
                try require(
                    seconds.isFinite && seconds >= 0 && seconds <= Limits.maxRetryAfterSeconds, "Retry-After \(excerpt(retry)) → \(seconds)"
                )
            }
            let range = Self.contentRange(&rng)
            FuzzRunner.input("Retry-After: \(retry) / Content-Range: \(range)")
            if let parsed = ContentRange(range) {
                try require(parsed.first >= 0, "Content-Range \(excerpt(range)) starts at \(parsed.first)")
            }
        }
    }

    @Test func serversOverLoopback() throws {
        let server = FuzzRunner.isChild ? FixtureHTTPServer() : nil
        let body = (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        fuzz("http-loopback", test: "FuzzTests.HTTPHeaderFuzzTests/serversOverLoopback", cases: 300) { rng in
            guard let server else { throw FuzzRunner.Failure("no server") }
            var headers: [String: String] = [:]
            let status = FuzzMutator.pick([200, 206, 206, 416, 429, 503, 500, 301, 204, 404], &rng)
            if rng.int(3) != 0 { headers["Retry-After"] = Self.headerValue(&rng) }
            if status == 206 || rng.int(4) == 0 { headers["Content-Range"] = Self.contentRange(&rng) }
            // A lying Content-Length before the server's own (the server writes its fields sorted).
            if rng.int(4) == 0 { headers["A-Injected"] = "x\r\nContent-Length: " + Self.headerValue(&rng) }
            let cut = rng.int(body.count + 1)
            let sent = Array(body.prefix(cut))
            let path = "/case-\(rng.next())"
            FuzzRunner.input("\(status) \(headers) \(sent.count) bytes")
            let answer = FixtureHTTPServer.Response(status: status, headers: headers, body: sent)
            server.route(path, .handler { _ in answer })
            let options = HTTPOptions(
                connectTimeout: 2, stallTimeout: 2, maxAttempts: 1 + rng.int(3), initialBackoff: 0.01, noProxy: "127.0.0.1")
            if rng.int(3) == 0 {
                // The catalog's path: the same answer as a search's.
                let catalog = ITunesCatalog(
                    transport: HTTPCatalogTransport(options: options),
                    settings: CatalogSettings(baseURL: server.url(path), cacheLifetime: 0),
                    rateLimiter: RateLimiter(callsPerMinute: 1e9, burst: 1e9, clock: CatalogFuzzTests.clock), clock: CatalogFuzzTests.clock)
                do {
                    _ = try catalog.searchSongs(term: "x")
                } catch let error as CatalogError {
                    try require(!error.description.isEmpty, "a CatalogError without a sentence for \(headers)")
                }
                return
            }
            let download = HTTPDownload.start(url: server.url(path), options: options)
            // A download may honour a Retry-After for a while; stop (or next) must end it at once.
            _ = download.waitUntilDone(timeout: Double(rng.int(3)) * 0.2)
            download.cancel()
            try require(download.waitUntilDone(timeout: 5), "a download with \(status) \(headers) did not end within 5 s of cancel")
            try require(
                download.buffer.count <= body.count, "\(download.buffer.count) bytes kept of a \(body.count)-byte file with \(headers)")
        }
    }
}
