import TestSupport
import Testing

/// Which shared libraries a command loads (the dynamic loader's own report, LD_DEBUG=files):
/// the C libraries only some commands use are opened at first use, so `segue --version` and
/// `segue ctl` never load them, playing an MP3 loads mpg123 but not the AAC decoder, and only a
/// play through ALSA loads ALSA.
@Suite struct StartupLibrariesTests {
    static let segue = Fixtures.packageRoot + "/.build/debug/segue"
    /// The libraries Segue opens with dlopen when a command first needs them.
    static let onDemand = [
        "libsqlite3", "libncursesw", "libtinfo", "libmpg123", "libfaad", "libsoxr", "libgomp", "libcurl", "libsndfile", "libfftw3f",
        "libasound",
    ]

    /// The libraries the loader reported loading while `arguments` ran (names up to the first dot).
    private func loaded(_ arguments: [String], home: String) throws -> Set<String> {
        let result = Shell.run(Self.segue, arguments, environment: ["LD_DEBUG": "files", "SEGUE_HOME": home, "SEGUE_OUTPUT": ""])
        #expect(!result.timedOut)
        var names = Set<String>()
        // Lines such as "  4711:\tfile=libc.so.6 [0];  needed by ./segue [0]".
        for word in result.stderr.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) where word.hasPrefix("file=") {
            if let name = word.dropFirst("file=".count).split(separator: ".").first { names.insert(String(name)) }
        }
        // Proof the report was read at all: every process loads the C library.
        try #require(names.contains("libc"))
        return names
    }

    @Test func versionLoadsNoneOfTheOnDemandLibraries() throws {
        let names = try loaded(["--version"], home: Fixtures.temporaryDirectory())
        #expect(names.intersection(Self.onDemand).isEmpty, "loaded: \(names.sorted())")
    }

    @Test func ctlLoadsNoneOfTheOnDemandLibraries() throws {
        // `ctl quit` with no daemon goes through the whole client path without starting one.
        let names = try loaded(["ctl", "quit"], home: Fixtures.temporaryDirectory())
        #expect(names.intersection(Self.onDemand).isEmpty, "loaded: \(names.sorted())")
    }

    @Test func playingAnMP3LoadsMpg123ButNotTheAACDecoderOrCurses() throws {
        let home = Fixtures.temporaryDirectory()
        let names = try loaded(["play", "--output", "wav:" + home + "/out.wav", Fixtures.path("tone.mp3")], home: home)
        #expect(names.contains("libmpg123"))
        #expect(!names.contains("libfaad"))
        #expect(!names.contains("libncursesw"))
        #expect(!names.contains("libasound"))
    }

    @Test func playingThroughALSALoadsALSA() throws {
        let home = Fixtures.temporaryDirectory()
        // ALSA's own "null" device (alsa.conf) takes the audio without a sound card.
        let names = try loaded(["play", "--output", "alsa:null", Fixtures.path("tone.mp3")], home: home)
        #expect(names.contains("libasound"))
        #expect(names.contains("libmpg123"))
    }
}
