#if canImport(Glibc)
    import Glibc
#endif

/// A TCP port on 127.0.0.1 that was free a moment ago, for a program that must be told its port
/// up front (snapserver): bound, read back and released. Another program could take it in
/// between; on a test box that is rare, and the program then fails to start with its reason.
public enum LoopbackPort {
    /// A port the system chose as free, or nil when no socket could be bound.
    public static func free() -> UInt16? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : nil
    }
}
