// The worker's side of a transfer in a worker process (HTTPTransport.worker). It reads one request
// frame from standard input, performs it with libcurl in this process, writes what curl delivers
// as frames to standard output, ends with an end frame and exits. It dies with its parent: the
// kernel kills it when the parent (the thread that started it) goes (PR_SET_PDEATHSIG), and it
// stops by itself when its standard input closes or a write finds the parent gone.

import CCurl
import Checked
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The body of `segue http-worker`: one transfer for the process at the other end of standard
/// input and output (see docs/ARCHITECTURE.md, "Transfers in a worker process").
public enum HTTPWorker {
    /// Serves one transfer and returns the exit status: 0 when the end frame was sent, 1 when
    /// the parent went away, 2 when what arrived was not a request (with a sentence on
    /// standard error).
    public static func serve() -> Int32 {
        _ = shim_worker_die_with_parent()
        let request: CurlRequest
        switch readRequest() {
        case .success(let read): request = read
        case .failure(let error):
            printToStandardError("segue http-worker: \(error)")
            return 2
        }
        let channel = WorkerChannel()
        let context = TransferContext(
            shouldStop: { channel.parentIsGone() },
            onBody: { _, chunk in channel.write(WorkerFrame.bodyFrames(chunk)) })
        context.onHeaderLine = { line in
            // One byte past what ResponseHead keeps: the parent still sees the line as overlong.
            channel.write(WorkerFrame.frame(.headerLine, Array(line.prefix(Limits.maxHeaderLineBytes + 1))))
        }
        let end = request.performHere(context, library: .shared)
        guard !channel.isBroken else { return 1 }
        return channel.write(WorkerFrame.end(end, status: context.head.status).encoded) ? 0 : 1
    }

    /// The request frame, read within 10 seconds.
    private static func readRequest() -> Result<CurlRequest, WorkerFrameError> {
        var reader = WorkerFrameReader()
        var scratch = [UInt8](repeating: 0, count: WorkerFrameReader.readSize)
        let deadline = monotonicSeconds() + 10
        while true {
            do {
                switch try reader.next() {
                case .request(let request)?: return .success(request)
                case _?: return .failure(WorkerFrameError("the first frame is not a request"))
                case nil: break
                }
            } catch {
                return .failure(error)
            }
            var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard retryingInterrupted({ poll(&poller, 1, pollMilliseconds(until: deadline)) }) > 0 else {
                return .failure(WorkerFrameError("no request arrived within 10 seconds"))
            }
            let count = scratch.withUnsafeMutableBytes { buffer in retryingInterrupted { read(0, buffer.baseAddress, buffer.count) } }
            guard count > 0 else { return .failure(WorkerFrameError("the input ended before a whole request")) }
            scratch.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    private static func printToStandardError(_ text: String) {
        let line = Array((text + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// The worker's standard output to its parent, and the watch on its standard input. Used on
/// the transfer thread only.
private final class WorkerChannel {
    private(set) var isBroken = false
    private var lastLook = ContinuousClock.now

    /// Writes all of `bytes` to standard output; false (and broken for good) when the parent
    /// is gone.
    func write(_ bytes: [UInt8]) -> Bool {
        guard !isBroken else { return false }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                retryingInterrupted { Glibc.write(1, buffer.baseAddress! + written, buffer.count - written) }
            }
            guard n > 0 else {
                isBroken = true
                return false
            }
            written += n
        }
        return true
    }

    /// True once standard input has closed (the parent sends nothing after the request, so
    /// anything readable there means it is gone). Looks at most every 50 ms.
    func parentIsGone() -> Bool {
        if isBroken { return true }
        guard (ContinuousClock.now - lastLook).seconds >= 0.05 else { return false }
        lastLook = .now
        var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        if retryingInterrupted({ poll(&poller, 1, 0) }) != 0 { isBroken = true }
        return isBroken
    }
}
