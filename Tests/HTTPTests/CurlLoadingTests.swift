import Testing

@testable import HTTP

/// libcurl is dlopened at the first request; these check what happens when it cannot be.
@Suite struct CurlLoadingTests {
    static let notInstalled = "libcurl is not installed (install the Debian package libcurl4)"

    @Test func missingLibraryIsReportedNotCrashed() {
        #expect(CurlLibrary.probe(["libsegue-no-such-curl.so.4"]) == .unavailable(Self.notInstalled))
    }

    @Test func libraryWithoutCurlFunctionsIsTooOld() {
        #expect(
            CurlLibrary.probe(["libsegue-no-such-curl.so.4", "libc.so.6"])
                == .unavailable("the installed libcurl is too old (install the Debian package libcurl4)"))
    }

    @Test func installedLibraryLoads() {
        #expect(CurlLibrary.probe(["libsegue-no-such-curl.so.4", "libcurl.so.4"]) == .ready)
        #expect(CurlLibrary.shared == .ready)
    }

    @Test func requestWithoutLibcurlEndsWithTheReason() {
        let request = CurlRequest(url: "http://127.0.0.1:9/a.m4a", options: HTTPOptions())
        let context = TransferContext(shouldStop: { false }, onBody: { _, _ in true })
        guard case .unavailable(let reason) = request.perform(context, library: .unavailable(Self.notInstalled)) else {
            Issue.record("expected .unavailable")
            return
        }
        let error = HTTPError.unavailable(url: request.url, reason: reason)
        #expect(!error.isTransient)
        #expect(
            error.description
                == "Could not download http://127.0.0.1:9/a.m4a: libcurl is not installed (install the Debian package libcurl4).")
    }
}
