import Checked
import TestSupport
import Testing
import Workout

/// The config file's `workout.` lines and the featured defaults file: ranged values, or a
/// sentence per line that cannot be used.
@Suite struct WorkoutSettingsTests {
    @Test func theWorkoutLinesAreReadAndTheUIsArePassedOver() {
        let text = """
            # settings
            bind.ctrl-n = next
            workout.featured = 1440857781, 255638432 ,9000000337   # three ids
            workout.crossfade = 4.5
            seek-step = 5
            """
        let (settings, problems) = WorkoutSettings.parse(ConfigFile(parsing: text))
        #expect(settings.featured == ["1440857781", "255638432", "9000000337"])
        #expect(settings.crossfade == 4.5)
        #expect(problems.isEmpty)
    }

    @Test func hostileValuesBecomeSentencesAndTheDefaultsStay() {
        let text = """
            workout.crossfade = 1e300
            workout.crossfade = nan
            workout.crossfade = -3
            workout.featured = 12, abc, 99999999999999999999999, 12, 34
            workout.speed = 3
            """
        let (settings, problems) = WorkoutSettings.parse(ConfigFile(parsing: text))
        #expect(settings.crossfade == WorkoutSettings.defaultCrossfade)
        #expect(settings.featured == ["12", "34"])
        #expect(
            problems == [
                "config line 1: workout.crossfade is a number of seconds from 0 to 30.",
                "config line 2: workout.crossfade is a number of seconds from 0 to 30.",
                "config line 3: workout.crossfade is a number of seconds from 0 to 30.",
                "config line 4: \"abc\" is not a catalog id (digits, as in 1440857781).",
                "config line 5: unknown setting \"workout.speed\" (workout.featured and workout.crossfade are known).",
            ])
    }

    @Test func aLongFeaturedListKeepsItsFirstHundred() {
        let ids = (1...150).map(String.init)
        let (settings, problems) = WorkoutSettings.parse(ConfigFile(parsing: "workout.featured = " + ids.joined(separator: ",")))
        #expect(settings.featured == Array(ids.prefix(100)))
        #expect(problems == ["config line 1: workout.featured keeps the first 100 of 150 ids."])
    }

    @Test func theFeaturedDefaultsFileGivesEachKindItsIDs() {
        let json = #"{"running": ["9000000337", "255638432"], "cycling": ["1", "x1", "1"], "swimming": ["5"]}"#
        let (featured, problems) = WorkoutSettings.parseFeaturedDefaults(json)
        #expect(featured == [.running: ["9000000337", "255638432"], .cycling: ["1"]])
        #expect(
            problems == [
                "The featured tracks file lists \"x1\" for cycling, which is not a catalog id.",
                "The featured tracks file names \"swimming\", which is no kind of workout.",
            ])
        #expect(WorkoutSettings.parseFeaturedDefaults("[1, 2]").featured.isEmpty)
        #expect(WorkoutSettings.parseFeaturedDefaults("{\"running\": [1e300]}").problems.count == 1)
        let huge = "{\"running\": [\"" + String(repeating: "1", count: 70_000) + "\"]}"
        #expect(WorkoutSettings.parseFeaturedDefaults(huge).featured.isEmpty)
    }

    @Test func theShippedDefaultsFileReads() throws {
        // The file shipped beside the demo catalog (Resources/workout/featured.json).
        let bytes = try #require(Shell.readFile(Fixtures.packageRoot + "/Resources/workout/featured.json"))
        let (featured, problems) = WorkoutSettings.parseFeaturedDefaults(String(decoding: bytes, as: UTF8.self))
        #expect(problems.isEmpty)
        #expect(Set(featured.keys) == Set(WorkoutKind.allCases))
        #expect(featured.values.allSatisfy { !$0.isEmpty })
    }
}
