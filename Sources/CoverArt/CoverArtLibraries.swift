import CChafa
import CSpng
import CTurboJPEG
import POSIXSupport

/// The C libraries CoverArt opens at first use instead of linking them, and why one cannot be
/// used: a missing library fails the one cover that needed it (the placeholder shows), never the UI.
enum CoverArtLibraries {
    static let turbojpeg = DynamicLibrary(file: "libturbojpeg.so.0", package: "libturbojpeg0")
    static let spng = DynamicLibrary(file: "libspng.so.0", package: "libspng0")
    static let chafa = DynamicLibrary(file: "libchafa.so.0", package: "libchafa0")

    /// Nil when libturbojpeg is loaded (on the first call); otherwise why a JPEG cannot be decoded.
    static var turbojpegProblem: String? { turbojpeg.problem(shim_turbojpeg_load()) }
    /// Nil when libspng is loaded (on the first call); otherwise why a PNG cannot be decoded.
    static var spngProblem: String? { spng.problem(shim_spng_load()) }
    /// Nil when libchafa is loaded (on the first call); otherwise why sextants and sixels cannot be drawn.
    static var chafaProblem: String? { chafa.problem(shim_chafa_load()) }

    /// One of the three, for `probe`.
    enum Library: CaseIterable { case turbojpeg, spng, chafa }

    /// What opening `library` from the files `names` reports, tried in a private table that is
    /// closed again (for tests: the shared tables are left alone).
    static func probe(_ library: Library, _ names: [String]) -> String? {
        DynamicLibrary.withCStrings(names) { names, count in
            switch library {
            case .turbojpeg: turbojpeg.problem(shim_turbojpeg_probe(names, count))
            case .spng: spng.problem(shim_spng_probe(names, count))
            case .chafa: chafa.problem(shim_chafa_probe(names, count))
            }
        }
    }
}
