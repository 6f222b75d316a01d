import Checked

extension CadenceChange {
    /// The cadence this change makes of `cadence`, within `WorkoutRules.cadences` whatever the
    /// numbers (a nudge of Int.max is a nudge to the top).
    func applied(to cadence: Int) -> Int {
        let range = WorkoutRules.cadences
        switch self {
        case .absolute(let value): return min(max(value, range.lowerBound), range.upperBound)
        case .relative(let step):
            let moved = Checked.sum(cadence, step) ?? (step > 0 ? range.upperBound : range.lowerBound)
            return min(max(moved, range.lowerBound), range.upperBound)
        }
    }
}
