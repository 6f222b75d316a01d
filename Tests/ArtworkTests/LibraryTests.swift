import Testing

@testable import CoverArt

/// The three libraries open from their Debian names, and a missing or wrong one is a sentence
/// naming the package, never a crash.
@Suite struct CoverArtLibraryTests {
    @Test func installedLibrariesOpen() {
        #expect(CoverArtLibraries.probe(.turbojpeg, ["libturbojpeg.so.0"]) == nil)
        #expect(CoverArtLibraries.probe(.spng, ["libspng.so.0"]) == nil)
        #expect(CoverArtLibraries.probe(.chafa, ["libchafa.so.0"]) == nil)
    }

    @Test func aMissingLibraryIsASentence() {
        #expect(
            CoverArtLibraries.probe(.chafa, ["libchafa-absent.so.9"])
                == "libchafa.so.0 is missing: install the Debian package libchafa0")
        #expect(
            CoverArtLibraries.probe(.turbojpeg, ["libturbojpeg-absent.so.9"])
                == "libturbojpeg.so.0 is missing: install the Debian package libturbojpeg0")
        // libspng lacks chafa's functions: "too old" rather than a crash at the first call.
        #expect(CoverArtLibraries.probe(.chafa, ["libspng.so.0"])?.hasPrefix("the installed libchafa.so.0 lacks functions") == true)
        #expect(
            CoverArtError.libraryMissing("libchafa.so.0 is missing: install the Debian package libchafa0").description
                == "The picture cannot be decoded: libchafa.so.0 is missing: install the Debian package libchafa0.")
    }
}
