import Audio
import Testing

@testable import ALSAOutput

/// libasound is dlopened at the first device opened, not linked; these check what a user reads
/// when it cannot be opened (a sentence naming the package, not a crash).
@Suite struct ALSALoadingTests {
    @Test func aMissingLibraryIsASentenceNamingItsPackage() throws {
        let problem = try #require(ALSAOutput.probe(["libsegue-no-such-asound.so.2"]))
        #expect(problem == "libasound.so.2 is missing: install the Debian package libasound2")
        #expect(
            ALSAError.unavailable(device: "default", problem: problem).audioError.description
                == AudioError.output(
                    "No sound device: ALSA could not be used to open \"default\" (libasound.so.2 is missing: install the Debian package libasound2). Use --output null to play silently."
                ).description)
    }

    @Test func aLibraryLackingTheFunctionsIsTooOld() {
        // libc opens, but has none of ALSA's functions.
        #expect(
            ALSAOutput.probe(["libsegue-no-such-asound.so.2", "libc.so.6"])
                == "the installed libasound.so.2 lacks functions Segue needs (it is too old): install a newer Debian package libasound2")
    }

    @Test func theInstalledLibraryLoads() {
        #expect(ALSAOutput.probe(["libsegue-no-such-asound.so.2", "libasound.so.2"]) == nil)
        #expect(ALSAOutput.unavailable == nil)
    }
}
