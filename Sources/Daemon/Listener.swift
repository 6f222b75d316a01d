import POSIXSupport
#if canImport(Glibc)
    import Glibc
#endif

/// A listening socket: a Unix socket or a TCP loopback port, bound and listening (non-blocking)
/// from the moment it exists. A `LineServer` accepts on it; the listener knows nothing of what
/// is spoken on its connections.
///
/// A Unix socket's folder must be a private directory of the current user (`SocketDirectory`);
/// the socket is mode 0600 from the moment it exists. Its "already running" check (connect to an
/// existing socket file) is not atomic: two servers starting at the same instant on the same path
/// can both succeed; the later bind wins.
public final class Listener: Sendable {
    /// Where it listens, as bound: for a TCP port 0, the port the system picked.
    public let address: ListenAddress
    let fd: Int32
    /// Device and inode of the socket file made, so only that file is removed at the end.
    private let identity: (dev: UInt, ino: UInt)?

    /// Binds and listens at `address`. A Unix socket: creates the parent folder (mode 0700) if
    /// missing and refuses it (`DaemonError.notPrivate`) unless it is a private directory of the
    /// current user; if a socket file is already there and a server answers on it, throws
    /// `.alreadyRunning`; a stale socket file is removed. A TCP port: `.cannotListen` when it is
    /// taken. Other failures are `.cannotListen` with the system's reason.
    public init(_ address: ListenAddress) throws(DaemonError) {
        switch address {
        case .unix(let path):
            fd = try Self.bindUnix(path)
            self.address = address
            identity = fileIdentity(path).map { ($0.dev, $0.ino) }
        case .tcp(let host, let port):
            let (fd, bound) = try Self.bindTCP(host, port)
            self.fd = fd
            self.address = .tcp(host: host, port: bound)
            identity = nil
        }
        guard listen(fd, 128) == 0, fcntl(fd, F_SETFL, O_NONBLOCK) == 0 else {
            let code = errno
            close()
            throw .cannotListen(path: address.description, reason: errnoText(code))
        }
    }

    /// Closes the socket and, for a Unix socket, removes its file if it is still the one this
    /// listener made (a later server may have replaced it). Called once, by the server's I/O
    /// thread or on a failed start.
    func close() {
        Glibc.close(fd)
        if case .unix(let path) = address, let identity, let now = fileIdentity(path), now.dev == identity.dev,
            now.ino == identity.ino
        {
            unlink(path)
        }
    }

    /// Accepts one waiting connection: its close-on-exec descriptor, or -1 with errno set.
    func accept() -> Int32 {
        let client = Glibc.accept(fd, nil, nil)
        guard client >= 0 else { return -1 }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        if case .tcp = address {
            // Replies are written whole; waiting to coalesce them only adds a round trip.
            var on: Int32 = 1
            _ = setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        return client
    }

    private static func bindUnix(_ path: String) throws(DaemonError) -> Int32 {
        guard let address = unixAddress(path) else {
            throw .cannotListen(path: path, reason: "the path is empty or longer than a socket path may be")
        }
        try SocketDirectory.prepare(forSocket: path)
        if let existing = fileIdentity(path) {
            guard existing.isSocket else {
                throw .cannotListen(path: path, reason: "a file that is not a socket is in the way")
            }
            let probe = makeUnixSocket()
            guard probe >= 0 else { throw .cannotListen(path: path, reason: errnoText(errno)) }
            let connected = connectUnix(probe, address) == 0
            let code = errno
            Glibc.close(probe)
            if connected { throw .alreadyRunning(path) }
            guard code == ECONNREFUSED || code == ENOENT else {
                throw .cannotListen(path: path, reason: errnoText(code))
            }
            unlink(path)  // stale: nobody listens
        }
        let fd = makeUnixSocket()
        guard fd >= 0 else { throw .cannotListen(path: path, reason: errnoText(errno)) }
        guard bindUnixPrivately(fd, address) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .cannotListen(path: path, reason: errnoText(code))
        }
        return fd
    }

    /// A bound TCP socket and the port it got.
    private static func bindTCP(_ host: IPv4Address, _ port: UInt16) throws(DaemonError) -> (Int32, UInt16) {
        let name = ListenAddress.tcp(host: host, port: port).description
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .cannotListen(path: name, reason: errnoText(errno)) }
        // A restarted daemon can take its port again while old connections linger in TIME_WAIT.
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = inetAddress(host, port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .cannotListen(path: name, reason: errnoText(code))
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .cannotListen(path: name, reason: errnoText(code))
        }
        return (fd, UInt16(bigEndian: actual.sin_port))
    }
}

/// A `sockaddr_in` for `host` and `port`.
func inetAddress(_ host: IPv4Address, _ port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr = in_addr(s_addr: host.value.bigEndian)
    return address
}
