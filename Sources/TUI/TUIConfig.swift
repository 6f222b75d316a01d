import Checked
import Terminal

/// The terminal UI's settings from the config file (`$XDG_CONFIG_HOME/segue/config`), written
/// `key = value`, one per line, `#` starting a comment:
///
///     bind.ctrl-n = next          # a key to an action (names: `?` in the UI, docs/tui.md)
///     bind.f2 = :seek +30         # a key to a command line
///     bind.X = none               # a key to nothing
///     bind.workout.T = tap-tempo  # a key of the workout screen (or `bind.picker.` for its picker)
///     colors = never              # auto (the default) or never
///     seek-step = 5               # seconds for seek-forward/back
///     volume-step = 10            # percent for volume-up/down
///     artwork = blocks            # covers: auto (the default; on), blocks or off
///     artwork-cache-mb = 50       # the disk cache of fetched covers, in MB (1 to 1000)
///
/// Lines the UI cannot use are reported (as `problems`), never fatal; the daemon's keys are
/// passed over. The file is read by `ConfigFile` (comments, line numbers), as every section is.
public struct TUIConfig: Sendable, Equatable {
    /// The keys, from `KeyMap.standard` with the file's `bind.` lines applied.
    public var keyMap = KeyMap.standard
    /// Whether to use colour when the terminal has it (`colors = never` turns it off).
    public var colors = true
    /// Seconds `seek-forward` and `seek-backward` move.
    public var seekStep = 10
    /// Percent `volume-up` and `volume-down` change.
    public var volumeStep = 5

    /// How covers are drawn (`artwork = auto | blocks | off`).
    public enum ArtworkMode: String, Sendable, Equatable {
        /// With the graphics protocol the terminal answered for (kitty, sixel), else half-blocks.
        case auto
        /// Always half-blocks, whatever the terminal answered.
        case blocks
        /// No covers.
        case off
    }

    /// How covers are drawn: `auto` (the default; `on` means it too), `blocks` or `off`.
    public var artworkMode = ArtworkMode.auto
    /// Whether covers are drawn at all (`artwork = off` turns them off; setting true means `auto`).
    public var artwork: Bool {
        get { artworkMode != .off }
        set { artworkMode = newValue ? .auto : .off }
    }
    /// The size of the disk cache of fetched covers, in bytes (`artwork-cache-mb`, default 50 MB).
    public var artworkCacheBytes = 50 << 20

    /// The defaults, as with no config file.
    public init() {}

    /// The keys this section reads (besides `bind.` ones), lower case.
    public static let names: Set<String> = ["colors", "colours", "artwork", "covers", "artwork-cache-mb", "seek-step", "volume-step"]
    /// The key prefixes this section owns.
    public static let prefixes = ["bind."]

    /// Reads the UI's lines of the config file (other keys are the daemon's and are passed
    /// over; `ConfigFile.unknownKeys` names those nobody reads); each line that cannot be used
    /// gives one sentence in `problems`.
    public static func parse(_ file: ConfigFile) -> (config: TUIConfig, problems: [String]) {
        var config = TUIConfig()
        var problems: [String] = []
        for line in file.lines {
            let key = line.key
            let value = line.value
            if line.name.hasPrefix("bind.") {
                var name = String(key.dropFirst(5))
                // `bind.workout.t = tap-tempo`: a key of one screen only. (A key named `.` is `bind..`.)
                var layer: KeyMap.Layer?
                for l in KeyMap.Layer.allCases where name.lowercased().hasPrefix(l.rawValue + ".") && name.count > l.rawValue.count + 1 {
                    layer = l
                    name = String(name.dropFirst(l.rawValue.count + 1))
                }
                guard let k = KeyName.key(name) else {
                    problems.append(line.problem("\"\(name)\" is not a key name (try j, ctrl-d, space, f5, pgdn)."))
                    continue
                }
                if value.lowercased() == "none" {
                    config.keyMap.bind(k, to: nil, in: layer)
                } else if let binding = Binding(configValue: value) {
                    config.keyMap.bind(k, to: binding, in: layer)
                } else {
                    problems.append(line.problem("\"\(value)\" is not an action or a :command (see ? in the UI)."))
                }
                continue
            }
            switch line.name {
            case "colors", "colours":
                switch value.lowercased() {
                case "auto", "on", "yes": config.colors = true
                case "never", "off", "no": config.colors = false
                default: problems.append(line.problem("colors is auto or never."))
                }
            case "artwork", "covers":
                switch value.lowercased() {
                case "on", "yes", "auto": config.artworkMode = .auto
                case "blocks", "half-blocks", "cells": config.artworkMode = .blocks
                case "off", "no", "never": config.artworkMode = .off
                default: problems.append(line.problem("artwork is auto, blocks or off."))
                }
            case "artwork-cache-mb":
                if let n = Checked.int(value, in: 1...1000) {
                    config.artworkCacheBytes = n << 20
                } else {
                    problems.append(line.problem("artwork-cache-mb is a number of megabytes from 1 to 1000."))
                }
            case "seek-step":
                if let n = Checked.int(value, in: 1...600) {
                    config.seekStep = n
                } else {
                    problems.append(line.problem("seek-step is a number of seconds from 1 to 600."))
                }
            case "volume-step":
                if let n = Checked.int(value, in: 1...100) {
                    config.volumeStep = n
                } else {
                    problems.append(line.problem("volume-step is a percentage from 1 to 100."))
                }
            default: continue
            }
        }
        return (config, problems)
    }
}
