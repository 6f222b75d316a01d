import Audio
import Checked
import Daemon
import Testing

@testable import segue

/// The daemon's keys of the config file, the whole file's unknown keys, and flags over the file.
@Suite struct DaemonSettingsTests {
    @Test func everyDaemonKeyIsRead() {
        let (settings, problems) = DaemonSettings.parse(
            ConfigFile(
                parsing: """
                    output = wav:/tmp/out.wav
                    catalog.country = GB
                    catalog.language = ja-JP
                    catalog.explicit = no
                    crossfade = 2.5
                    history = off
                    seek-step = 5
                    """))
        #expect(problems == [])
        #expect(
            settings
                == DaemonSettings(
                    output: .wav(path: "/tmp/out.wav"), country: "gb", language: "ja_jp", explicit: false, crossfade: 2.5, history: false))
    }

    @Test func badValuesAreNamedWithTheirLinesAndLeaveTheDefault() {
        let (settings, problems) = DaemonSettings.parse(
            ConfigFile(
                parsing: """
                    output = speakers
                    catalog.country = usa
                    catalog.language = english
                    catalog.explicit = maybe
                    crossfade = nan
                    crossfade = 1e300
                    history = sometimes
                    catalog.store = x
                    """))
        #expect(settings == DaemonSettings())
        #expect(problems.count == 8)
        for (index, problem) in problems.enumerated() { #expect(problem.hasPrefix("config line \(index + 1): "), "\(problem)") }
        #expect(problems[0].contains("output takes pulse[:SINK]"))
        #expect(problems[7].contains("unknown setting \"catalog.store\""))
    }

    @Test func theWholeFileNamesKeysNoSectionReadsInLineOrder() {
        let config = SegueConfig(
            text: """
                bind.j = down
                volume = 3
                crossfade = 99
                library.folders = relative/path
                just words
                mpd.listen = nonsense
                workout.crossfade = 31
                colours = never
                """)
        let problems = SegueConfig.ordered(config.problems + config.daemon().problems)
        #expect(
            problems.map { $0.prefix(15) } == [
                "config line 2: ", "config line 3: ", "config line 4: ", "config line 5: ", "config line 6: ", "config line 7: ",
            ])
        #expect(problems[0] == "config line 2: unknown setting \"volume\" (docs/config.md lists them).")
    }

    @Test func theUIShowsEveryProblemOfTheFileTheDaemonsToo() {
        let (config, problems) = UICommand.loadConfig(
            SegueConfig(text: "seek-step = 7\nseek-step = 0\noutput = speakers\nmpd.bogus = 1\nvolume = 3\n"))
        #expect(config.seekStep == 7)
        #expect(problems.map { $0.prefix(15) } == ["config line 2: ", "config line 3: ", "config line 4: ", "config line 5: "])
    }

    @Test func flagsOverrideTheFile() throws {
        let file = ConfigFile(parsing: "output = wav:/tmp/x.wav\ncatalog.country = gb\ncatalog.language = ja_jp\ncatalog.explicit = no\n")
        let settings = DaemonSettings.parse(file).settings
        let flagged = try DaemonCommand(parsing: ["--output", "null", "--country", "jp"])
        #expect(flagged.resolvedOutput(with: settings) == .null)
        #expect(try DaemonCommand(parsing: ["--output", "alsa:hw:1"]).resolvedOutput(with: DaemonSettings()) == .alsa(device: "hw:1"))
        var catalog = flagged.catalog
        catalog.configure(settings)
        #expect(catalog.settings.storefront == "jp")
        #expect(catalog.settings.language == "ja_jp")
        #expect(catalog.settings.allowsExplicit == false)
        let mpd = MPDSettings.parse(
            ConfigFile(parsing: "mpd.listen = 6602\nmpd.socket = /tmp/m.socket"), socketBeside: "/run/segue/socket"
        ).settings
        #expect(
            try DaemonCommand(parsing: []).mpdAddresses(with: mpd) == [.tcp(host: .loopback, port: 6602), .unix(path: "/tmp/m.socket")])
        #expect(
            try DaemonCommand(parsing: ["--mpd", "6700"]).mpdAddresses(with: mpd) == [
                .tcp(host: .loopback, port: 6700), .unix(path: "/tmp/m.socket"),
            ])
        var unflagged = CatalogOptions()
        unflagged.configure(settings)
        #expect(unflagged.settings.storefront == "gb")
    }
}
