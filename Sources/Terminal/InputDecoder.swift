import CNcursesw

/// Turns what `wget_wch` returns into keys. Kept apart from `Terminal` so the mapping can be
/// tested without a terminal.
enum InputDecoder {
    /// The key for a character `wget_wch` returned with OK (a Unicode scalar value), or nil for
    /// control characters no key stands for (Ctrl-Space, Ctrl-\ and the C1 controls).
    static func key(forCharacter value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        // nonl() leaves Enter as CR; Ctrl-J is LF. Both mean enter.
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 27: return .escape
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(96 + value))))
        case 0..<32, 0x80..<0xA0: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// The key for a key code `wget_wch` returned with KEY_CODE_YES, or nil for codes that are not
    /// keys (KEY_RESIZE and KEY_MOUSE are handled by the caller) or that the UI has no use for.
    static func key(forKeyCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        default:
            let function = code - shim_KEY_F(0)
            // Shifted and controlled F-keys arrive as F13 and up on some terminals; the UI only knows F1…F12.
            return (1...12).contains(function) ? .function(Int(function)) : nil
        }
    }

    /// Appends `event` to `events`, folding a run of resizes into one (the UI reads the size once
    /// anyway) and joining a combining mark to the character before it (a pasted "e" + U+0301
    /// arrives as two scalars but is one character).
    static func append(_ event: InputEvent, to events: inout [InputEvent]) {
        switch (events.last, event) {
        case (.resize?, .resize):
            return
        case (.key(.character(let previous))?, .key(.character(let next))):
            let joined = String(previous) + String(next)
            if joined.count == 1, let character = joined.first {
                events[events.count - 1] = .key(.character(character))
                return
            }
        default:
            break
        }
        events.append(event)
    }
}
