import Checked
import MusicModel
import Workout

extension Command {
    /// Reads one command line: a verb (or alias, any case) and its arguments as shell-like words
    /// (see docs/commands.md). For `search` and `find` the rest of the line is the term, taken as typed, so
    /// quotes in it need not balance. Throws a `CommandError` whose description says what is wrong.
    public static func parse(_ line: String) throws(CommandError) -> Command {
        var words = CommandWords(line)
        guard let verbWord = try words.next() else { throw .empty }
        guard let verb = CommandVerb.named(verbWord) else { throw .unknownCommand(verbWord) }
        if verb.name == "search" { return try parseSearch(words.rest, verb) }
        if verb.name == "find" {
            let term = words.rest
            guard !term.isEmpty else { throw .badArguments(verb: verb.name, expected: verb.expected) }
            return .find(term)
        }
        return try Arguments(verb: verb, words: words.all()).command()
    }

    /// `search [songs|albums|artists] TERM`: the kind word counts only when a term follows it.
    private static func parseSearch(_ rest: String, _ verb: CommandVerb) throws(CommandError) -> Command {
        var words = CommandWords(rest)
        let first = (try? words.next()) ?? nil
        if let first, let kind = SearchKind(rawValue: first.lowercased()) {
            let term = words.rest
            if !term.isEmpty { return .search(kind, term: term) }
        }
        guard !rest.isEmpty else { throw .badArguments(verb: verb.name, expected: verb.expected) }
        return .search(.songs, term: rest)
    }
}

/// The words after a verb, read into the verb's command.
struct Arguments {
    let verb: CommandVerb
    let words: [String]

    var bad: CommandError { .badArguments(verb: verb.name, expected: verb.expected) }

    func command() throws(CommandError) -> Command {
        switch verb.name {
        case "play": return try none(.play)
        case "pause": return try none(.pause)
        case "toggle": return try none(.toggle)
        case "stop": return try none(.stop)
        case "next": return try none(.next)
        case "previous": return try none(.previous)
        case "restart": return try none(.restart)
        case "status": return try none(.status)
        case "queue":
            if words.isEmpty { return .queue }
            guard words.count == 2, words[0].lowercased() == "--since", let version = Numbers.version(words[1]) else { throw bad }
            return .queueChanges(since: version)
        case "clear": return try none(.clear)
        case "quit": return try none(.quit)
        case "seek": return .seek(try map(one(), Numbers.seekTarget))
        case "volume": return .volume(try map(one(), Numbers.volumeChange))
        case "crossfade":
            return .crossfade(seconds: try map(one()) { word in Numbers.decimal(word).flatMap { $0 <= 30 ? $0 : nil } })
        case "repeat":
            return .repeatMode(try optionalKeyword(["one": RepeatMode.one, "all": .all, "none": .none, "off": .none]))
        case "shuffle":
            return .shuffle(try optionalKeyword(["on": ShuffleMode.songs, "songs": .songs, "off": .off]))
        case "add":
            if words.first?.lowercased() == "--at" {
                guard words.count >= 3, let at = Numbers.position(words[1]) else { throw bad }
                return .add(try Arguments(verb: verb, words: Array(words.dropFirst(2))).items(), position: .index(at - 1))
            }
            return .add(try items(), position: .tail)
        case "playnext": return .add(try items(), position: .afterCurrentEntry)
        case "move":
            guard words.count == 2, let to = Numbers.position(words[1]) else { throw bad }
            if let from = Numbers.entry(words[0]) { return .move(from: from, to: to) }
            guard let range = Numbers.range(words[0]) else { throw bad }
            return .moveRange(range, to: to)
        case "swap":
            guard words.count == 2, let a = Numbers.entry(words[0]), let b = Numbers.entry(words[1]) else { throw bad }
            return .swap(a, b)
        case "mix":
            guard let word = try optional() else { return .mix(nil) }
            return .mix(try map(word, Numbers.range))
        case "single": return .single(try optionalKeyword(["on": SingleMode.on, "off": .off, "oneshot": .oneshot]))
        case "consume": return .consume(try optionalKeyword(["on": ConsumeMode.on, "off": .off]))
        case "output":
            guard let first = words.first?.lowercased() else { return .output(.list) }
            if first == "list", words.count == 1 { return .output(.list) }
            guard words.count == 2, let id = Numbers.ranged(words[1], 0...999) else { throw bad }
            switch first {
            case "enable": return .output(.enable(id))
            case "disable": return .output(.disable(id))
            case "toggle": return .output(.toggle(id))
            default: throw bad
            }
        case "picture":
            let item = try one()
            guard !item.isEmpty else { throw bad }
            return .picture(item)
        case "remove": return .remove(try selections())
        case "jump":
            guard words.count == 2 else { return .jump(try map(one(), Numbers.entry)) }
            guard let entry = Numbers.entry(words[0]), case .absolute(let seconds)? = Numbers.seekTarget(words[1]) else { throw bad }
            return .jumpTo(entry, seconds: seconds)
        case "replace":
            guard let first = words.first, let start = Numbers.position(first) else { throw bad }
            let items = Array(words.dropFirst())
            guard start <= items.count, !items.contains(where: \.isEmpty) else { throw bad }
            return .replace(items, start: start)
        case "lookup":
            guard !words.isEmpty, words.allSatisfy(Numbers.isCatalogID) else { throw bad }
            return .lookup(words)
        case "album": return .album(try catalogID(one()))
        case "artist": return .artist(try catalogID(one()))
        case "topsongs": return .topSongs(try catalogID(one()))
        case "charts":
            guard let word = try optional() else { return .charts(storefront: nil) }
            return .charts(storefront: try map(word, Numbers.storefront))
        case "save":
            guard let word = try optional() else { return .save(nil) }
            return .save(try catalogID(word))
        case "unsave":
            guard let word = try optional() else { return .unsave(nil) }
            return .unsave(try catalogID(word))
        case "saved": return .saved(try optionalKeyword(["songs": SavedKind.songs, "albums": .albums]) ?? .songs)
        case "history":
            return .history(try optionalKeyword(["list": HistoryCommand.list, "on": .on, "off": .off, "clear": .clear]) ?? .list)
        case "playlist": return .playlist(try playlist())
        case "workout": return .workout(try workout())
        case "folder": return .folder(try folder())
        case "rescan":
            guard let word = try optional() else { return .rescan(nil) }
            guard !word.isEmpty else { throw bad }
            return .rescan(word)
        case "stats": return try none(.stats)
        case "library": return .library(try library())
        case "tempo": return .tempo(try items())
        case "help":
            guard let word = try optional() else { return .help(nil) }
            guard let named = CommandVerb.named(word) else { throw .unknownCommand(word) }
            return .help(named.name)
        default: throw .unknownCommand(verb.name)
        }
    }

