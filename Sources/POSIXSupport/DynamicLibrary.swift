#if canImport(Glibc)
    import Glibc
#endif

/// A C library Segue opens with `dlopen` at first use instead of linking it (the shims'
/// `SHIM_LIBRARY`, Sources/CLibraryLoader/loader.h), and the sentence a user reads when it
/// cannot be opened: a missing library never ends the program, it ends the one thing that needed it.
public struct DynamicLibrary: Sendable, Equatable {
    /// What a shim's `shim_<lib>_load()` or `_probe()` returned; the values of loader.h's
    /// `SHIM_LIBRARY_LOADED`, `SHIM_LIBRARY_NOT_FOUND` and `SHIM_LIBRARY_INCOMPLETE`.
    public enum LoadResult: Int32, Sendable {
        case loaded = 0
        case notFound = 1
        case incomplete = 2
    }

    /// The file tried first ("libfaad.so.2"), as the sentence names it.
    public let file: String
    /// The Debian package that installs it ("libfaad2").
    public let package: String

    /// The library `file`, installed by the Debian package `package`.
    public init(file: String, package: String) {
        self.file = file
        self.package = package
    }

    /// Nil when `result` (a shim's load or probe result) says the library is ready; otherwise why
    /// not, as a sentence without the final full stop ("libfaad.so.2 is missing: install the Debian package libfaad2").
    public func problem(_ result: Int32) -> String? {
        switch LoadResult(rawValue: result) {
        case .loaded: nil
        case .incomplete: "the installed \(file) lacks functions Segue needs (it is too old): install a newer Debian package \(package)"
        case .notFound, nil: "\(file) is missing: install the Debian package \(package)"
        }
    }

    /// Calls `body` with `names` as a C array of C strings (a shim's `_probe(names, count)`).
    public static func withCStrings<Result>(
        _ names: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?, Int) -> Result
    ) -> Result {
        let copies = names.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { $0.map { UnsafePointer<CChar>($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
    }
}
