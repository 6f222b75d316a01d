import TestSupport
import Testing

/// Runs fuzzer `name` through `FuzzRunner` (a child process under a memory limit and a deadline)
/// and records what went wrong in the calling test. `test` is the calling test's id without its
/// parentheses, which is the child's filter.
func fuzz(_ name: String, test: String, cases: Int, body: (inout SplitMix64) throws -> Void) {
    if let outcome = FuzzRunner.check(name, test: test, defaultCases: cases, body: body) {
        print(outcome.summary)
        for failure in outcome.failures { Issue.record(Comment(rawValue: failure)) }
    }
}

/// Fails the case with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw FuzzRunner.Failure(message()) }
}

/// At most `limit` characters of `text`, for failure messages.
func excerpt(_ text: String, _ limit: Int = 300) -> String {
    text.count <= limit ? text.debugDescription : String(text.prefix(limit)).debugDescription + "… (\(text.utf8.count) bytes)"
}
