import Terminal

/// Which key does what. Starts from `KeyMap.standard`; the config file can rebind or unbind any
/// key. The `?` help is generated from this map, so it always tells the truth.
///
/// Keys are read everywhere, and a `Layer` adds keys of its own on one screen (the workout
/// screen, the workout's picker): there its keys come first and the rest fall through.
public struct KeyMap: Sendable, Equatable {
    /// A screen with keys of its own (config: `bind.workout.t = tap-tempo`).
    public enum Layer: String, CaseIterable, Sendable {
        /// The workout screen.
        case workout
        /// Picking music for the workout from the usual views.
        case picker

        /// How the help heads its keys.
        public var title: String {
            switch self {
            case .workout: "On the workout screen (W)"
            case .picker: "Picking music for the workout (a on the workout screen)"
            }
        }
    }

    private(set) var bindings: [Key: Binding]
    /// Each layer's keys; a key mapped to nil does nothing on that screen.
    private(set) var layers: [Layer: [Key: Binding?]]

    /// The default keys: arrows and vim motions, and cmus-like transport keys.
    public static let standard = KeyMap(bindings: defaults, layers: layerDefaults)

    /// A map with exactly these bindings (and no layer keys unless given).
    public init(bindings: [Key: Binding], layers: [Layer: [Key: Binding?]] = [:]) {
        self.bindings = bindings
        self.layers = layers
    }

    /// What `key` does, if anything: on `layer`'s screen its own keys first.
    public func binding(for key: Key, in layer: Layer? = nil) -> Binding? {
        if let layer, let own = layers[layer], let entry = own[key] { return entry }
        return bindings[key]
    }

    /// Makes `key` do `binding` (on `layer`'s screen only, when given); nil makes it do nothing there.
    public mutating func bind(_ key: Key, to binding: Binding?, in layer: Layer? = nil) {
        if let layer {
            layers[layer, default: [:]][key] = .some(binding)
        } else {
            bindings[key] = binding
        }
    }

    /// The keys bound to `action` (in `layer`'s own keys when given), single characters first
    /// (the help shows them).
    public func keys(for action: Action, in layer: Layer? = nil) -> [Key] {
        let table: [Key: Binding?] = layer.map { layers[$0] ?? [:] } ?? bindings.mapValues { Optional($0) }
        return table.filter { $0.value == .action(action) }.map(\.key).sorted {
            (KeyName.name($0).count > 1 ? 1 : 0, KeyName.name($0)) < (KeyName.name($1).count > 1 ? 1 : 0, KeyName.name($1))
        }
    }

    /// The help's rows: the keys, then what they do, actions first in a fixed order, then
    /// commands; with `layer`, only that screen's own keys.
    public func helpRows(in layer: Layer? = nil) -> [(keys: String, summary: String)] {
        var rows: [(String, String)] = []
        for action in Action.allCases {
            let keys = self.keys(for: action, in: layer)
            if !keys.isEmpty { rows.append((keys.map(KeyName.name).joined(separator: " "), action.summary)) }
        }
        let table: [Key: Binding?] = layer.map { layers[$0] ?? [:] } ?? bindings.mapValues { Optional($0) }
        let commands = table.compactMap { key, binding -> (String, String)? in
            if case .command(let line)? = binding { return (KeyName.name(key), ":" + line) }
            return nil
        }.sorted { $0.0 < $1.0 }
        return rows + commands
    }

    /// The help's rows for the keys read everywhere.
    public var helpRows: [(keys: String, summary: String)] { helpRows(in: nil) }

    private static let defaults: [Key: Binding] = {
        let table: [(Action, [String])] = [
            (.down, ["j", "down"]), (.up, ["k", "up"]), (.pageDown, ["pgdn", "ctrl-f"]), (.pageUp, ["pgup", "ctrl-b"]),
            (.halfPageDown, ["ctrl-d"]), (.halfPageUp, ["ctrl-u"]), (.top, ["g", "home"]), (.bottom, ["G", "end"]),
            (.open, ["l", "right"]), (.back, ["h", "left", "backspace", "esc"]), (.activate, ["enter"]),
            (.searchView, ["1"]), (.libraryView, ["2"]), (.chartsView, ["3"]), (.queueView, ["4"]),
            (.nextView, ["tab"]), (.previousView, ["shift-tab"]),
            (.playNext, ["i"]), (.playLater, ["a"]), (.mark, ["v"]), (.markAll, ["V"]), (.save, ["S"]), (.unsave, ["U"]),
            (.addToPlaylist, ["P"]), (.cycleSort, ["o"]), (.remove, ["d", "delete"]), (.moveEntryUp, ["K"]), (.moveEntryDown, ["J"]),
            (.clearQueue, ["X"]), (.toggle, ["space"]), (.next, ["n"]), (.previous, ["p"]), (.seekForward, ["."]),
            (.seekBackward, [","]), (.volumeUp, ["+", "="]), (.volumeDown, ["-"]), (.cycleRepeat, ["r"]),
            (.toggleShuffle, ["s"]), (.toggleSingle, ["y"]), (.toggleConsume, ["R"]), (.search, ["/"]), (.commandLine, [":"]),
            (.help, ["?"]), (.redraw, ["ctrl-l"]),
            (.quit, ["q"]), (.quitAndStop, ["Q"]), (.workoutView, ["W"]), (.nowPlayingView, ["c"]),
        ]
        var map: [Key: Binding] = [:]
        for (action, names) in table {
            for name in names { if let key = KeyName.key(name) { map[key] = .action(action) } }
        }
        return map
    }()

    private static let layerDefaults: [Layer: [Key: Binding?]] = {
        let tables: [Layer: [(Action, [String])]] = [
            .workout: [
                (.tapTempo, ["t"]), (.cadenceUp, ["+", "="]), (.cadenceDown, ["-"]), (.workoutPause, ["space"]),
                (.toggle, ["c"]), (.workoutEnd, ["E"]), (.workoutStart, ["s"]), (.workoutPlay, ["enter"]),
                (.choosePrevious, ["h", "left", "k", "up"]), (.chooseNext, ["l", "right", "j", "down"]), (.pickMusic, ["a"]),
            ],
            .picker: [(.mark, ["space"]), (.addToWorkout, ["enter"]), (.finishPicking, ["esc"])],
        ]
        var layers: [Layer: [Key: Binding?]] = [:]
        for (layer, table) in tables {
            for (action, names) in table {
                for name in names { if let key = KeyName.key(name) { layers[layer, default: [:]][key] = .some(.action(action)) } }
            }
        }
        return layers
    }()
}
