extension Limits {
    /// The most candidate tracks one workout's pool holds: 10,000, five and a half days of
    /// 30-s previews, far more than a workout plays. Candidates come from catalogs, charts and
    /// the library, so their number is outside input; past the cap, new tracks are refused and
    /// known ones still update.
    public static let maxWorkoutPoolTracks = 10_000
}
