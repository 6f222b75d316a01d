import Library
import Workout

extension Command {
    /// `word` written so that a command line reads it back as one word: bare when it can be,
    /// otherwise in double quotes with `"` and `\` escaped (docs/commands.md).
    public static func quote(_ word: String) -> String { CommandWords.quote(word) }

    /// Several words, each quoted as needed, separated by spaces.
    public static func quote(_ words: [String]) -> String { words.map(CommandWords.quote).joined(separator: " ") }

    /// The canonical text of the command: the verb's canonical name and its arguments, quoted
    /// where needed. `Command.parse(text)` gives back an equal command for every command `parse`
    /// returns (values are kept to thousandths of a second or percent).
    public var text: String {
        let words: [String]
        switch self {
        case .play: words = ["play"]
        case .pause: words = ["pause"]
        case .toggle: words = ["toggle"]
        case .stop: words = ["stop"]
        case .next: words = ["next"]
        case .previous: words = ["previous"]
        case .restart: words = ["restart"]
        case .seek(let target): words = ["seek", target.text]
        case .volume(.absolute(let level)): words = ["volume", String(level)]
        case .volume(.relative(let change)): words = ["volume", (change < 0 ? "-" : "+") + String(change.magnitude)]
        case .repeatMode(let mode): words = ["repeat"] + (mode.map { [$0.rawValue] } ?? [])
        case .shuffle(let mode): words = ["shuffle"] + (mode.map { [$0 == .off ? "off" : "on"] } ?? [])
        case .crossfade(let seconds): words = ["crossfade", Numbers.format(seconds)]
        case .single(let mode): words = ["single"] + (mode.map { [$0.rawValue] } ?? [])
        case .consume(let mode): words = ["consume"] + (mode.map { [$0.rawValue] } ?? [])
        case .jumpTo(let entry, let seconds): words = ["jump", entry.text, Numbers.formatClock(seconds)]
        case .status: words = ["status"]
        case .queue: words = ["queue"]
        case .queueChanges(let version): words = ["queue", "--since", String(version)]
        case .add(let items, .tail): words = ["add"] + items.map(CommandWords.quote)
        case .add(let items, .afterCurrentEntry): words = ["playnext"] + items.map(CommandWords.quote)
        case .add(let items, .index(let index)): words = ["add", "--at", String(max(0, index) + 1)] + items.map(CommandWords.quote)
        case .moveRange(let range, let to): words = ["move", Self.rangeText(range), String(to)]
        case .swap(let a, let b): words = ["swap", a.text, b.text]
        case .mix(let range): words = ["mix"] + (range.map { [Self.rangeText($0)] } ?? [])
        case .move(let from, let to): words = ["move", from.text, String(to)]
        case .remove(let selections): words = ["remove"] + selections.map(\.text)
        case .clear: words = ["clear"]
        case .jump(let entry): words = ["jump", entry.text]
        case .replace(let items, let start): words = ["replace", String(start)] + items.map(CommandWords.quote)
        // The term is the rest of the line, written as it is.
        case .search(let kind, let term): words = ["search", kind.rawValue, term]
        case .lookup(let ids): words = ["lookup"] + ids.map(CommandWords.quote)
        case .album(let id): words = ["album", CommandWords.quote(id)]
        case .artist(let id): words = ["artist", CommandWords.quote(id)]
        case .topSongs(let id): words = ["topsongs", CommandWords.quote(id)]
        case .charts(let storefront): words = ["charts"] + (storefront.map { [CommandWords.quote($0)] } ?? [])
        case .save(let id): words = ["save"] + (id.map { [CommandWords.quote($0)] } ?? [])
        case .unsave(let id): words = ["unsave"] + (id.map { [CommandWords.quote($0)] } ?? [])
        case .saved(let kind): words = ["saved", kind.rawValue]
        case .playlist(let command): words = ["playlist"] + command.words
        case .history(.list): words = ["history"]
        case .history(let command): words = ["history", command.rawValue]
        case .workout(let command): words = ["workout"] + command.words
        case .folder(.add(let path)): words = ["folder", "add", CommandWords.quote(path)]
        case .folder(.remove(let path)): words = ["folder", "remove", CommandWords.quote(path)]
        case .folder(.list): words = ["folder", "list"]
        case .rescan(let path): words = ["rescan"] + (path.map { [CommandWords.quote($0)] } ?? [])
        case .stats: words = ["stats"]
        // The term is the rest of the line, written as it is.
        case .find(let term): words = ["find", term]
        case .library(let query): words = ["library"] + query.words
        case .tempo(let items): words = ["tempo"] + items.map(CommandWords.quote)
        case .output(.list): words = ["output", "list"]
        case .output(.enable(let id)): words = ["output", "enable", String(id)]
        case .output(.disable(let id)): words = ["output", "disable", String(id)]
        case .output(.toggle(let id)): words = ["output", "toggle", String(id)]
        case .picture(let item): words = ["picture", CommandWords.quote(item)]
        case .help(let verb): words = ["help"] + (verb.map { [CommandWords.quote($0)] } ?? [])
        case .quit: words = ["quit"]
        }
        return words.joined(separator: " ")
    }

