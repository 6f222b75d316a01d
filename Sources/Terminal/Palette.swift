import CNcursesw

/// How each `Style.Role` is drawn: curses attributes plus a colour pair (0 for the terminal's
/// own colours).
struct Palette {
    struct Look {
        var attributes: attr_t
        var pair: Int16
    }

    /// Indexed by `Style.Role.rawValue`.
    private let looks: [Look]

    /// The look for `style`; `bold` adds bold to whatever the role has.
    func look(for style: Style) -> Look {
        var look = looks[style.role.rawValue]
        if style.bold { look.attributes |= shim_A_BOLD() }
        return look
    }

    /// Attributes only, for `--color=never`, NO_COLOR and terminals without colour. Roles that
    /// appear in the same place differ: in lists normal, dim, cursor (reverse), marked (bold and
    /// underlined) and playing (bold); on the bottom lines bar (reverse), progress (reverse and
    /// bold), error (bold) and accent (underlined); the title is bold and underlined.
    static let monochrome = Palette(
        looks: Style.Role.allCases.map { role in
            let bold = shim_A_BOLD()
            let reverse = shim_A_REVERSE()
            let underline = shim_A_UNDERLINE()
            let attributes: attr_t
            switch role {
            case .normal: attributes = shim_A_NORMAL()
            case .dim: attributes = shim_A_DIM()
            case .title: attributes = bold | underline
            case .cursor: attributes = reverse
            case .marked: attributes = bold | underline
            case .playing: attributes = bold
            case .bar: attributes = reverse
            case .progress: attributes = reverse | bold
            case .error: attributes = bold
            case .accent: attributes = underline
            }
            return Look(attributes: attributes, pair: 0)
        })

    /// Colour pairs, one per role that needs one. Call after `start_color`. Text keeps the
    /// terminal's own foreground and background where it can (use_default_colors), so the UI
    /// suits light and dark themes alike; bars use reverse video for the same reason.
    static func colors() -> Palette {
        let hasDefaults = shim_use_default_colors() == OK
        let defaultForeground = hasDefaults ? Int16(-1) : Int16(COLOR_WHITE)
        let defaultBackground = hasDefaults ? Int16(-1) : Int16(COLOR_BLACK)
        let bold = shim_A_BOLD()
        let looks = Style.Role.allCases.map { role -> Look in
            // (foreground, background, attributes); nil colours mean the terminal's own.
            let choice: (Int32?, Int32?, attr_t)
            switch role {
            case .normal: choice = (nil, nil, shim_A_NORMAL())
            // Bright black vanishes on themes whose background is bright black (Solarized), dim does not.
            case .dim: choice = (nil, nil, shim_A_DIM())
            case .title: choice = (COLOR_CYAN, nil, bold)
            case .cursor: choice = (COLOR_WHITE, COLOR_BLUE, shim_A_NORMAL())
            case .marked: choice = (COLOR_MAGENTA, nil, bold)
            case .playing: choice = (COLOR_GREEN, nil, bold)
            case .bar: choice = (nil, nil, shim_A_REVERSE())
            case .progress: choice = (COLOR_BLACK, COLOR_GREEN, shim_A_NORMAL())
            case .error: choice = (COLOR_RED, nil, bold)
            case .accent: choice = (COLOR_YELLOW, nil, shim_A_NORMAL())
            }
            guard choice.0 != nil || choice.1 != nil else { return Look(attributes: choice.2, pair: 0) }
            let pair = Int16(role.rawValue)  // .normal is 0 and never gets here, so pairs start at 1
            let foreground = choice.0.map { Int16($0) } ?? defaultForeground
            let background = choice.1.map { Int16($0) } ?? defaultBackground
            guard shim_init_pair(pair, foreground, background) == OK else { return monochrome.looks[role.rawValue] }
            return Look(attributes: choice.2, pair: pair)
        }
        return Palette(looks: looks)
    }
}
