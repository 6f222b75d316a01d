import Audio
import Testing

@testable import Decoders

/// The codec libraries are dlopened at the first file that needs them, not linked; these check
/// what a user reads when one cannot be opened (a sentence naming the package, not a crash).
@Suite struct CodecLoadingTests {
    @Test func aMissingCodecIsASentenceNamingItsPackage() {
        let missing = ["libsegue-no-such-codec.so.0"]
        #expect(CodecLibraries.probe(.mpg123, missing) == "libmpg123.so.0 is missing: install the Debian package libmpg123-0")
        #expect(CodecLibraries.probe(.faad, missing) == "libfaad.so.2 is missing: install the Debian package libfaad2")
        #expect(CodecLibraries.probe(.soxr, missing) == "libsoxr.so.0 is missing: install the Debian package libsoxr0")
    }

    @Test func aLibraryLackingTheFunctionsIsTooOld() {
        // libc opens, but has none of the codec's functions.
        let wrong = ["libsegue-no-such-codec.so.0", "libc.so.6"]
        #expect(
            CodecLibraries.probe(.faad, wrong)
                == "the installed libfaad.so.2 lacks functions Segue needs (it is too old): install a newer Debian package libfaad2")
        #expect(CodecLibraries.probe(.mpg123, wrong)?.hasPrefix("the installed libmpg123.so.0 lacks functions") == true)
        #expect(CodecLibraries.probe(.soxr, wrong)?.hasPrefix("the installed libsoxr.so.0 lacks functions") == true)
    }

    @Test func theInstalledCodecsLoad() {
        #expect(CodecLibraries.probe(.mpg123, ["libsegue-no-such-codec.so.0", "libmpg123.so.0"]) == nil)
        #expect(CodecLibraries.probe(.faad, ["libfaad.so.2"]) == nil)
        #expect(CodecLibraries.probe(.soxr, ["libsoxr.so.0"]) == nil)
        #expect(CodecLibraries.mpg123Problem == nil)
        #expect(CodecLibraries.faadProblem == nil)
        #expect(CodecLibraries.soxrProblem == nil)
    }

    /// What `segue play` prints when FAAD2 is missing: the decoder's refusal, as one sentence.
    @Test func theRefusalReadsAsOneSentence() throws {
        let problem = try #require(CodecLibraries.probe(.faad, ["libsegue-no-such-codec.so.0"]))
        #expect(
            AudioError.unsupportedFormat("AAC cannot be decoded: \(problem)").description
                == "This is not audio Segue can play (AAC cannot be decoded: libfaad.so.2 is missing: install the Debian package libfaad2).")
    }
}
