import Library
import SQLiteStore
import Tempo
import Testing
import Workout

/// The library's workout tables (issue 12): tempos by item and the summaries of workouts, read
/// back ranged whatever a damaged or hostile file holds.
@Suite struct WorkoutLibraryTests {
    private func summary(startedAt: Double, kind: WorkoutKind = .running, skips: Int = 0) -> WorkoutSummary {
        WorkoutSummary(
            kind: kind, startedAt: startedAt, duration: 1800, cadence: 170, tracksPlayed: 9, onCadenceShare: 0.9, averageBPM: 171.5,
            skips: skips)
    }

    @Test func aStoredTempoReadsBackByItsKeyAndReplacesTheOldOne() throws {
        let (library, _) = try TestDatabase.library()
        #expect(try library.tempo(forKey: "itunes:1") == nil)
        try library.storeTempo(TempoEstimate(bpm: 128, confidence: 0.7, source: .analysis), forKey: "itunes:1")
        try library.storeTempo(TempoEstimate(bpm: 172, confidence: 1, source: .tag), forKey: "itunes:1")
        #expect(try library.tempo(forKey: "itunes:1") == TempoEstimate(bpm: 172, confidence: 1, source: .tag))
        #expect(try library.tempo(forKey: "itunes:2") == nil)
    }

    @Test func workoutsAreListedMostRecentFirst() throws {
        let (library, _) = try TestDatabase.library()
        try library.saveWorkout(summary(startedAt: 1_700_000_000, kind: .walking))
        try library.saveWorkout(summary(startedAt: 1_700_100_000, kind: .cycling, skips: 2))
        try library.saveWorkout(summary(startedAt: 1_690_000_000, kind: .hiit))
        let listed = try library.workouts(limit: 10)
        #expect(listed.map(\.kind) == [.cycling, .walking, .hiit])
        #expect(listed.first == summary(startedAt: 1_700_100_000, kind: .cycling, skips: 2))
        #expect(try library.workouts(limit: 1).count == 1)
    }

    @Test func hostileStoredNumbersReadBackRanged() throws {
        let (library, path) = try TestDatabase.library()
        do {
            // What a damaged or hand-edited file can hold: SQLite keeps any value in any column.
            let db = try SQLiteDatabase.open(path: path)
            try db.execute("INSERT INTO tempo VALUES ('itunes:1', 1e300, 0.5, 'analysis')", [])
            try db.execute("INSERT INTO tempo VALUES ('itunes:2', 'fast', 0.5, 'analysis')", [])
            try db.execute("INSERT INTO tempo VALUES ('itunes:3', 120, 1e300, 'guess')", [])
            try db.execute("INSERT INTO tempo VALUES ('itunes:4', 120, -7, 'tag')", [])
            try db.execute(
                """
                INSERT INTO workout (kind, started_at, duration, cadence, tracks_played, on_cadence_share, average_bpm, skips)
                VALUES ('swimming', 1e300, -5, 99999999999, -3, 7, 1e300, 9223372036854775807)
                """, [])
            try db.execute(
                """
                INSERT INTO workout (kind, started_at, duration, cadence, tracks_played, on_cadence_share, average_bpm, skips)
                VALUES ('running', 'soon', 1e300, 'x', 1e300, 'most', 'quick', -1)
                """, [])
        }
        #expect(try library.tempo(forKey: "itunes:1") == nil)
        #expect(try library.tempo(forKey: "itunes:2") == nil)
        #expect(try library.tempo(forKey: "itunes:3") == nil)
        #expect(try library.tempo(forKey: "itunes:4") == TempoEstimate(bpm: 120, confidence: 0, source: .tag))
        let listed = try library.workouts(limit: 10)
        #expect(listed.count == 2)
        for workout in listed {
            #expect(workout.startedAt == 0)
            #expect(workout.duration == 0)
            #expect(workout.cadence == 120)
            #expect(workout.tracksPlayed == 0)
            #expect(workout.onCadenceShare == 0)
            #expect(workout.averageBPM == nil)
            #expect(workout.skips == 0)
        }
        #expect(Set(listed.map(\.kind)) == [.other, .running])
        // Nothing out of range is stored in the first place.
        try library.storeTempo(TempoEstimate(bpm: .nan, confidence: .nan, source: .analysis), forKey: "itunes:5")
        try library.storeTempo(TempoEstimate(bpm: .infinity, confidence: 1, source: .analysis), forKey: "itunes:6")
        #expect(try library.tempo(forKey: "itunes:5") == nil)
        #expect(try library.tempo(forKey: "itunes:6") == nil)
        try library.saveWorkout(
            WorkoutSummary(
                kind: .running, startedAt: .nan, duration: .infinity, cadence: 170, tracksPlayed: 1, onCadenceShare: .nan,
                averageBPM: .nan, skips: 0))
        #expect(try library.workouts(limit: 10).contains { $0.cadence == 170 && $0.duration == 0 && $0.averageBPM == nil })
    }

    @Test func aVersionThreeLibraryGainsTheWorkoutTablesAndKeepsItsRows() throws {
        let path = TestDatabase.path()
        do {
            // Made by this code, then taken back to version 3 as the last release left it.
            let library = try MusicLibrary.open(path: path)
            try library.recordPlay(.init(location: "/a.mp3", title: "A"), at: 1)
            let db = try SQLiteDatabase.open(path: path)
            try TestDatabase.dropLocalMusic(db)
            try db.execute("DROP TABLE tempo", [])
            try db.execute("DROP TABLE workout", [])
            try db.setUserVersion(3)
        }
        let library = try MusicLibrary.open(path: path)
        #expect(try library.recentlyPlayed(limit: 5).map(\.item.title) == ["A"])
        try library.storeTempo(TempoEstimate(bpm: 90, confidence: 0.5, source: .analysis), forKey: "/a.mp3")
        try library.saveWorkout(summary(startedAt: 5))
        #expect(try library.tempo(forKey: "/a.mp3")?.bpm == 90)
        #expect(try library.workouts(limit: 5).count == 1)
        #expect(try SQLiteDatabase.open(path: path).userVersion() == 6)
    }
}