    static func rangeText(_ range: ClosedRange<Int>) -> String {
        range.lowerBound == range.upperBound ? String(range.lowerBound) : "\(range.lowerBound)-\(range.upperBound)"
    }
}

extension EntryReference {
    /// `3` or `#12`.
    public var text: String {
        switch self {
        case .position(let position): String(position)
        case .id(let id): "#\(id.rawValue)"
        }
    }
}

extension EntrySelection {
    /// `3`, `2-5` or `#12`.
    public var text: String {
        switch self {
        case .positions(let range): Command.rangeText(range)
        case .id(let id): "#\(id.rawValue)"
        }
    }
}

extension SeekTarget {
    /// `1:23`, `+10`, `-10` or `50%`.
    var text: String {
        switch self {
        case .absolute(let seconds): Numbers.formatClock(seconds)
        case .relative(let seconds): (seconds < 0 ? "-" : "+") + Numbers.format(seconds.magnitude)
        case .percent(let percent): Numbers.format(percent) + "%"
        }
    }
}

extension PlaylistCommand {
    /// The words after `playlist`.
    var words: [String] {
        let q = CommandWords.quote
        return switch self {
        case .list: ["list"]
        case .show(let name): ["show", q(name)]
        case .create(let name): ["create", q(name)]
        case .rename(let name, let newName): ["rename", q(name), q(newName)]
        case .delete(let name): ["delete", q(name)]
        case .add(let name, let items): ["add", q(name)] + items.map(q)
        case .remove(let name, let positions): ["remove", q(name)] + positions.map(Command.rangeText)
        case .move(let name, let from, let to): ["move", q(name), String(from), String(to)]
        case .play(let name): ["play", q(name)]
        case .importM3U(let path, let name): ["import", q(path)] + (name.map { [q($0)] } ?? [])
        case .exportM3U(let name, let path): ["export", q(name)] + (path.map { [q($0)] } ?? [])
        }
    }
}

extension WorkoutCommand {
    /// The words after `workout`.
    var words: [String] {
        switch self {
        case .start(let kind, let cadence, let minutes):
            ["start"] + (kind.map { [$0.rawValue] } ?? []) + (cadence.map { ["--cadence", String($0)] } ?? [])
                + (minutes.map { ["--minutes", String($0)] } ?? [])
        case .pause: ["pause"]
        case .resume: ["resume"]
        case .end: ["end"]
        case .status: ["status"]
        case .cadence(.absolute(let spm)): ["cadence", String(spm)]
        case .cadence(.relative(let change)): ["cadence", (change < 0 ? "-" : "+") + String(change.magnitude)]
        case .history: ["history"]
        case .add(let items): ["add"] + items.map(CommandWords.quote)
        case .play(let item): ["play", CommandWords.quote(item)]
        }
    }
}

extension LibraryQuery {
    /// The words after `library`.
    var words: [String] {
        switch self {
        case .songs(let sort, let offset): ["songs", "--sort", sort.rawValue] + (offset > 0 ? ["--from", String(offset)] : [])
        case .albums(let sort): ["albums", "--sort", sort.rawValue]
        case .artists: ["artists"]
        case .folders: ["folders"]
        case .album(let id): ["album", CommandWords.quote(id)]
        case .artist(let id): ["artist", CommandWords.quote(id)]
        case .folder(let path): ["folder", CommandWords.quote(path)]
        case .directory(let path): ["directory", CommandWords.quote(path)]
        case .tracks(let folder, let filter, let ignoringCase, let after):
            ["tracks"] + (folder.map { [CommandWords.quote($0)] } ?? [])
                + (filter.map { [ignoringCase ? "--search" : "--where", CommandWords.quote($0.text)] } ?? [])
                + (after.map { ["--after", CommandWords.quote($0)] } ?? [])
        case .values(let field, let groups, let filter):
            ["values", CommandWords.quote(field.mpdName)] + groups.flatMap { ["--group", CommandWords.quote($0.mpdName)] }
                + (filter.map { ["--where", CommandWords.quote($0.text)] } ?? [])
        case .count(let group, let filter):
            ["count"] + (group.map { ["--group", CommandWords.quote($0.mpdName)] } ?? [])
                + (filter.map { ["--where", CommandWords.quote($0.text)] } ?? [])
        }
    }
}
