import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Segue's folders (DESIGN.md "Files and configuration"); `SEGUE_HOME` moves them all.
enum SeguePaths {
    private static func env(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `$XDG_CACHE_HOME/segue` (metadata only, never audio), created on demand; nil when it cannot be.
    static let cache: String? = {
        let base: String
        if let home = env("SEGUE_HOME") {
            base = home + "/cache"
        } else if let xdg = env("XDG_CACHE_HOME") {
            base = xdg + "/segue"
        } else if let home = env("HOME") {
            base = home + "/.cache/segue"
        } else {
            return nil
        }
        return makeDirectories(base, mode: 0o700) ? base : nil
    }()

    /// A folder: `$SEGUE_HOME/<name>`, else `$<xdg>/segue`, else `~/<fallback>/segue`; created (0700).
    private static func folder(home name: String, xdg: String, fallback: String) -> String? {
        let base: String
        if let home = env("SEGUE_HOME") {
            base = home + "/" + name
        } else if let dir = env(xdg) {
            base = dir + "/segue"
        } else if let home = env("HOME") {
            base = home + "/" + fallback + "/segue"
        } else {
            return nil
        }
        return makeDirectories(base, mode: 0o700) ? base : nil
    }

    /// `$XDG_DATA_HOME/segue`: the library database.
    static var data: String? { folder(home: "data", xdg: "XDG_DATA_HOME", fallback: ".local/share") }

    /// `$XDG_CONFIG_HOME/segue/config` (`$SEGUE_HOME/config/config`): settings and key bindings.
    static var configFile: String? { folder(home: "config", xdg: "XDG_CONFIG_HOME", fallback: ".config").map { $0 + "/config" } }

    /// `$XDG_STATE_HOME/segue`: the daemon's log.
    static var state: String? { folder(home: "state", xdg: "XDG_STATE_HOME", fallback: ".local/state") }

    /// `$XDG_RUNTIME_DIR/segue/socket` (`$SEGUE_HOME/run/socket`; `/tmp/segue-UID/socket` without
    /// either). Its folder is made (0700) and checked by `SocketDirectory` — by the daemon before
    /// it binds and by every client before it connects — since in /tmp another user could have
    /// made it first.
    static var socket: String {
        if let home = env("SEGUE_HOME") { return home + "/run/socket" }
        if let runtime = env("XDG_RUNTIME_DIR") { return runtime + "/segue/socket" }
        return "/tmp/segue-\(getuid())/socket"
    }

    /// The catalog's on-disk JSON cache.
    static var catalogCache: String? {
        guard let cache else { return nil }
        let dir = cache + "/catalog"
        return makeDirectories(dir, mode: 0o700) ? dir : nil
    }
}
