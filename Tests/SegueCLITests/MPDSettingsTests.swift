import Checked
import Daemon
import Testing

@testable import segue

/// `--mpd`'s value and the config's `mpd.` lines.
@Suite struct MPDSettingsTests {
    @Test func theFlagsValueIsAPortAnAddressOrASocket() throws {
        #expect(try MPDSettings.address(nil) == .tcp(host: .loopback, port: 6600))
        #expect(try MPDSettings.address("6601") == .tcp(host: .loopback, port: 6601))
        #expect(try MPDSettings.address("127.0.0.2:7000") == .tcp(host: IPv4Address(127, 0, 0, 2), port: 7000))
        #expect(try MPDSettings.address("0.0.0.0:6600") == .tcp(host: IPv4Address(0, 0, 0, 0), port: 6600))
        #expect(try MPDSettings.address("/run/x/mpd.socket") == .unix(path: "/run/x/mpd.socket"))
        #expect(throws: DaemonError.self) { try MPDSettings.address("99999") }
        #expect(throws: DaemonError.self) { try MPDSettings.address("host:1") }
    }

    @Test func theConfigLinesAreRead() {
        let text = """
            library.folders = ~/Music
            mpd.listen = 6602   # a comment
            mpd.password = "a # b"
            mpd.socket = on
            mpd.socket = /tmp/other.socket
            mpd.bogus = 1
            mpd.listen = nonsense
            """
        let (settings, problems) = MPDSettings.parse(ConfigFile(parsing: text), socketBeside: "/run/user/1/segue/socket")
        #expect(settings.listen == [.tcp(host: .loopback, port: 6602)])
        #expect(settings.sockets == [.unix(path: "/run/user/1/segue/mpd.socket"), .unix(path: "/tmp/other.socket")])
        #expect(settings.password == "a # b")
        #expect(problems.count == 2)
        #expect(problems.first?.hasPrefix("config line 6: unknown setting \"mpd.bogus\"") == true)
    }
}
