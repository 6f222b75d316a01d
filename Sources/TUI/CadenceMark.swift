/// How well a tempo fits the cadence, as the workout screen marks it — with a symbol and words,
/// so it reads without colour: ✓ on cadence (within 3 % of it, of its half or of its double: an
/// 85 BPM song fits a 170 spm run), ≈ near it (within 8 %), ✗ off it, ? tempo unknown.
enum CadenceMark: Sendable, Equatable {
    case on, near, off, unknown

    /// The one-character mark.
    var symbol: String {
        switch self {
        case .on: "✓"
        case .near: "≈"
        case .off: "✗"
        case .unknown: "?"
        }
    }

    /// The mark in words.
    var words: String {
        switch self {
        case .on: "on cadence"
        case .near: "near cadence"
        case .off: "off cadence"
        case .unknown: "tempo unknown"
        }
    }

    /// The mark for a track of `bpm` at `cadence`; `onCadence` is the daemon's own verdict
    /// for the track playing, which wins when it says yes.
    static func of(bpm: Double?, cadence: Int, onCadence: Bool? = nil) -> CadenceMark {
        if onCadence == true { return .on }
        guard let bpm, bpm.isFinite, bpm > 0, cadence > 0 else { return onCadence == false ? .off : .unknown }
        let distance = [0.5, 1, 2].map { abs(bpm - Double(cadence) * $0) / (Double(cadence) * $0) }.min() ?? 1
        if distance <= 0.03, onCadence != false { return .on }
        return distance <= 0.08 ? .near : .off
    }
}
