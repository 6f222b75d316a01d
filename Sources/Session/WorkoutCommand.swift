import Workout

/// A workout operation (`workout …`, docs/commands.md). One workout runs at a time.
public enum WorkoutCommand: Equatable, Sendable {
    /// Starts a workout: its kind (nil: running), cadence (nil: the kind's default) and target
    /// length in minutes (nil: open-ended). Music starts, matched to the cadence.
    case start(WorkoutKind?, cadence: Int?, minutes: Int?)
    /// Holds the stopwatch (the music is paused too).
    case pause
    /// Runs the stopwatch again (and the music).
    case resume
    /// Ends the workout: the summary is shown and kept.
    case end
    /// Reports the workout (stopwatch, cadence, what plays, recommendations).
    case status
    /// Sets or nudges the cadence.
    case cadence(CadenceChange)
    /// Lists past workouts, most recent first.
    case history
    /// Adds picked music to the workout's pool, preferred over the rest: items as `add` takes
    /// them (songs and albums as `itunes:ID`, files) and playlists as `playlist:NAME`.
    case add([String])
    /// Plays this track at once (a recommendation picked on the screen); the queue goes on after it.
    case play(String)

    /// How far one `workout cadence +N|-N` nudges, in steps a minute.
    public static let nudgeRange = 1...100
    /// Target lengths `workout start --minutes N` takes (up to a day).
    public static let minutesRange = 1...1440
}
