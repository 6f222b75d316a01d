import Workout

/// A generated pool of candidates, the same for the same arguments: tempos spread evenly at
/// random over a range, many artists (a third with catalog ids, the others by name written in
/// two cases and spacings, which a workout must take for one artist), 30-s tracks, a few of
/// unknown tempo or length, the first few featured. Shared by WorkoutTests and segue-bench.
public struct WorkoutPoolFixture: Sendable {
    public let tracks: [WorkoutTrack]
    /// Each location's artist by number: the truth variety is checked against, independent of
    /// how the workout itself tells artists apart.
    public let artistOf: [String: Int]

    /// `count` tracks by `artists` artists at tempos within `tempos`; every 20th has no tempo,
    /// every 10th no length, the first `featured` are featured.
    public init(count: Int, artists: Int, tempos: ClosedRange<Double> = 60...200, featured: Int = 8, seed: UInt64 = 1) {
        var tracks: [WorkoutTrack] = []
        var artistOf: [String: Int] = [:]
        let artists = max(1, artists)
        for i in 0..<max(0, count) {
            let a = Self.mix(seed, UInt64(i), 1)
            let b = Self.mix(seed, UInt64(i), 2)
            let artist = Int(a % UInt64(artists))
            let tempo = tempos.lowerBound + Double(b % 1_000_001) / 1_000_000 * (tempos.upperBound - tempos.lowerBound)
            let location = "sim:\(i)"
            let named = i % 2 == 0 ? "Artist \(artist)" : "ARTIST  \(artist)"
            tracks.append(
                WorkoutTrack(
                    location: location, title: "Song \(i)", artist: artist % 3 == 0 ? "Artist \(artist)" : named,
                    artistID: artist % 3 == 0 ? "artist-\(artist)" : nil, bpm: i % 20 == 19 ? nil : tempo,
                    duration: i % 10 == 9 ? nil : 30, featured: i < featured))
            artistOf[location] = artist
        }
        self.tracks = tracks
        self.artistOf = artistOf
    }

    /// SplitMix64's finaliser over the seed, the index and a stream number.
    private static func mix(_ seed: UInt64, _ index: UInt64, _ stream: UInt64) -> UInt64 {
        var z = seed &+ index &* 0x9E37_79B9_7F4A_7C15 &+ stream &* 0xD1B5_4A32_D192_ED03
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
