extension WorkoutSession {
    /// The summary as it stands at `now` (final once the workout ended): duration on the
    /// stopwatch, tracks started, the share of that time the playing track fit the cadence,
    /// the time-weighted mean tempo (nil when none was known) and the skips.
    public func summary(at now: Double) -> WorkoutSummary {
        let now = clock.reading(now)
        let duration = stopwatch.elapsed(at: now)
        var tally = self.tally
        tally.account(upTo: duration, bpm: currentBPM, fits: onCadence ?? false)
        return WorkoutSummary(
            kind: kind, startedAt: startedAt, duration: duration, cadence: cadence, tracksPlayed: plays.tracksPlayed,
            onCadenceShare: tally.onCadenceShare(of: duration), averageBPM: tally.averageBPM, skips: plays.skips)
    }

    /// Adds the time since the last segment to the tally, with the track and cadence it had,
    /// before anything changes them.
    mutating func closeSegment(at now: Double) {
        tally.account(upTo: stopwatch.elapsed(at: now), bpm: currentBPM, fits: onCadence ?? false)
    }
}
