// DEV ONLY — delete before the final commit. With SEGUE_FUZZ_AVOID=1 the fuzzers steer clear of
// crashes already known and being fixed on other branches, to find the next ones.
import Glibc
import Session
import TestSupport

enum KnownBroken {
    static let on = getenv("SEGUE_FUZZ_AVOID") != nil

    static func line(_ line: String) -> Bool {
        guard on, let command = try? Command.parse(line) else { return false }
        switch command {
        case .remove(let ranges): return ranges.contains { $0.upperBound > 10_000 }
        case .playlist(.remove(_, let ranges)): return ranges.contains { $0.upperBound > 10_000 }
        default: return false
        }
    }

    static func number(_ text: String?) -> Bool {
        guard on, let text else { return false }
        guard let d = Double(text.filter { $0 != " " && $0 != "\t" }) else { return false }
        return !d.isFinite || abs(d) > 1e15
    }

    static func daemonLine(_ line: String) -> Bool {
        guard on else { return false }
        return line.contains("\"id\":") && (line.contains("e+") || line.contains("e3") || line.contains("1e") || line.contains("E3"))
    }
}
