import TestSupport

/// JPEGs made by ffmpeg once per test process (lossy: colours are checked within a tolerance).
enum JPEGFixtures {
    struct Made: Sendable {
        /// 16×16 solid red.
        let red: [UInt8]
        /// 1×1 solid blue.
        let onePixel: [UInt8]
        /// 600×600 test pattern (ffmpeg's testsrc2).
        let pattern: [UInt8]
    }

    static let made: Result<Made, FixtureError> = Result { () throws(FixtureError) -> Made in
        let folder = Fixtures.temporaryDirectory()
        func make(_ source: String, _ name: String) throws(FixtureError) -> [UInt8] {
            let path = folder + "/" + name
            let result = Shell.run(
                "ffmpeg",
                ["-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", source, "-frames:v", "1", "-pix_fmt", "yuvj444p", path],
                timeout: 60)
            guard result.exitCode == 0, let bytes = Shell.readFile(path) else {
                throw FixtureError("ffmpeg made no \(name): \(result.stderr)")
            }
            return bytes
        }
        return Made(
            red: try make("color=c=red:s=16x16", "red.jpg"), onePixel: try make("color=c=blue:s=2x2,scale=1:1", "one.jpg"),
            pattern: try make("testsrc2=s=600x600", "pattern.jpg"))
    }

    static func get() throws -> Made { try made.get() }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
