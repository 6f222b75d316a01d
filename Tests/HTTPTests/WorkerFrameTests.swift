import TestSupport
import Testing

@testable import HTTP

/// The worker protocol's frames as bytes: a request survives the trip to the worker whole, frames
/// arriving a byte at a time read the same as in one piece, and no sequence of bytes makes the
/// reader trap or hold more than its bound.
@Suite struct WorkerFrameTests {
    @Test func aRequestArrivesWhole() throws {
        var request = CurlRequest(
            url: "https://example.com/a b.m4a?x=é", options: HTTPOptions(connectTimeout: 3, stallTimeout: 7.5, noProxy: "127.0.0.1"))
        request.headers = ["Accept: application/json", "X-Empty: "]
        request.range = "300000-"
        request.acceptCompressed = true
        request.timeLimit = 60
        let frame = WorkerFrame.request(request).encoded
        var reader = WorkerFrameReader()
        frame.withUnsafeBytes { reader.append($0) }
        guard case .request(let read)? = try reader.next() else {
            Issue.record("not a request frame")
            return
        }
        #expect(read.url == request.url)
        #expect(read.headers == request.headers)
        #expect(read.range == "300000-")
        #expect(read.acceptCompressed)
        #expect(read.timeLimit == 60)
        #expect(read.options.connectTimeout == 3 && read.options.stallTimeout == 7.5)
        #expect(read.options.noProxy == "127.0.0.1" && read.options.userAgent == "Segue/0.1")
        #expect(read.options.transport == .inProcess, "a worker never starts workers of its own")

        var plain = CurlRequest(url: "http://h/", options: HTTPOptions())
        plain.timeLimit = nil
        let again = try CurlRequest(workerPayload: plain.workerPayload[...])
        #expect(again.range == nil && again.timeLimit == nil && again.options.noProxy == nil && !again.acceptCompressed)
    }

    @Test func framesReadTheSameByteByByte() throws {
        let body = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var stream = WorkerFrame.headerLine(Array("HTTP/1.1 200 OK\r\n".utf8)).encoded
        stream += body.withUnsafeBytes { WorkerFrame.bodyFrames($0) }
        stream += WorkerFrame.end(.finished(code: 0, message: "done"), status: 200).encoded
        var reader = WorkerFrameReader()
        var lines: [[UInt8]] = []
        var received: [UInt8] = []
        var bodyFrames = 0
        var end: TransferEnd?
        for byte in stream {
            [byte].withUnsafeBytes { reader.append($0) }
            while let frame = try reader.next() {
                switch frame {
                case .headerLine(let line): lines.append(line)
                case .body(let bytes):
                    received += bytes
                    bodyFrames += 1
                case .end(let e, let status):
                    end = e
                    #expect(status == 200)
                case .request: Issue.record("a request from the worker")
                }
            }
        }
        #expect(lines == [Array("HTTP/1.1 200 OK\r\n".utf8)])
        #expect(received == body)
        #expect(bodyFrames == 3, "a body larger than a frame is split into 64 KB pieces")
        #expect(end == .finished(code: 0, message: "done"))
        #expect(!reader.hasPartialFrame)
    }

    /// Random bytes, and valid frames with bytes flipped: each read either gives frames or a
    /// sentence, never a trap, and the reader stops at the first fault.
    @Test func garbageIsASentenceNeverATrap() {
        var random = SplitMix64(seed: 15)
        let valid =
            WorkerFrame.headerLine(Array("Content-Length: 10\r\n".utf8)).encoded + WorkerFrame.body(Array(repeating: 1, count: 10)).encoded
            + WorkerFrame.end(.unavailable(reason: "no curl"), status: 0).encoded
        var faults = 0
        for round in 0..<2000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<random.int(200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            } else {
                bytes = valid
                for _ in 0..<(1 + random.int(4)) { bytes[random.int(bytes.count)] = UInt8(truncatingIfNeeded: random.next()) }
            }
            var reader = WorkerFrameReader()
            bytes.withUnsafeBytes { reader.append($0) }
            do {
                while try reader.next() != nil {}
            } catch {
                faults += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(faults > 500, "most garbage is refused as such")
    }
}
