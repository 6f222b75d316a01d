import FoundationEssentials
import TestSupport
import WireProtocol

/// A JSON document as a tree the fuzzers can mutate structurally: a value replaced by an extreme
/// number, a value of the wrong type, deep nesting or a huge string; keys added and removed.
/// `raw` holds text written as it is (numbers such as `1e400`, or broken JSON on purpose).
indirect enum FuzzJSON: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([FuzzJSON])
    case object([(String, FuzzJSON)])
    case raw(String)

    static func == (a: FuzzJSON, b: FuzzJSON) -> Bool { a.text == b.text }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            // Sorted, so a seed picks the same node in every process (dictionaries are not ordered).
            self = .object(
                try keyed.allKeys.map(\.stringValue).sorted().map { ($0, try keyed.decode(FuzzJSON.self, forKey: AnyKey(stringValue: $0))) }
            )
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var items: [FuzzJSON] = []
            while !list.isAtEnd { items.append(try list.decode(FuzzJSON.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let b = try? single.decode(Bool.self) {
            self = .bool(b)
        } else if let d = try? single.decode(Double.self) {
            self = .number(d)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Parses real JSON (the fixtures).
    static func parse(_ bytes: [UInt8]) -> FuzzJSON {
        guard let value = try? JSONDecoder().decode(FuzzJSON.self, from: Data(bytes)) else { fatalError("a fixture is not JSON") }
        return value
    }

    /// The document as text.
    var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        case .string(let s): out += JSONValue.quote(s)
        case .raw(let r): out += r
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, field) in fields.enumerated() {
                if i > 0 { out += "," }
                out += JSONValue.quote(field.0) + ":"
                field.1.write(into: &out)
            }
            out += "}"
        }
    }

    /// How many nodes the tree has (the root included).
    var count: Int {
        switch self {
        case .array(let items): return 1 + items.reduce(0) { $0 + $1.count }
        case .object(let fields): return 1 + fields.reduce(0) { $0 + $1.1.count }
        default: return 1
        }
    }

    /// The tree with node number `index` (depth first, the root is 0) passed through `change`.
    func replacing(_ index: Int, _ change: (FuzzJSON) -> FuzzJSON) -> FuzzJSON {
        var remaining = index
        return replacing(&remaining, change)
    }

    private func replacing(_ remaining: inout Int, _ change: (FuzzJSON) -> FuzzJSON) -> FuzzJSON {
        if remaining == 0 {
            remaining = -1
            return change(self)
        }
        remaining -= 1
        switch self {
        case .array(let items):
            var out: [FuzzJSON] = []
            for item in items { out.append(remaining >= 0 ? item.replacing(&remaining, change) : item) }
            return .array(out)
        case .object(let fields):
            var out: [(String, FuzzJSON)] = []
            for (key, value) in fields { out.append((key, remaining >= 0 ? value.replacing(&remaining, change) : value)) }
            return .object(out)
        default:
            return self
        }
    }

    /// Every object in the tree with `key` has its value passed through `change` with
    /// probability `1/every` (1: all of them).
    func replacingKey(_ key: String, every: Int, _ rng: inout SplitMix64, _ change: (inout SplitMix64) -> FuzzJSON) -> FuzzJSON {
        switch self {
        case .array(let items): return .array(items.map { $0.replacingKey(key, every: every, &rng, change) })
        case .object(let fields):
            return .object(
                fields.map { field in
                    if field.0 == key, rng.int(every) == 0 { return (field.0, change(&rng)) }
                    return (field.0, field.1.replacingKey(key, every: every, &rng, change))
                })
        default: return self
        }
    }

    /// The keys of every object in the tree, each once, sorted.
    var keys: [String] {
        var found = Set<String>()
        func walk(_ v: FuzzJSON) {
            switch v {
            case .array(let items): items.forEach(walk)
            case .object(let fields):
                for (k, value) in fields {
                    found.insert(k)
                    walk(value)
                }
            default: break
            }
        }
        walk(self)
        return found.sorted()
    }

    // MARK: Mutations

    /// Huge strings, already quoted (made once: building them is most of a case's time).
    static let hugeStrings: [FuzzJSON] = [("a", "a"), ("日", "日"), ("\u{1B}", "\\u001b"), ("\"", "\\\""), ("\\", "\\\\"), ("é", "é")].flatMap
    {
        _, escaped in [1 << 20, 65_537].map { FuzzJSON.raw("\"" + String(repeating: escaped, count: $0) + "\"") }
    }

    /// Ten thousand levels of nesting, closed and unclosed.
    static let deepArrays = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    static let deepOpen = String(repeating: "{\"a\":", count: 10_000)

    /// A value an attacker might put where any value goes; `huge` allows the 1 MiB strings
    /// and the deep nesting.
    static func hostile(_ rng: inout SplitMix64, like original: FuzzJSON, huge: Bool = true) -> FuzzJSON {
        switch huge ? rng.int(12) : [0, 1, 2, 3, 4, 5, 6, 7, 10, 11][rng.int(10)] {
        case 0, 1, 2: return .raw(FuzzMutator.pick(FuzzMutator.extremeNumbers, &rng))
        case 3: return .string(FuzzMutator.number(&rng))
        case 4: return .null
        case 5: return .bool(rng.bool())
        case 6: return .array(rng.bool() ? [] : [original, original])
        case 7: return .object(rng.bool() ? [] : [("value", original)])
        case 8:
            // Deep nesting: 10,000 levels, closed or not, or a few.
            switch rng.int(3) {
            case 0: return .raw(deepArrays)
            case 1: return .raw(deepOpen)
            default: return .raw(String(repeating: "[", count: 1 + rng.int(100)) + String(repeating: "]", count: 1 + rng.int(100)))
            }
        case 9: return FuzzMutator.pick(hugeStrings, &rng)
        case 10: return .string(FuzzMutator.word(&rng, maxLength: 40))
        default:
            // Broken string escapes and a lone surrogate.
            return .raw(
                FuzzMutator.pick(
                    ["\"\\ud800\"", "\"\\u12\"", "\"\\x41\"", "\"\u{7F}\"", "\"a", "'single'", "NaN", "Infinity", "-", "01"], &rng))
        }
    }

    /// An answer with only some of its results (one to six, or all of them one time in eight),
    /// so that a case costs milliseconds.
    func someResults(_ rng: inout SplitMix64) -> FuzzJSON {
        guard rng.int(8) != 0, case .object(let fields) = self else { return self }
        return .object(
            fields.map { key, value in
                guard key == "results", case .array(let items) = value, !items.isEmpty else { return (key, value) }
                let start = rng.int(items.count)
                return (key, .array(Array(items[start..<min(items.count, start + 1 + rng.int(6))])))
            })
    }

    /// The tree with one to four structural mutations.
    func mutated(_ rng: inout SplitMix64) -> FuzzJSON {
        var value = self
        let keys = value.keys
        for _ in 0..<(1 + rng.int(4)) {
            switch rng.int(10) {
            case 0, 1, 2, 3:
                // A field the parser reads, in many objects at once.
                let key = FuzzMutator.pick(keys, &rng)
                let every = 1 + rng.int(8)
                value = value.replacingKey(key, every: every, &rng) { rng in
                    rng.bool() ? .raw(FuzzMutator.pick(FuzzMutator.extremeNumbers, &rng)) : FuzzJSON.hostile(&rng, like: .null, huge: false)
                }
            case 4, 5, 6:
                let index = rng.int(value.count)
                var local = rng
                value = value.replacing(index) { FuzzJSON.hostile(&local, like: $0) }
                rng = local
            case 7:
                // An unknown key, or a known one twice.
                let index = rng.int(value.count)
                let key = rng.bool() ? FuzzMutator.word(&rng) : FuzzMutator.pick(keys, &rng)
                let extra = FuzzJSON.hostile(&rng, like: .null)
                value = value.replacing(index) { node in
                    guard case .object(let fields) = node else { return node }
                    return .object([(key, extra)] + fields)
                }
            case 8:
                // A key removed.
                let index = rng.int(value.count)
                let which = rng.next()
                value = value.replacing(index) { node in
                    guard case .object(let fields) = node, !fields.isEmpty else { return node }
                    var copy = fields
                    copy.remove(at: Int(which % UInt64(fields.count)))
                    return .object(copy)
                }
            default:
                // An array made longer by repeating its elements.
                let index = rng.int(value.count)
                let times = 1 + rng.int(8)
                value = value.replacing(index) { node in
                    guard case .array(let items) = node else { return node }
                    return .array(Array(repeating: items, count: times).flatMap { $0 })
                }
            }
        }
        return value
    }
}
