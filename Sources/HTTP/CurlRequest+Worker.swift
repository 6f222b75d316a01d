// The parent's side of a transfer in a worker process (HTTPTransport.worker): start the worker,
// send it the request, and turn its frames back into the calls an in-process transfer makes on
// `TransferContext`, so HTTPClient and HTTPDownload cannot tell the two apart. The worker is
// distrusted like a server: every frame is checked, and a worker that dies, stalls or sends
// garbage ends the attempt with a sentence. The thread that starts a worker is the one that
// kills and reaps it, before `perform` returns: no worker outlives its transfer, no zombie is left.

import Checked
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

extension CurlRequest {
    /// The transfer run by a worker started from `executable`; nil when no worker can be
    /// started (the caller then runs it in this process).
    func performInWorker(_ context: TransferContext, executable: String) -> TransferEnd? {
        let payload = workerPayload
        guard payload.count <= WorkerFrame.maxPayload else {
            return .finished(code: CurlCode.badURL, message: "the request is larger than the 64 KB a transfer may send")
        }
        let worker: ChildProcess
        do {
            worker = try ChildProcess.spawn(executable, arguments: [executable, HTTPTransport.workerSubcommand])
        } catch {
            return nil
        }
        defer { worker.killAndWait() }
        guard Self.send(WorkerFrame.frame(.request, payload), to: worker.channel) else {
            return .workerFailed(reason: Self.ended(worker, before: "it read the request"))
        }
        return relay(from: worker, into: context)
    }

    /// Reads the worker's frames until its end frame, acting on each as curl's callbacks would.
    private func relay(from worker: ChildProcess, into context: TransferContext) -> TransferEnd {
        var reader = WorkerFrameReader()
        var scratch = [UInt8](repeating: 0, count: WorkerFrameReader.readSize)
        context.lastActivity = .now
        let started = ContinuousClock.now
        while true {
            // The same checks and the same ~50 ms cadence as the in-process loop: a stop is
            // seen within about 100 ms, and a silent worker is a stall like a silent server.
            if let end = interruption(context, startedAt: started) { return end }
            var poller = pollfd(fd: worker.channel, events: Int16(POLLIN), revents: 0)
            guard retryingInterrupted({ poll(&poller, 1, 50) }) > 0 else { continue }
            let count = scratch.withUnsafeMutableBytes { buffer in
                retryingInterrupted { recv(worker.channel, buffer.baseAddress, buffer.count, 0) }
            }
            guard count > 0 else {
                let what = reader.hasPartialFrame ? "it finished a frame" : "the transfer ended"
                return .workerFailed(reason: Self.ended(worker, before: what))
            }
            scratch.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            do {
                while let frame = try reader.next() {
                    if let end = act(on: frame, context: context) { return end }
                }
            } catch {
                return .workerFailed(reason: "it sent \(error)")
            }
        }
    }

    /// What one frame from the worker does; the transfer's end when it ends it.
    private func act(on frame: WorkerFrame, context: TransferContext) -> TransferEnd? {
        switch frame {
        case .headerLine(let line):
            context.lastActivity = .now
            let complete = line.withUnsafeBytes { context.head.take($0) }
            guard complete, !context.onHead(context.head) else { return nil }
            return ownerAborted(context)
        case .body(let bytes):
            context.lastActivity = .now
            if context.shouldStop() { return .stopped }
            let accepted = bytes.withUnsafeBytes { context.onBody(context.head, $0) }
            return accepted ? nil : ownerAborted(context)
        case .end(let end, let status):
            // As the in-process transfer does with CURLINFO_RESPONSE_CODE.
            if context.head.status == 0 { context.head.status = status }
            return end
        case .request:
            return .workerFailed(reason: "it sent a request frame")
        }
    }

    /// What an in-process transfer ends with when a callback returns false: curl's write error.
    private func ownerAborted(_ context: TransferContext) -> TransferEnd {
        if context.shouldStop() { return .stopped }
        context.abortedByOwner = true
        return .finished(code: CurlCode.writeError, message: "Failure writing output to destination")
    }

    /// "it exited with status 1 before the transfer ended"; waits a moment for a worker that
    /// closed its end to exit, then kills it.
    private static func ended(_ worker: ChildProcess, before what: String) -> String {
        let status = worker.exitStatus(waitingUpTo: 0.1) ?? worker.killAndWait()
        return "\(status) before \(what)"
    }

    /// Writes all of `bytes` to `fd` (a socket: no SIGPIPE when the worker is gone).
    static func send(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                retryingInterrupted { Glibc.send(fd, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL)) }
            }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }
}

extension CurlRequest {
    /// The request as a worker reads it: the URL, the options a transfer uses, range,
    /// compression, time limit and header lines, each a length-prefixed field.
    var workerPayload: [UInt8] {
        var bytes: [UInt8] = []
        func field(_ text: String) {
            WorkerFrame.appendUInt32(UInt32(truncatingIfNeeded: text.utf8.count), to: &bytes)
            bytes.append(contentsOf: text.utf8)
        }
        func number(_ value: Double) {
            let bits = value.bitPattern
            WorkerFrame.appendUInt32(UInt32(truncatingIfNeeded: bits), to: &bytes)
            WorkerFrame.appendUInt32(UInt32(truncatingIfNeeded: bits >> 32), to: &bytes)
        }
        field(url)
        field(options.userAgent)
        field(options.noProxy ?? "")
        bytes.append(options.noProxy == nil ? 0 : 1)
        field(range ?? "")
        bytes.append(range == nil ? 0 : 1)
        bytes.append(acceptCompressed ? 1 : 0)
        number(options.connectTimeout)
        number(options.stallTimeout)
        number(timeLimit ?? -1)
        WorkerFrame.appendUInt32(UInt32(truncatingIfNeeded: headers.count), to: &bytes)
        for line in headers { field(line) }
        return bytes
    }

    /// Reads a request a parent sent (`workerPayload`); throws for anything malformed or out
    /// of range.
    init(workerPayload payload: ArraySlice<UInt8>) throws(WorkerFrameError) {
        var reader = FieldReader(payload)
        func number(_ name: String, in range: ClosedRange<Double>) throws(WorkerFrameError) -> Double {
            let low = UInt64(try reader.uint32())
            let high = UInt64(try reader.uint32())
            let value = Double(bitPattern: low | high << 32)
            guard range.contains(value) else { throw WorkerFrameError("a request whose \(name) is \(value)") }
            return value
        }
        let url = try reader.text()
        var options = HTTPOptions(transport: .inProcess)
        options.userAgent = try reader.text()
        let noProxy = try reader.text()
        options.noProxy = try reader.uint8() == 0 ? nil : noProxy
        let range = try reader.text()
        self.init(url: url, options: options)
        self.range = try reader.uint8() == 0 ? nil : range
        acceptCompressed = try reader.uint8() != 0
        self.options.connectTimeout = try number("connect timeout", in: 0.001...Limits.maxDurationSeconds)
        self.options.stallTimeout = try number("stall timeout", in: 0.001...Limits.maxDurationSeconds)
        let limit = try number("time limit", in: -1...Limits.maxDurationSeconds)
        timeLimit = limit < 0 ? nil : limit
        let count = try reader.uint32()
        guard count <= UInt32(Limits.maxHeaderFields) else { throw WorkerFrameError("a request with \(count) header lines") }
        for _ in 0..<count { headers.append(try reader.text()) }
        guard reader.isAtEnd else { throw WorkerFrameError("a request longer than its fields") }
    }
}