    private func none(_ command: Command) throws(CommandError) -> Command {
        guard words.isEmpty else { throw bad }
        return command
    }

    private func one() throws(CommandError) -> String {
        guard words.count == 1 else { throw bad }
        return words[0]
    }

    private func optional() throws(CommandError) -> String? {
        guard words.count <= 1 else { throw bad }
        return words.first
    }

    private func map<T>(_ word: String, _ read: (String) -> T?) throws(CommandError) -> T {
        guard let value = read(word) else { throw bad }
        return value
    }

    private func optionalKeyword<T>(_ table: [String: T]) throws(CommandError) -> T? {
        guard let word = try optional() else { return nil }
        guard let value = table[word.lowercased()] else { throw bad }
        return value
    }

    private func catalogID(_ word: String) throws(CommandError) -> String {
        guard Numbers.isCatalogID(word) else { throw bad }
        return word
    }

    fileprivate func items() throws(CommandError) -> [String] {
        guard !words.isEmpty, !words.contains(where: \.isEmpty) else { throw bad }
        return words
    }

    private func selections() throws(CommandError) -> [EntrySelection] {
        guard !words.isEmpty else { throw bad }
        var out: [EntrySelection] = []
        for word in words {
            if let id = Numbers.entryID(word) {
                out.append(.id(id))
            } else {
                guard let range = Numbers.range(word) else { throw bad }
                out.append(.positions(range))
            }
        }
        return out
    }

    private func playlist() throws(CommandError) -> PlaylistCommand {
        guard let sub = words.first?.lowercased(), let form = CommandVerb.playlistForms[sub] else { throw bad }
        let args = Array(words.dropFirst())
        let wrong = CommandError.badArguments(verb: verb.name, expected: form.expected)
        func name(_ index: Int) throws(CommandError) -> String {
            guard index < args.count, !args[index].isEmpty else { throw wrong }
            return args[index]
        }
        func count(_ range: ClosedRange<Int>) throws(CommandError) {
            // Too many words is nearly always a name with spaces that was not quoted.
            if args.count > range.upperBound, range.upperBound > 0 {
                let takes = range.upperBound == 1 ? "one name" : "at most \(range.upperBound) words"
                let example = range.upperBound == 1 ? args.joined(separator: " ") : "Road Trip"
                throw CommandError.badArguments(
                    verb: verb.name,
                    expected:
                        "playlist \(sub) takes \(takes) and was given \(args.count) words. A name with spaces goes in quotes, like playlist \(sub) \"\(example)\"."
                )
            }
            guard range.contains(args.count) else { throw wrong }
        }
        /// The forms that take one playlist name and nothing else.
        func onlyName() throws(CommandError) -> String {
            try count(1...1)
            return try name(0)
        }
        switch sub {
        case "list":
            try count(0...0)
            return .list
        case "show": return .show(try onlyName())
        case "create": return .create(try onlyName())
        case "rename":
            try count(2...2)
            return .rename(try name(0), to: try name(1))
        case "delete": return .delete(try onlyName())
        case "play": return .play(try onlyName())
        case "add":
            guard args.count >= 2, !args.contains(where: \.isEmpty) else { throw wrong }
            return .add(args[0], items: Array(args.dropFirst()))
        case "remove":
            guard args.count >= 2, !args[0].isEmpty else { throw wrong }
            var positions: [ClosedRange<Int>] = []
            for word in args.dropFirst() {
                guard let range = Numbers.range(word) else { throw wrong }
                positions.append(range)
            }
            return .remove(args[0], positions: positions)
        case "move":
            try count(3...3)
            guard let from = Numbers.position(args[1]), let to = Numbers.position(args[2]) else { throw wrong }
            return .move(try name(0), from: from, to: to)
        case "import":
            try count(1...2)
            return .importM3U(path: try name(0), name: args.count == 2 ? try name(1) : nil)
        default:  // export
            try count(1...2)
            return .exportM3U(try name(0), path: args.count == 2 ? try name(1) : nil)
        }
    }
}

