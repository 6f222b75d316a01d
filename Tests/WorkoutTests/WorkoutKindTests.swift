import Testing
import Workout

@Suite struct WorkoutKindTests {
    @Test func defaultCadencesFollowTheIssue() {
        #expect(WorkoutKind.running.defaultCadence == 170)
        #expect(WorkoutKind.walking.defaultCadence == 115)
        #expect(WorkoutKind.cycling.defaultCadence == 90)
        #expect(WorkoutKind.hiit.defaultCadence == 150)
    }
}
