/// What kind of workout a session is; each has a default cadence.
public enum WorkoutKind: String, Sendable, Equatable, CaseIterable, Codable {
    case running, cycling, walking, hiit, other

    /// Steps (or pedal turns) per minute a workout of this kind starts at when none is given:
    /// running 170 spm, walking 115, cycling 90 rpm (music at 180 or 90 BPM fits), hiit 150,
    /// other 120.
    public var defaultCadence: Int {
        switch self {
        case .running: 170
        case .cycling: 90
        case .walking: 115
        case .hiit: 150
        case .other: 120
        }
    }
}
