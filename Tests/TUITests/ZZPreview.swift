import Testing
import Workout
@testable import TUI

@Suite struct ZZPreview {
    @Test func preview() {
        for (r, c) in [(24, 80), (40, 120), (12, 50)] {
            var d = WorkoutScreenTests.onWorkout(WorkoutScreenTests.status(recommended: [WorkoutScreenTests.featured, WorkoutScreenTests.half, WorkoutScreenTests.slow] + (4...9).map { WorkoutTrack(location: "itunes:\($0)", title: "Song number \($0) with a long title", artist: "Band \($0)", bpm: Double(150 + $0)) }), rows: r, columns: c)
            let entry = #"{"id":4,"title":"Run Song","subtitle":"Road Band — Long Road","item":{"location":"itunes:9","title":"Run Song","artist":"Road Band","album":"Long Road","duration":201}}"#
            d.line(DaemonLines.event(DaemonLines.snapshot(current: entry, position: 83, duration: 201, length: 5)))
            print(d.screen().map { "|" + $0 + "|" }.joined(separator: "\n"))
        }
    }
}
