import Checked
import Daemon
import Session

/// The daemon's MPD settings: `--mpd [ADDR:]PORT` and the config file's `mpd.` lines
/// (`mpd.listen = 127.0.0.1:6600`, `mpd.password = …`, `mpd.socket = on|PATH`). MPD is off
/// unless one of them asks for it.
struct MPDSettings: Equatable {
    /// Where the MPD protocol is served from `mpd.listen` (`--mpd` replaces these).
    var listen: [ListenAddress] = []
    /// The Unix sockets `mpd.socket` adds (kept when `--mpd` is given: another key).
    var sockets: [ListenAddress] = []
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

    /// The `mpd.` lines of the config file, with a sentence for each problem (none is fatal:
    /// the line is left out). `socketBeside` is the control socket, beside which `mpd.socket = on`
    /// puts `mpd.socket`.
    static func parse(_ file: ConfigFile, socketBeside control: String) -> (settings: MPDSettings, problems: [String]) {
        var settings = MPDSettings()
        var problems: [String] = []
        for line in file.lines(under: "mpd.") {
            // A value may be quoted (a password with spaces or `#`).
            let value = line.unquoted
            switch line.name {
            case "mpd.listen":
                do {
                    settings.listen.append(try address(value))
                } catch {
                    problems.append(line.problem(error.description))
                }
            case "mpd.password":
                guard !value.isEmpty else {
                    problems.append(line.problem("mpd.password is empty; no password is set."))
                    continue
                }
                settings.password = value
            case "mpd.socket":
                switch value.lowercased() {
                case "off", "no", "": continue
                case "on", "yes":
                    let folder = control.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                    settings.sockets.append(.unix(path: folder + "/mpd.socket"))
                default:
                    guard value.hasPrefix("/") else {
                        problems.append(line.problem("mpd.socket takes on, off or an absolute socket path, not \"\(value)\"."))
                        continue
                    }
                    settings.sockets.append(.unix(path: value))
                }
            default:
                problems.append(line.problem("unknown setting \"\(line.name)\" (mpd.listen, mpd.password and mpd.socket are known)."))
            }
        }
        return (settings, problems)
    }
}