extension Arguments {
    /// `workout start|pause|resume|end|status|history|cadence|add|play …`.
    fileprivate func workout() throws(CommandError) -> WorkoutCommand {
        guard let sub = words.first?.lowercased(), let form = CommandVerb.workoutForms[sub] else { throw bad }
        let args = Array(words.dropFirst())
        let wrong = CommandError.badArguments(verb: verb.name, expected: form.expected)
        func nothingMore(_ command: WorkoutCommand) throws(CommandError) -> WorkoutCommand {
            guard args.isEmpty else { throw wrong }
            return command
        }
        switch sub {
        case "start": return try workoutStart(args, wrong)
        case "pause": return try nothingMore(.pause)
        case "resume": return try nothingMore(.resume)
        case "end": return try nothingMore(.end)
        case "status": return try nothingMore(.status)
        case "history": return try nothingMore(.history)
        case "cadence":
            guard args.count == 1, let change = Numbers.cadenceChange(args[0]) else { throw wrong }
            return .cadence(change)
        case "add":
            guard !args.isEmpty, !args.contains(where: \.isEmpty) else { throw wrong }
            return .add(args)
        default:  // play
            guard args.count == 1, !args[0].isEmpty else { throw wrong }
            return .play(args[0])
        }
    }

    /// `workout start [KIND] [--cadence SPM] [--minutes N]`: the kind and the options in any
    /// order, each at most once; an option's value follows it or comes after `=`.
    private func workoutStart(_ args: [String], _ wrong: CommandError) throws(CommandError) -> WorkoutCommand {
        var kind: WorkoutKind?
        var cadence: Int?
        var minutes: Int?
        var options = OptionWords(args)
        while let item = options.next() {
            guard case .option(let name, let value) = item else {
                guard case .word(let word) = item, kind == nil, let named = WorkoutKind(rawValue: word.lowercased()) else { throw wrong }
                kind = named
                continue
            }
            switch name {
            case "--cadence":
                guard cadence == nil else { throw wrong }
                guard let spm = value.flatMap({ Numbers.ranged($0, WorkoutRules.cadences) }) else {
                    throw .badArguments(verb: verb.name, expected: CommandVerb.cadenceOptionSentence)
                }
                cadence = spm
            case "--minutes":
                guard minutes == nil else { throw wrong }
                guard let length = value.flatMap({ Numbers.ranged($0, WorkoutCommand.minutesRange) }) else {
                    throw .badArguments(verb: verb.name, expected: CommandVerb.minutesOptionSentence)
                }
                minutes = length
            default: throw wrong
            }
        }
        return .start(kind, cadence: cadence, minutes: minutes)
    }
}

