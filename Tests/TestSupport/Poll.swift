import Audio
import POSIXSupport

/// Waiting for something outside the test process (a file, another program, the process
/// table) that has no event to wait on: the condition is checked every few milliseconds until
/// it holds or the deadline passes. The answer, not the time taken, decides the test.
public enum Poll {
    /// Checks `condition` until it is true (returns true) or `timeout` seconds have passed
    /// (returns false).
    public static func until(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Shell.now() + timeout
        var pause = 0.001
        while true {
            if condition() { return true }
            if Shell.now() >= deadline { return false }
            sleepSeconds(pause)
            pause = min(0.05, pause * 2)
        }
    }
}
