/// How `workout cadence` changes the cadence.
public enum CadenceChange: Sendable, Equatable {
    /// A cadence in steps per minute (30…250).
    case absolute(Int)
    /// A nudge up (positive) or down (negative); the result stays within 30…250.
    case relative(Int)
}
