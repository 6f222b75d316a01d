import Terminal

/// Which key does what. Starts from `KeyMap.standard`; the config file can rebind or unbind any
/// key. The `?` help is generated from this map, so it always tells the truth.
public struct KeyMap: Sendable, Equatable {
    private(set) var bindings: [Key: Binding]

    /// The default keys: arrows and vim motions, and cmus-like transport keys.
    public static let standard = KeyMap(bindings: defaults)

    /// A map with exactly these bindings.
    public init(bindings: [Key: Binding]) { self.bindings = bindings }

    /// What `key` does, if anything.
    public func binding(for key: Key) -> Binding? { bindings[key] }

    /// Makes `key` do `binding`; nil makes it do nothing.
    public mutating func bind(_ key: Key, to binding: Binding?) { bindings[key] = binding }

    /// The keys bound to `action`, single characters first (the help shows them).
    public func keys(for action: Action) -> [Key] {
        bindings.filter { $0.value == .action(action) }.map(\.key).sorted {
            (KeyName.name($0).count > 1 ? 1 : 0, KeyName.name($0)) < (KeyName.name($1).count > 1 ? 1 : 0, KeyName.name($1))
        }
    }

    /// The help's rows: the keys, then what they do, actions first in a fixed order, then commands.
    public var helpRows: [(keys: String, summary: String)] {
        var rows: [(String, String)] = []
        for action in Action.allCases {
            let keys = self.keys(for: action)
            if !keys.isEmpty { rows.append((keys.map(KeyName.name).joined(separator: " "), action.summary)) }
        }
        let commands = bindings.compactMap { key, binding -> (String, String)? in
            if case .command(let line) = binding { return (KeyName.name(key), ":" + line) }
            return nil
        }.sorted { $0.0 < $1.0 }
        return rows + commands
    }

    private static let defaults: [Key: Binding] = {
        let table: [(Action, [String])] = [
            (.down, ["j", "down"]), (.up, ["k", "up"]), (.pageDown, ["pgdn", "ctrl-f"]), (.pageUp, ["pgup", "ctrl-b"]),
            (.halfPageDown, ["ctrl-d"]), (.halfPageUp, ["ctrl-u"]), (.top, ["g", "home"]), (.bottom, ["G", "end"]),
            (.open, ["l", "right"]), (.back, ["h", "left", "backspace", "esc"]), (.activate, ["enter"]),
            (.searchView, ["1"]), (.libraryView, ["2"]), (.chartsView, ["3"]), (.queueView, ["4"]),
            (.nextView, ["tab"]), (.previousView, ["shift-tab"]),
            (.playNext, ["i"]), (.playLater, ["a"]), (.mark, ["v"]), (.markAll, ["V"]), (.save, ["S"]), (.unsave, ["U"]),
            (.addToPlaylist, ["P"]), (.remove, ["d", "delete"]), (.moveEntryUp, ["K"]), (.moveEntryDown, ["J"]),
            (.clearQueue, ["X"]), (.toggle, ["space"]), (.next, ["n"]), (.previous, ["p"]), (.seekForward, ["."]),
            (.seekBackward, [","]), (.volumeUp, ["+", "="]), (.volumeDown, ["-"]), (.cycleRepeat, ["r"]),
            (.toggleShuffle, ["s"]), (.search, ["/"]), (.commandLine, [":"]), (.help, ["?"]), (.redraw, ["ctrl-l"]),
            (.quit, ["q"]), (.quitAndStop, ["Q"]),
        ]
        var map: [Key: Binding] = [:]
        for (action, names) in table {
            for name in names { if let key = KeyName.key(name) { map[key] = .action(action) } }
        }
        return map
    }()
}