/// Numbers as the command syntax writes them: ASCII digits only, at most nine before the point
/// and three after it, so every value read prints back to text that reads as the same value.
enum Numbers {
    /// The value of `12`, `0.5` or `83.25`, in thousandths.
    static func thousandths(_ text: Substring) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = digits(parts[0], max: 9) else { return nil }
        guard parts.count == 2 else { return whole * 1000 }
        let fraction = parts[1]
        guard (1...3).contains(fraction.count), var value = digits(fraction, max: 3) else { return nil }
        for _ in fraction.count..<3 { value *= 10 }
        return whole * 1000 + value
    }

    static func digits(_ text: Substring, max: Int) -> Int? {
        guard (1...max).contains(text.count), text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return Int(text)
    }

    /// A non-negative decimal number.
    static func decimal(_ text: String) -> Double? { thousandths(Substring(text)).map { Double($0) / 1000 } }

    /// The longest time `seek` takes, in thousandths (about 115 days), so that every time read
    /// prints back in a form that reads again (hours and plain seconds stay within their digits).
    static let maxClock = 9_999_999_999

    /// `83`, `1:23`, `1:02:03`, each with an optional fraction of a second: seconds.
    static func clock(_ text: Substring) -> Double? {
        guard let value = clockThousandths(text), value <= maxClock else { return nil }
        return Double(value) / 1000
    }

    private static func clockThousandths(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let seconds = thousandths(parts[parts.count - 1]) else { return nil }
        guard parts.count > 1 else { return seconds }
        guard parts[parts.count - 1].prefix(while: { $0 != "." }).count <= 2, seconds < 60_000 else { return nil }
        var total = seconds
        if parts.count == 3 {
            guard let minutes = digits(parts[1], max: 2), minutes < 60, let hours = digits(parts[0], max: 5) else { return nil }
            total += (hours * 60 + minutes) * 60_000
        } else {
            guard let minutes = digits(parts[0], max: 7) else { return nil }
            total += minutes * 60_000
        }
        return total
    }

    static func seekTarget(_ text: String) -> SeekTarget? {
        if text.hasSuffix("%") {
            guard let percent = thousandths(text.dropLast()), percent <= 100_000 else { return nil }
            return .percent(Double(percent) / 1000)
        }
        if let sign = text.first, sign == "+" || sign == "-" {
            guard let seconds = clock(text.dropFirst()) else { return nil }
            return .relative(sign == "-" ? -seconds : seconds)
        }
        return clock(Substring(text)).map(SeekTarget.absolute)
    }

    static func volumeChange(_ text: String) -> VolumeChange? {
        if let sign = text.first, sign == "+" || sign == "-" {
            guard let amount = digits(text.dropFirst(), max: 3), amount <= 100 else { return nil }
            return .relative(sign == "-" ? -amount : amount)
        }
        guard let level = digits(Substring(text), max: 3), level <= 100 else { return nil }
        return .absolute(level)
    }

    /// A whole number (ASCII digits) within `range`.
    static func ranged(_ text: String, _ range: ClosedRange<Int>) -> Int? {
        guard let value = digits(Substring(text), max: String(range.upperBound).count), range.contains(value) else { return nil }
        return value
    }

    /// `170` (steps a minute, `WorkoutRules.cadences`), or a nudge `+5` / `-5`
    /// (`WorkoutCommand.nudgeRange`).
    static func cadenceChange(_ text: String) -> CadenceChange? {
        if let sign = text.first, sign == "+" || sign == "-" {
            guard let amount = ranged(String(text.dropFirst()), WorkoutCommand.nudgeRange) else { return nil }
            return .relative(sign == "-" ? -amount : amount)
        }
        return ranged(text, WorkoutRules.cadences).map(CadenceChange.absolute)
    }

    /// A position counting from 1.
    static func position(_ text: String) -> Int? { position(Substring(text)) }

    static func position(_ text: Substring) -> Int? {
        guard let value = digits(text, max: 9), value >= 1 else { return nil }
        return value
    }

    /// `#12`: an entry's id, 1 to 18 digits after the `#` (any id a queue hands out).
    static func entryID(_ text: String) -> QueueEntryID? {
        guard text.hasPrefix("#"), let value = digits(text.dropFirst(), max: 18) else { return nil }
        return QueueEntryID(rawValue: UInt64(value))
    }

    /// A position (`3`) or an entry's id (`#12`).
    static func entry(_ text: String) -> EntryReference? {
        if let id = entryID(text) { return .id(id) }
        return position(text).map(EntryReference.position)
    }

    /// A queue version: 1 to 18 digits.
    static func version(_ text: String) -> UInt64? {
        digits(Substring(text), max: 18).map(UInt64.init)
    }

    /// `3` or `2-5` (inclusive, first ≤ last).
    static func range(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = position(parts[0]) else { return nil }
        guard parts.count == 2 else { return first...first }
        guard let last = position(parts[1]), first <= last else { return nil }
        return first...last
    }

    /// A catalog id: 1 to 20 ASCII digits.
    static func isCatalogID(_ text: String) -> Bool {
        (1...20).contains(text.unicodeScalars.count) && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// Two ASCII letters, lowercased.
    static func storefront(_ text: String) -> String? {
        guard text.unicodeScalars.count == 2, text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        else { return nil }
        return text.lowercased()
    }

    /// A number written back: `83`, `0.5`, `1.25` (ClockText's, the one home for times as text).
    static func format(_ value: Double) -> String { ClockText.decimal(value) }

    /// Seconds as a clock: `m:ss` under an hour, else `h:mm:ss`, with a fraction when there is one.
    static func formatClock(_ seconds: Double) -> String { ClockText.exact(seconds) }
}
