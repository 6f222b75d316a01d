import CFAAD2
import CMpg123
import CSoxr
import POSIXSupport

/// The codec libraries Decoders opens at first use instead of linking them (each shim's
/// `SHIM_LIBRARY`), and why one cannot be used, in words for `AudioError`: a missing codec fails
/// the one file that needs it, never the program.
enum CodecLibraries {
    static let mpg123 = DynamicLibrary(file: "libmpg123.so.0", package: "libmpg123-0")
    static let faad = DynamicLibrary(file: "libfaad.so.2", package: "libfaad2")
    static let soxr = DynamicLibrary(file: "libsoxr.so.0", package: "libsoxr0")

    /// Nil once libmpg123 is loaded and `mpg123_init` succeeded (both exactly once, on first use);
    /// otherwise why MP3 cannot be decoded.
    static let mpg123Problem: String? = {
        if let problem = mpg123.problem(shim_mpg123_load()) { return problem }
        return shim_mpg123_init() == MPG123_OK.rawValue ? nil : "libmpg123 could not be initialised"
    }()

    /// Nil when FAAD2 is loaded (on the first call); otherwise why AAC cannot be decoded.
    static var faadProblem: String? { faad.problem(shim_faad_load()) }

    /// Nil when libsoxr is loaded (on the first call); otherwise why audio cannot be resampled.
    static var soxrProblem: String? { soxr.problem(shim_soxr_load()) }

    /// One of the three, for `probe`.
    enum Codec: CaseIterable { case mpg123, faad, soxr }

    /// What opening `codec` from the files `names` reports, tried in a private table that is
    /// closed again (for tests: the shared tables are left alone).
    static func probe(_ codec: Codec, _ names: [String]) -> String? {
        DynamicLibrary.withCStrings(names) { names, count in
            switch codec {
            case .mpg123: mpg123.problem(shim_mpg123_probe(names, count))
            case .faad: faad.problem(shim_faad_probe(names, count))
            case .soxr: soxr.problem(shim_soxr_probe(names, count))
            }
        }
    }
}
