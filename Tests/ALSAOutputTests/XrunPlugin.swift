import TestSupport
import Testing

/// The test PCM plugin in `Fixtures/xrun_plugin.c`, compiled once per test process with the C
/// compiler, and the private ALSA configuration that defines a device on it.
///
/// ALSA's `null` and `file` PCMs never underrun, stall or refuse, and the kernel's loopback
/// driver cannot be loaded in a container; a user-space "driver" can do all three on cue.
enum XrunPlugin {
    /// Why the plugin cannot be built here (no C compiler), or nil.
    static let unavailableReason: String? = RequiredTools.problem(running: "cc", ["--version"])

    /// Whether the plugin suites run: with a C compiler, and also without one when every suite
    /// must run (CI=true or SEGUE_REQUIRE_ALL=1), so that each test fails with the reason.
    static var suitesRun: Bool { unavailableReason == nil || RequiredTools.mustRunEverything }

    /// What a skipped suite says.
    static var skipReason: Comment {
        Comment(
            rawValue:
                "no C compiler to build the ALSA test plugin (\(unavailableReason ?? "")); set CI=true or SEGUE_REQUIRE_ALL=1 to make this a failure"
        )
    }

    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// The built plugin's path, or why it could not be built.
    private static let built: Result<String, Unavailable> = {
        if let unavailableReason {
            return .failure(Unavailable(description: "the ALSA test plugin needs a C compiler: \(unavailableReason)"))
        }
        let source = Fixtures.packageRoot + "/Tests/ALSAOutputTests/Fixtures/xrun_plugin.c"
        let library = Fixtures.temporaryDirectory() + "/libasound_module_pcm_xrun.so"
        let result = Shell.run("cc", ["-shared", "-fPIC", "-DPIC", "-o", library, source, "-lasound"], timeout: 120)
        guard result.exitCode == 0 else {
            return .failure(Unavailable(description: "compiling \(source) failed (\(result.exitCode)): \(result.stderr)"))
        }
        return .success(library)
    }()

    /// The path of the compiled plugin; throws (with the reason) when it cannot be built.
    static func library() throws -> String {
        try built.get()
    }

    /// ALSA configuration text defining PCM `x` on the plugin: frames written are appended to
    /// `capture`, events to `log`; `after`, `stall` and `failPrepare` as in the plugin's source.
    static func configuration(capture: String, log: String, after: Int = 0, stall: Int = 0, failPrepare: Int = 0) throws -> String {
        let library = try library()
        return """
            pcm_type.xrun { lib "\(library)" }
            pcm.x { type xrun file "\(capture)" log "\(log)" after \(after) stall \(stall) fail_prepare \(failPrepare) }
            """
    }

    /// The events the plugin logged, one word or two a line ("xrun", "prepare", "prepare refused", "full").
    static func events(_ log: String) -> [String] {
        String(decoding: Shell.readFile(log) ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
