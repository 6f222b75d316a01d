import POSIXSupport
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A plain MPD client over TCP loopback for tests: sends lines as a client types them and
/// reads replies as MPD frames them (`key: value` lines up to `OK` or one `ACK …` line, with
/// `binary: N` followed by N raw bytes). Every read has a deadline and every buffer a cap, so a
/// server that hangs or floods fails the test with what it had said instead of hanging it.
final class MPDWire {
    /// Something the server did that a client cannot live with (a sentence).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// One reply: its lines without the final `OK` (an ACK is its only line), and the bytes of
    /// each `binary:` chunk in it.
    struct Reply: Equatable, CustomStringConvertible {
        var lines: [String]
        var binary: [UInt8] = []
        /// The ACK line when the command failed.
        var ack: String? { lines.last.flatMap { $0.hasPrefix("ACK ") ? $0 : nil } }
        /// The `key: value` pairs, in order (a line without `: ` is skipped).
        var pairs: [(key: String, value: String)] {
            lines.compactMap { line in
                guard let range = line.firstRange(of: ": ") else { return nil }
                return (String(line[..<range.lowerBound]), String(line[range.upperBound...]))
            }
        }
        /// The first value of `key`.
        func value(_ key: String) -> String? { pairs.first { $0.key == key }?.value }
        /// Every value of `key`, in order.
        func values(_ key: String) -> [String] { pairs.filter { $0.key == key }.map(\.value) }
        var description: String { lines.joined(separator: "\n") }
    }

    /// The port, for messages.
    let port: UInt16
    /// The greeting line (`OK MPD 0.23.5`).
    private(set) var greeting = ""
    private var fd: Int32
    private var buffer: [UInt8] = []
    /// No reply a test reads is bigger than this (a whole `listallinfo` of the test tree is
    /// tens of kilobytes).
    static let maxReplyBytes = 32 << 20

    /// Connects to 127.0.0.1:`port` and reads the greeting (within `timeout` seconds).
    init(port: UInt16, timeout: Double = 10) throws {
        self.port = port
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var address = Self.loopback(port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(fd)
            fd = -1
            throw Failure(description: "cannot connect to 127.0.0.1:\(port): errno \(code)")
        }
        greeting = try readLine(timeout: timeout)
    }

    deinit { close() }

    /// Closes the socket (idempotent).
    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Sends `line` and a newline.
    func send(_ line: String) throws { try sendBytes(Array(line.utf8) + [10]) }

    /// Sends raw bytes.
    func sendBytes(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "the server on port \(port) stopped taking bytes (errno \(errno))") }
            offset += n
        }
    }

    /// Sends one command and reads its reply.
    func command(_ line: String, timeout: Double = 20) throws -> Reply {
        try send(line)
        return try reply(timeout: timeout)
    }

    /// Reads one reply: lines up to `OK`, `ACK …` or (for a command list) the final `OK`.
    func reply(timeout: Double = 20) throws -> Reply {
        let deadline = monotonicSeconds() + timeout
        var reply = Reply(lines: [])
        var size = 0
        while true {
            let line = try readLine(until: deadline)
            if line == "OK" { return reply }
            reply.lines.append(line)
            if line.hasPrefix("ACK ") { return reply }
            size += line.utf8.count
            if line.hasPrefix("binary: ") {
                guard let count = Int(line.dropFirst(8)), count >= 0, count <= Self.maxReplyBytes else {
                    throw Failure(description: "a binary chunk of an impossible size: \(line)")
                }
                reply.binary += try readBytes(count, until: deadline)
                let newline = try readBytes(1, until: deadline)
                guard newline == [10] else { throw Failure(description: "no newline after \(count) binary bytes") }
                size += count
            }
            guard size <= Self.maxReplyBytes else { throw Failure(description: "a reply over \(Self.maxReplyBytes) bytes") }
        }
    }

    // MARK: Reading

    func readLine(timeout: Double) throws -> String { try readLine(until: monotonicSeconds() + timeout) }

    private func readLine(until deadline: Double) throws -> String {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            guard buffer.count <= Self.maxReplyBytes else { throw Failure(description: "a line over \(Self.maxReplyBytes) bytes") }
            try fillOrThrow(until: deadline, waitingFor: "a line")
        }
    }

    private func readBytes(_ count: Int, until deadline: Double) throws -> [UInt8] {
        while buffer.count < count { try fillOrThrow(until: deadline, waitingFor: "\(count) bytes") }
        let bytes = Array(buffer[..<count])
        buffer.removeSubrange(..<count)
        return bytes
    }

    private enum Fill { case data, ended, timedOut }

    private func fillOrThrow(until deadline: Double, waitingFor what: String) throws {
        switch fill(until: deadline) {
        case .data: return
        case .ended:
            throw Failure(description: "the server on port \(port) closed the connection while the client waited for \(what)")
        case .timedOut:
            let partial = String(decoding: buffer.suffix(300), as: UTF8.self)
            throw Failure(description: "port \(port) sent no \(what) before the deadline; the unread rest: “\(partial)”")
        }
    }

    private func fill(until deadline: Double) -> Fill {
        while true {
            let left = deadline - monotonicSeconds()
            if left <= 0 { return .timedOut }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1) * 1000) + 1)
            if ready < 0 && errno != EINTR { return .ended }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return .ended }
            buffer += chunk[..<n]
            return .data
        }
    }

    // MARK: Ports

    /// A TCP port on 127.0.0.1 that nothing listens on now (the kernel's pick for port 0).
    static func freePort() -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { Glibc.close(fd) }
        var address = loopback(0)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func loopback(_ port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return address
    }
}
