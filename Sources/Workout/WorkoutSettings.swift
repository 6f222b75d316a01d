import Checked
import FoundationEssentials
import MusicModel

/// A workout's settings from the config file (`$XDG_CONFIG_HOME/segue/config`, the lines whose
/// keys start with `workout.`) and the featured defaults shipped in `Resources/workout`:
///
///     workout.featured = 1440857781, 1440857782   # catalog song ids recommended first
///     workout.crossfade = 3                       # seconds consecutive tracks overlap
///
/// Outside text becomes ranged values or a sentence in `problems`; nothing here is fatal.
public struct WorkoutSettings: Sendable, Equatable {
    /// Catalog song ids recommended first in every workout, in order; empty: the defaults per kind.
    public var featured: [String] = []
    /// Seconds consecutive tracks overlap while a workout runs (within `crossfadeRange`).
    public var crossfade = WorkoutSettings.defaultCrossfade

    /// The overlap a workout uses when the config does not say.
    public static let defaultCrossfade = 3.0
    /// What `workout.crossfade` may be (the player's own range).
    public static let crossfadeRange = 0.0...30.0
    /// The most featured ids kept from one list (one catalog lookup asks for at most 200).
    public static let maxFeatured = 100
    /// The most bytes of a featured defaults file read.
    public static let maxFeaturedFileBytes = 64 << 10

    /// The defaults, as with no config file.
    public init() {}

    /// Settings with these values; `featured` is kept to valid ids and `maxFeatured` of them, and
    /// a `crossfade` outside `crossfadeRange` becomes the default.
    public init(featured: [String], crossfade: Double = WorkoutSettings.defaultCrossfade) {
        self.featured = Self.validIDs(featured)
        self.crossfade = Self.crossfadeRange.contains(crossfade) ? crossfade : Self.defaultCrossfade
    }

    /// Reads the `workout.` lines of the config file (other keys are the UI's and are passed
    /// over); each unusable workout line gives one sentence in `problems`.
    public static func parse(_ file: ConfigFile) -> (settings: WorkoutSettings, problems: [String]) {
        var settings = WorkoutSettings()
        var problems: [String] = []
        for line in file.lines(under: "workout.") {
            let value = line.value
            switch line.name {
            case "workout.featured":
                let words = value.split(separator: ",").map { String($0.trimmingConfigSpaces()) }.filter { !$0.isEmpty }
                let bad = words.filter { !isCatalogID($0) }
                if let first = bad.first {
                    problems.append(line.problem("\"\(first)\" is not a catalog id (digits, as in 1440857781)."))
                }
                let good = words.filter(isCatalogID)
                if good.count > maxFeatured {
                    problems.append(line.problem("workout.featured keeps the first \(maxFeatured) of \(good.count) ids."))
                }
                settings.featured = validIDs(good)
            case "workout.crossfade":
                if let seconds = Checked.decimal(value, in: crossfadeRange) {
                    settings.crossfade = seconds
                } else {
                    problems.append(line.problem("workout.crossfade is a number of seconds from 0 to 30."))
                }
            default:
                problems.append(line.problem("unknown setting \"\(line.name)\" (workout.featured and workout.crossfade are known)."))
            }
        }
        return (settings, problems)
    }

    /// Reads a featured defaults file: a JSON object from a workout kind (`running`, …) to an
    /// array of catalog id strings. Unknown kinds and ids that are not catalog ids give a
    /// sentence each and are left out; each list keeps at most `maxFeatured` ids.
    public static func parseFeaturedDefaults(_ text: String) -> (featured: [WorkoutKind: [String]], problems: [String]) {
        guard text.utf8.count <= maxFeaturedFileBytes else {
            return ([:], ["The featured tracks file is larger than \(maxFeaturedFileBytes) bytes."])
        }
        let object: [String: [String]]
        do {
            object = try JSONDecoder().decode([String: [String]].self, from: Data(text.utf8))
        } catch {
            return ([:], ["The featured tracks file is not a JSON object of workout kinds to lists of catalog ids."])
        }
        var featured: [WorkoutKind: [String]] = [:]
        var problems: [String] = []
        for (name, ids) in object.sorted(by: { $0.key < $1.key }) {
            guard let kind = WorkoutKind(rawValue: name) else {
                problems.append("The featured tracks file names \"\(name)\", which is no kind of workout.")
                continue
            }
            if let bad = ids.first(where: { !isCatalogID($0) }) {
                problems.append("The featured tracks file lists \"\(bad)\" for \(name), which is not a catalog id.")
            }
            featured[kind] = validIDs(ids)
        }
        return (featured, problems)
    }

    /// Catalog ids (`ItemLocation.isCatalogID`), each once, at most `maxFeatured`.
    private static func validIDs(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return Array(ids.filter { isCatalogID($0) && seen.insert($0).inserted }.prefix(maxFeatured))
    }

    private static func isCatalogID(_ text: String) -> Bool { ItemLocation.isCatalogID(text) }
}
