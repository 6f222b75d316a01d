/// Reading a command's arguments as MPD does, each into a checked value or an `ACK [2@i]` with
/// MPD's wording; no number from a client is used unchecked.
extension MPDCall {
    /// Checks the argument count is within `counts`.
    public func expectArguments(_ counts: ClosedRange<Int>) throws(MPDAck) {
        guard counts.contains(arguments.count) else {
            throw MPDAck.argument("wrong number of arguments for \"\(name)\"")
        }
    }

    /// The `index`-th argument (from 0), or nil when there are fewer.
    public func optional(_ index: Int) -> String? {
        index < arguments.count ? arguments[index] : nil
    }

    /// The `index`-th argument, which must be there.
    public func string(_ index: Int) throws(MPDAck) -> String {
        guard let value = optional(index) else { throw MPDAck.argument("wrong number of arguments for \"\(name)\"") }
        return value
    }

    /// A whole number (`-5`, `12`) within `range`.
    public func integer(_ index: Int, in range: ClosedRange<Int> = Int(Int32.min)...Int(Int32.max)) throws(MPDAck) -> Int {
        let text = try string(index)
        guard text.utf8.count <= 20, let value = Int(text) else { throw MPDAck.argument("Integer expected: \(text)") }
        guard range.contains(value) else { throw MPDAck.argument("Number too large: \(text)") }
        return value
    }

    /// A number that is not negative (a position, an id), up to `max`.
    public func unsigned(_ index: Int, max: Int = Int(Int32.max)) throws(MPDAck) -> Int {
        let text = try string(index)
        guard text.utf8.count <= 20, let value = Int(text) else { throw MPDAck.argument("Integer expected: \(text)") }
        guard value >= 0 else { throw MPDAck.argument("Number is negative: \(text)") }
        guard value <= max else { throw MPDAck.argument("Number too large: \(text)") }
        return value
    }

    /// `0` or `1`.
    public func boolean(_ index: Int) throws(MPDAck) -> Bool {
        let text = try string(index)
        switch text {
        case "0": return false
        case "1": return true
        default: throw MPDAck.argument("Boolean (0/1) expected: \(text)")
        }
    }

    /// A finite number of seconds (`12`, `3.5`, `-2` when `signed`).
    public func seconds(_ index: Int, signed: Bool = false) throws(MPDAck) -> Double {
        let text = try string(index)
        guard text.utf8.count <= 32, let value = Double(text), value.isFinite, signed || value >= 0 else {
            throw MPDAck.argument("Float expected: \(text)")
        }
        return value
    }

    /// A range of queue positions, from 0: `N` (just N), `START:END` (END not included) or
    /// `START:` (to the end: `upperBound` nil).
    public func range(_ index: Int) throws(MPDAck) -> (lowerBound: Int, upperBound: Int?) {
        let text = try string(index)
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        func number(_ part: Substring) -> Int? {
            guard part.utf8.count <= 10, let value = Int(part), value >= 0, value <= Int(Int32.max) else { return nil }
            return value
        }
        guard let start = number(parts[0]) else { throw MPDAck.argument("Integer expected: \(text)") }
        guard parts.count == 2 else { return (start, start + 1) }
        if parts[1].isEmpty { return (start, nil) }
        guard let end = number(parts[1]) else { throw MPDAck.argument("Integer expected: \(text)") }
        guard end >= start else { throw MPDAck.argument("Bad range: \(text)") }
        return (start, end)
    }
}
