import Terminal

/// Key names as written in the config file and shown in the help: `j`, `G`, `space`, `enter`,
/// `ctrl-d`, `up`, `pgdn`, `f5`, `tab`, `shift-tab`, `esc`, `backspace`, `delete`.
public enum KeyName {
    private static let named: [(String, Key)] = [
        ("space", .character(" ")), ("enter", .enter), ("esc", .escape), ("tab", .tab), ("shift-tab", .backTab),
        ("backspace", .backspace), ("delete", .delete), ("insert", .insert), ("up", .up), ("down", .down), ("left", .left),
        ("right", .right), ("home", .home), ("end", .end), ("pgup", .pageUp), ("pgdn", .pageDown),
    ]
    private static let aliases: [String: Key] = [
        "return": .enter, "escape": .escape, "backtab": .backTab, "del": .delete, "pageup": .pageUp, "pagedown": .pageDown,
        "page-up": .pageUp, "page-down": .pageDown, "bs": .backspace,
    ]

    /// The key a name stands for, or nil when the name means nothing.
    public static func key(_ name: String) -> Key? {
        if name.count == 1, let c = name.first, !c.isWhitespace { return .character(c) }
        let lower = name.lowercased()
        if let found = named.first(where: { $0.0 == lower }) { return found.1 }
        if let found = aliases[lower] { return found }
        for prefix in ["ctrl-", "c-", "^"] where lower.hasPrefix(prefix) {
            let rest = lower.dropFirst(prefix.count)
            guard rest.count == 1, let c = rest.first, c.isLetter, c.isASCII else { return nil }
            switch c {
            case "i": return .tab
            case "m", "j": return .enter
            case "h": return .backspace
            default: return .control(c)
            }
        }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n) { return .function(n) }
        return nil
    }

    /// The name the help shows for a key.
    public static func name(_ key: Key) -> String {
        if let found = named.first(where: { $0.1 == key }) { return found.0 }
        switch key {
        case .character(let c): return String(c)
        case .control(let c): return "ctrl-" + String(c)
        case .function(let n): return "f\(n)"
        default: return "?"
        }
    }
}
