import Audio

#if canImport(Glibc)
    import Glibc
#endif

/// Audio fixtures made once per test process by `scripts/make-fixtures.sh` (sox, lame, ffmpeg).
public enum Fixtures {
    /// The package root, found from this source file's path.
    public static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    /// The folder holding every fixture; generated on first use.
    public static let directory: String = {
        let dir = packageRoot + "/.build/fixtures"
        let status = Shell.run("bash", [packageRoot + "/scripts/make-fixtures.sh", dir], timeout: 1200)
        precondition(status.exitCode == 0, "make-fixtures.sh failed: \(status.stderr)")
        return dir
    }()

    /// The path of fixture `name` (for example "tone.mp3").
    public static func path(_ name: String) -> String { directory + "/" + name }

    /// The bytes of fixture `name`.
    public static func bytes(_ name: String) -> [UInt8] {
        guard let data = Shell.readFile(path(name)) else { fatalError("missing fixture \(name)") }
        return data
    }

    /// A fresh empty temporary folder.
    public static func temporaryDirectory() -> String {
        var template = Array("/tmp/segue-test-XXXXXX".utf8CString)
        let result = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(result != nil, "mkdtemp failed")
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
