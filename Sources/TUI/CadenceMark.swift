import Workout

/// How well a tempo fits the cadence, as the workout screen marks it — with a symbol and words,
/// so it reads without colour: ✓ on cadence (`TempoFit`, the rule the workout ranks by: within
/// 3 % of it, of its half or of its double), ≈ near it (within 8 %), ✗ off it, ? tempo unknown.
enum CadenceMark: Sendable, Equatable {
    case on, near, off, unknown

    /// How far from fitting a tempo may be and still be marked near.
    static let nearTolerance = 0.08

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
        guard let bpm, let distance = TempoFit.distance(bpm: bpm, cadence: cadence) else { return onCadence == false ? .off : .unknown }
        if TempoFit.fits(bpm: bpm, cadence: cadence), onCadence != false { return .on }
        return distance <= Self.nearTolerance ? .near : .off
    }
}
