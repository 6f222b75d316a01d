import Workout

// The summaries of finished workouts (`workout history`).
extension MusicLibrary {
    /// Keeps a finished workout's summary.
    public func saveWorkout(_ summary: WorkoutSummary) throws(LibraryError) {
        try withDatabase { db in
            try db.execute(
                """
                INSERT INTO workout (kind, started_at, duration, cadence, tracks_played, on_cadence_share, average_bpm, skips)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                """,
                [
                    .text(summary.kind.rawValue), .real(Self.finite(summary.startedAt)), .real(Self.finite(summary.duration)),
                    .integer(Int64(summary.cadence)), .integer(Int64(summary.tracksPlayed)), .real(Self.finite(summary.onCadenceShare)),
                    SQLValue(summary.averageBPM.map(Self.finite)), .integer(Int64(summary.skips)),
                ])
        }
    }

    /// Up to `limit` workouts, most recently started first. Every number is ranged as it is read:
    /// a damaged row (NaN, 1e300, a negative count) reads as something a front end can show.
    public func workouts(limit: Int) throws(LibraryError) -> [WorkoutSummary] {
        try withDatabase { db in
            try db.query(
                """
                SELECT kind, started_at, duration, cadence, tracks_played, on_cadence_share, average_bpm, skips
                FROM workout ORDER BY started_at DESC, id DESC LIMIT ?1
                """, [.integer(Int64(max(0, limit)))]
            ).map { row in
                WorkoutSummary(
                    kind: row[0].string.flatMap(WorkoutKind.init(rawValue:)) ?? .other,
                    startedAt: Self.ranged(row[1], 0...Self.latestDate, otherwise: 0),
                    duration: Self.ranged(row[2], 0...Self.longestWorkout, otherwise: 0),
                    cadence: Self.count(row[3], in: WorkoutRules.cadences) ?? WorkoutKind.other.defaultCadence,
                    tracksPlayed: Self.count(row[4], in: 0...Self.mostTracks) ?? 0,
                    onCadenceShare: Self.ranged(row[5], 0...1, otherwise: 0),
                    averageBPM: row[6].double.flatMap { $0.isFinite && Self.storedTempoRange.contains($0) ? $0 : nil },
                    skips: Self.count(row[7], in: 0...Self.mostTracks) ?? 0)
            }
        }
    }

    /// Seconds since 1970 of the year 3000: later start times are damage.
    static let latestDate = 32_503_680_000.0
    /// A week: longer stopwatches are damage.
    static let longestWorkout = 7 * 24 * 3600.0
    /// More tracks or skips in one workout than a week of 30-second previews is damage.
    static let mostTracks = 1_000_000

    private static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

    private static func ranged(_ value: SQLValue, _ range: ClosedRange<Double>, otherwise fallback: Double) -> Double {
        guard let number = value.double, number.isFinite, range.contains(number) else { return fallback }
        return number
    }

    private static func count(_ value: SQLValue, in range: ClosedRange<Int>) -> Int? {
        guard let number = value.int64, number >= Int64(range.lowerBound), number <= Int64(range.upperBound) else { return nil }
        return Int(number)
    }
}
