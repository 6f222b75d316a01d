import Daemon
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `segue.service` is `Type=notify`: the daemon says READY=1 on `$NOTIFY_SOCKET` once its control
/// socket answers (so `systemctl --user start segue` returns when `segue ctl` works) and
/// STOPPING=1 when it is told to end, as `sd_notify` would, without libsystemd.
@Suite(.serialized) struct ServiceNotificationTests {
    /// A datagram socket bound to a path, standing in for systemd's notify socket.
    final class NotifySocket {
        let path = Fixtures.temporaryDirectory() + "/notify"
        let fd: Int32

        init() throws {
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            try #require(fd >= 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            try #require(bytes.count < 108)
            withUnsafeMutableBytes(of: &address.sun_path) { for (index, byte) in bytes.enumerated() { $0[index] = byte } }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0, "bind \(path): errno \(errno)")
        }

        deinit { close(fd) }

        /// The next datagram, waiting at most `timeout` seconds; nil when none came.
        func receive(timeout: Double) -> String? {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(fd, &buffer, buffer.count, 0)
            return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
        }
    }

    @Test func theDaemonSaysReadyOnceItAnswersAndStoppingWhenTold() throws {
        let notify = try NotifySocket()
        let home = DaemonCtlTests.Home()
        let daemon = try #require(
            Shell.start(
                PlayCommandTests.segue, ["daemon", "--foreground"],
                environment: home.environment.merging(["NOTIFY_SOCKET": notify.path]) { $1 }))
        var finished = false
        defer {
            if !finished {
                daemon.signal(SIGKILL)
                _ = daemon.finish(timeout: 30)
            }
        }
        let ready = notify.receive(timeout: 60)
        #expect(ready == "READY=1\nMAINPID=\(daemon.pid)", "\(daemon.stderrSoFar)")
        // Ready means the control socket answers now, with no retry.
        #expect(home.ctl("status").exitCode == 0)
        daemon.signal(SIGTERM)
        #expect(notify.receive(timeout: 30) == "STOPPING=1")
        finished = true
        #expect(daemon.finish(timeout: 30).exitCode == 0)
    }

    /// Outside systemd (no NOTIFY_SOCKET, or one that cannot be a socket's address) nothing is sent
    /// and the daemon runs as before.
    @Test func aNotifySocketThatCannotBeIsIgnored() throws {
        let home = DaemonCtlTests.Home()
        let daemon = try #require(
            Shell.start(
                PlayCommandTests.segue, ["daemon", "--foreground"],
                environment: home.environment.merging(["NOTIFY_SOCKET": "relative/" + String(repeating: "x", count: 200)]) { $1 }))
        defer {
            daemon.signal(SIGTERM)
            #expect(daemon.finish(timeout: 30).exitCode == 0, "\(daemon.stderrSoFar)")
        }
        // Waited for on its socket, not with ctl, which would start a daemon of its own if asked too early.
        #expect(Poll.until(timeout: 30) { (try? LineConnection(path: home.socket)) != nil }, "\(daemon.stderrSoFar)")
        #expect(home.ctl("status").exitCode == 0)
    }
}
