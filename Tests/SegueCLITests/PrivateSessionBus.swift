import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A private D-Bus session bus (`dbus-daemon --session` on a socket in a temporary folder), what
/// `dbus-run-session` makes, but with its address known to the test and its process ended by
/// `stop`: the daemon, playerctl and dbus-monitor are pointed at it with `environment`.
final class PrivateSessionBus {
    let address: String
    private let process: Shell.Running

    /// Why the suite cannot run here (a tool missing), or nil.
    static let unavailableReason: String? =
        RequiredTools.problem(running: "dbus-daemon", ["--version"]) ?? RequiredTools.problem(running: "playerctl", ["--version"])
        ?? RequiredTools.problem(running: "dbus-monitor", ["--help"])
    static var suitesRun: Bool { unavailableReason == nil || RequiredTools.mustRunEverything }
    static var skipReason: Comment {
        Comment(
            rawValue:
                "dbus-daemon, dbus-monitor or playerctl is missing (\(unavailableReason ?? "")); set CI=true or SEGUE_REQUIRE_ALL=1 to make this a failure"
        )
    }

    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Starts the bus and waits (up to 20 s) for it to print its address.
    init() throws {
        let folder = Fixtures.temporaryDirectory()
        let started = try #require(
            Shell.start("dbus-daemon", ["--session", "--nofork", "--print-address=1", "--address=unix:path=\(folder)/bus"]))
        var said = ""
        let ready = Poll.until(timeout: 20) {
            said = String(decoding: started.stdoutSoFar, as: UTF8.self)
            return said.contains("\n")
        }
        if !ready {
            started.signal(SIGTERM)
            _ = started.finish(timeout: 20)
        }
        try #require(ready, "dbus-daemon did not print its address")
        process = started
        address = String(said.prefix { $0 != "\n" })
    }

    /// `playerctl -p segue ARGUMENTS` on this bus.
    func playerctl(_ arguments: String...) -> Shell.Result {
        Shell.run("playerctl", ["-p", "segue"] + arguments, environment: environment, timeout: 30)
    }

    /// Ends the bus.
    func stop() {
        process.signal(SIGTERM)
        _ = process.finish(timeout: 20)
    }
}
