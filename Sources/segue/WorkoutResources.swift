import Session
import Workout

#if canImport(Glibc)
    import Glibc
#endif

/// What the daemon's workouts are set up with: the config file's `workout.` lines and the
/// featured tracks shipped per kind (`featured.json` in the `workout` folder beside the demo
/// catalog's: `Resources/workout` in a checkout, `share/segue/workout` installed).
enum WorkoutResources {
    /// The setup with the config file's `workout.` settings, with a sentence for each problem
    /// found in the featured file (none is fatal).
    static func setup(_ settings: WorkoutSettings, analyze: TempoAnalysis?) -> (setup: WorkoutSetup, problems: [String]) {
        var problems: [String] = []
        var defaults: [WorkoutKind: [String]] = [:]
        if let path = featuredFile, access(path, F_OK) == 0 {
            do {
                let parsed = WorkoutSettings.parseFeaturedDefaults(try TextFile.read(path, limit: WorkoutSettings.maxFeaturedFileBytes))
                defaults = parsed.featured
                problems += parsed.problems.map { "\(path): \($0)" }
            } catch {
                problems.append(error.description)
            }
        }
        return (WorkoutSetup(settings: settings, featuredDefaults: defaults, analyze: analyze), problems)
    }

    /// Where the featured defaults are: beside the demo catalog's folder.
    static var featuredFile: String? {
        guard let demo = DemoFolder.current, let slash = demo.lastIndex(of: "/") else { return nil }
        return demo[..<slash] + "/workout/featured.json"
    }
}
