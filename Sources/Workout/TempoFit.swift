import Checked

/// Whether a tempo suits a cadence: within 3 % of the cadence itself, of its half or of its
/// double (an 85 BPM song fits a 170 spm run; a 90 rpm ride takes music at 90 or 180 BPM).
/// Pure, so front ends draw the on-cadence mark by the same rule the workout ranks by.
public enum TempoFit {
    /// The relative distance from `bpm` to the closest of `cadence`/2, `cadence` and
    /// `cadence`×2 (0 is exact, 0.03 is the edge of fitting); nil when `bpm` is not a usable
    /// tempo (`WorkoutRules.usableBPM`) or `cadence` is not positive.
    public static func distance(bpm: Double, cadence: Int) -> Double? {
        guard WorkoutRules.usableBPM.contains(bpm), cadence > 0 else { return nil }
        let target = Double(cadence)
        // Relative to each octave's own tempo: 3 % of 85 is 2.55 BPM, of 340 it is 10.2.
        return min(abs(bpm - target / 2) / (target / 2), abs(bpm - target) / target, abs(bpm - target * 2) / (target * 2))
    }

    /// Whether `bpm` fits `cadence` (within `WorkoutRules.fitTolerance` of it, its half or its
    /// double); false when the tempo is unknown or unusable.
    public static func fits(bpm: Double?, cadence: Int) -> Bool {
        guard let bpm, let distance = distance(bpm: bpm, cadence: cadence) else { return false }
        return fits(distance: distance)
    }

    /// Whether a fit distance is within the tolerance. The edge itself fits: 175.1 BPM is 3 %
    /// above 170 although floating point may make it 3.0000001 %.
    static func fits(distance: Double) -> Bool { distance <= WorkoutRules.fitTolerance + 1e-9 }

    /// `bpm` when it is a usable tempo, nil otherwise (what the pool stores).
    static func usable(_ bpm: Double?) -> Double? {
        guard let bpm, WorkoutRules.usableBPM.contains(bpm) else { return nil }
        return bpm
    }
}
