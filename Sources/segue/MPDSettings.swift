import Daemon
import Session

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's MPD settings: `--mpd [ADDR:]PORT` and the config file's `mpd.` lines
/// (`mpd.listen = 127.0.0.1:6600`, `mpd.password = …`, `mpd.socket = on|PATH`). MPD is off
/// unless one of them asks for it.
struct MPDSettings: Equatable {
    /// Where the MPD protocol is served (empty: not at all).
    var listen: [ListenAddress] = []
    /// The password MPD clients must give first (nil: none).
    var password: String?

    /// MPD's port when none is given.
    static let defaultAddress = ListenAddress.tcp(host: .loopback, port: 6600)

    /// Reads `--mpd`'s value: nil (bare `--mpd`) is 127.0.0.1:6600, `PORT` is that port on
    /// 127.0.0.1, `ADDR:PORT` and a socket path as `ListenAddress` reads them. A host off loopback
    /// is read here and refused by the server unless a password is set.
    static func address(_ text: String?) throws(DaemonError) -> ListenAddress {
        guard let text, !text.isEmpty else { return defaultAddress }
        if text.utf8.allSatisfy({ (48...57).contains($0) }) {
            return try ListenAddress(parsing: "127.0.0.1:" + text)
        }
        return try ListenAddress(parsing: text, allowingAnyHost: true)
    }

    /// The `mpd.` lines of the config text, with a sentence for each problem (none is fatal:
    /// the line is left out). `socketBeside` is the control socket, beside which `mpd.socket = on`
    /// puts `mpd.socket`.
    static func parse(_ text: String, socketBeside control: String) -> (settings: MPDSettings, problems: [String]) {
        var settings = MPDSettings()
        var problems: [String] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let here = "config line \(index + 1)"
            let line = raw.trimmingSpaces
            guard line.lowercased().hasPrefix("mpd."), let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingSpaces.lowercased()
            var value = line[line.index(after: equals)...].trimmingSpaces
            // A value may be quoted (a password with spaces or `#`); else a `#` starts a comment.
            if value.hasPrefix("\""), value.count >= 2, value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            } else if let hash = value.firstIndex(of: "#") {
                value = value[..<hash].trimmingSpaces
            }
            switch key {
            case "mpd.listen":
                do {
                    settings.listen.append(try address(value))
                } catch {
                    problems.append("\(here): \(error.description)")
                }
            case "mpd.password":
                guard !value.isEmpty else {
                    problems.append("\(here): mpd.password is empty; no password is set.")
                    continue
                }
                settings.password = value
            case "mpd.socket":
                switch value.lowercased() {
                case "off", "no", "": continue
                case "on", "yes":
                    let folder = control.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                    settings.listen.append(.unix(path: folder + "/mpd.socket"))
                default:
                    guard value.hasPrefix("/") else {
                        problems.append("\(here): mpd.socket takes on, off or an absolute socket path, not \"\(value)\".")
                        continue
                    }
                    settings.listen.append(.unix(path: value))
                }
            default:
                problems.append("\(here): unknown setting \"\(key)\" (mpd.listen, mpd.password and mpd.socket are known).")
            }
        }
        return (settings, problems)
    }

    /// The config file's settings (none when it is missing).
    static func configured() -> (settings: MPDSettings, problems: [String]) {
        guard let path = SeguePaths.configFile, access(path, F_OK) == 0 else { return (MPDSettings(), []) }
        do {
            return parse(try TextFile.read(path), socketBeside: SeguePaths.socket)
        } catch {
            return (MPDSettings(), [error.description])
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { $0 != 32 && $0 != 9 && $0 != 13 }) else { return "" }
        let last = bytes.lastIndex(where: { $0 != 32 && $0 != 9 && $0 != 13 }) ?? first
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
