import Audio
import Library
import MusicModel
import Player
import SQLiteStore
import Session
import TestSupport
import Testing

/// Seeded, bounded fuzzing of the numbers on a command line (issue 10): every command that takes
/// a position, range, time or level, with numbers drawn from the extremes, parsed and carried
/// out on a five-entry queue and playlist. Each line either works or fails with a sentence; none
/// traps or takes time or memory by the size of a number.
@Suite struct OutsideNumbersFuzzSessionTests {
    static let numbers = [
        "0", "1", "2", "5", "6", "999999999", "1000000000", "9223372036854775807", "9223372036854775808",
        "99999999999999999999", "-1", "1e300", "nan", "inf", "0.5", "1.9999", "59.999", "4294967296",
    ]

    /// For playlist ranges, numbers whose expansion the old code could afford (it expanded every
    /// range first); `OutsideNumbersSessionTests` and the library's tests take the larger ones.
    static let playlistNumbers = ["0", "1", "2", "5", "6", "30000000", "-1", "1e300", "99999999999999999999"]

    @Test func commandLinesWithExtremeNumbersWorkOrSaySo() throws {
        let library = try MusicLibrary.open(path: Fixtures.temporaryDirectory() + "/library.sqlite")
        let player = MusicPlayer.silent()
        let session = Session(player: player, catalog: nil, library: library, clock: { 1_700_000_000 })
        defer { player.shutdown() }
        _ = try session.perform(line: "playlist create p").get()
        var rng = SplitMix64(seed: 0x5E55_1011)
        for round in 0..<1500 {
            // Keep five entries in each, so positions land both inside and outside.
            if player.queue.entries.count < 5 { player.insert((1...5).map { PlayableItem(location: "\($0):441000") }, position: .tail) }
            if try library.playlists().first?.itemCount ?? 0 < 5 { _ = try session.perform(line: "playlist add p /a /b /c /d /e").get() }
            func n() -> String { Self.numbers[rng.int(Self.numbers.count)] }
            func p() -> String { Self.playlistNumbers[rng.int(Self.playlistNumbers.count)] }
            let forms = [
                "remove \(n())", "remove \(n())-\(n())", "remove \(n()) \(n())-\(n())", "move \(n()) \(n())", "jump \(n())",
                "playlist remove p \(p())-\(p())", "playlist move p \(n()) \(n())", "seek \(n())", "seek +\(n())", "seek -\(n()):\(n())",
                "seek \(n())%", "seek \(n()):\(n()):\(n())", "volume \(n())", "volume +\(n())", "volume -\(n())", "crossfade \(n())",
                "replace \(n()) 1:441000 2:441000",
            ]
            let line = forms[rng.int(forms.count)]
            switch session.perform(line: line) {
            case .success: break
            case .failure(let error): #expect(!error.description.isEmpty, "round \(round): \(line)")
            }
            let volume = player.playerState.volume
            #expect(volume >= 0 && volume <= 1, "round \(round): \(line)")
        }
    }
}
