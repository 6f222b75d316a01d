#if canImport(Glibc)
    import Glibc
#endif

/// C library functions Glibc's Swift module hides behind feature macros (`wcwidth` needs
/// `_XOPEN_SOURCE`, `pthread_setname_np` `_GNU_SOURCE`, and SwiftPM passes no -D to the Swift
/// importer), looked up once by name in the loaded C library instead of through a C module.
enum CLibrary {
    typealias WidthFunction = @convention(c) (wchar_t) -> Int32
    typealias SetNameFunction = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
    typealias TrimFunction = @convention(c) (Int) -> Int32
    typealias CloseFromFunction = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// `wcwidth(3)`; nil only if the C library lacked it.
    static let wcwidth: WidthFunction? = symbol("wcwidth", as: WidthFunction.self)

    /// `pthread_setname_np(3)`; nil only if the C library lacked it.
    static let setThreadName: SetNameFunction? = symbol("pthread_setname_np", as: SetNameFunction.self)

    /// `malloc_trim(3)` (glibc's `<malloc.h>`, not in the Swift module); nil on another C library.
    static let mallocTrim: TrimFunction? = symbol("malloc_trim", as: TrimFunction.self)

    /// `posix_spawn_file_actions_addclosefrom_np(3)` (glibc 2.34, `_GNU_SOURCE`); nil on an older C library.
    static let spawnCloseFrom: CloseFromFunction? = symbol("posix_spawn_file_actions_addclosefrom_np", as: CloseFromFunction.self)

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
        // A null handle searches the program and every library it loaded, libc among them.
        guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}
