#if canImport(Glibc)
    import Glibc
#endif

/// Where this program's binary is, for finding the demo catalog installed beside it.
enum ExecutablePath {
    static let current: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments.first ?? "segue" }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}
