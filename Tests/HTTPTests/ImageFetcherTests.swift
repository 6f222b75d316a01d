import HTTP
import TestSupport
import Testing

/// Cover art fetched from a loopback server as the daemon fetches the catalog's artwork.
@Suite struct ImageFetcherTests {
    private let options = HTTPOptions(
        connectTimeout: 2, stallTimeout: 5, maxAttempts: 1, initialBackoff: 0.02, noProxy: "127.0.0.1,localhost")
    private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]

    @Test func anImageComesWithItsType() throws {
        let server = FixtureHTTPServer()
        server.route("/art/600x600bb.png", .file(png, contentType: "image/png; charset=binary"))
        let fetched = try #require(try ImageFetcher(maxBytes: 1 << 20, options: options).fetch(server.url("/art/600x600bb.png")))
        #expect(fetched.bytes == png)
        #expect(fetched.mimeType == "image/png")
    }

    @Test func nothingThereIsNoImage() throws {
        let server = FixtureHTTPServer()
        server.route("/page", .file(Array("<html>".utf8), contentType: "text/html"))
        let fetcher = ImageFetcher(maxBytes: 1 << 20, options: options)
        #expect(try fetcher.fetch(server.url("/missing.jpg")) == nil)
        #expect(try fetcher.fetch(server.url("/page")) == nil)
    }

    @Test func anImageOverTheLimitIsRefused() throws {
        let server = FixtureHTTPServer()
        server.route("/big.jpg", .file([UInt8](repeating: 0xFF, count: 4096), contentType: "image/jpeg"))
        #expect(throws: HTTPError.self) { try ImageFetcher(maxBytes: 1000, options: options).fetch(server.url("/big.jpg")) }
    }

    @Test func aServerFailureIsASentence() throws {
        let server = FixtureHTTPServer()
        server.route("/fail.jpg", .status(500))
        #expect(throws: HTTPError.self) { try ImageFetcher(maxBytes: 1000, options: options).fetch(server.url("/fail.jpg")) }
    }
}
