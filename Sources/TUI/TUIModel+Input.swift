import Checked
import Session
import Terminal
import WireProtocol

extension TUIModel {
    /// A key, a mouse action or a resize. `now` is seconds on a monotonic clock.
    public mutating func handle(_ event: InputEvent, now: Double) -> [Effect] {
        let effects = react(to: event, now: now)
        // Whatever moved the cursor (a key, the wheel, a click), the next page of your songs
        // is asked for as it nears the end of those read.
        return effects + loadMoreIfNeeded()
    }

    private mutating func react(to event: InputEvent, now: Double) -> [Effect] {
        switch event {
        case .resize: return []
        case .mouse(let mouse): return handle(mouse)
        case .key(let key):
            touched = true
            switch mode {
            case .normal:
                if workout.confirmingEnd { return confirmEnd(key) }
                if key != .escape || page.marked.isEmpty { message = nil }
                let layer: KeyMap.Layer? = workout.shown ? .workout : workout.picking ? .picker : nil
                guard let binding = config.keyMap.binding(for: key, in: layer) else {
                    if case .character(let c) = key { error("\(KeyName.name(.character(c))) does nothing here — press ? for the keys.") }
                    return []
                }
                switch binding {
                case .action(let action): return perform(action, now: now)
                case .command(let line): return run(line)
                }
            case .command(var editor, let completions, let index):
                return commandKey(key, &editor, completions, index)
            case .search(var editor):
                return searchKey(key, &editor, now: now)
            }
        }
    }

    // MARK: The `:` line

    private mutating func commandKey(_ key: Key, _ editor: inout LineEditor, _ completions: [String], _ index: Int?) -> [Effect] {
        switch key {
        case .enter:
            mode = .normal
            let line = editor.string.trimmingSpaces
            guard !line.isEmpty else { return [] }
            if commandHistory.last != line { commandHistory.append(line) }
            if commandHistory.count > 500 { commandHistory.removeFirst(commandHistory.count - 500) }
            return run(line)
        case .escape, .control("c"), .control("g"):
            mode = .normal
            return []
        case .tab, .backTab:
            var candidates = completions
            var i = index
            if candidates.isEmpty || i == nil {
                // Only what is before the cursor is completed; the rest of the line (the items
                // after `playlist add NAME`) stays as it is.
                candidates = complete(String(editor.text[..<editor.cursor]))
                i = nil
            }
            guard !candidates.isEmpty else {
                mode = .command(editor, completions: [], index: nil)
                return []
            }
            let step = key == .tab ? 1 : candidates.count - 1
            let next = i.map { ($0 + step) % candidates.count } ?? (key == .tab ? 0 : candidates.count - 1)
            editor.replaceBeforeCursor(with: candidates[next])
            mode = .command(editor, completions: candidates, index: next)
            return []
        case .backspace:
            if editor.text.isEmpty {
                mode = .normal
                return []
            }
            editor.deleteBackward()
        default:
            edit(&editor, key)
        }
        mode = .command(editor, completions: [], index: nil)
        return []
    }

    /// Whole-line completions: the command syntax's, plus playlist names after `playlist VERB`.
    func complete(_ line: String) -> [String] {
        // A trailing space lets the next word be typed at once; only a verb that takes nothing goes without.
        let found = CommandCompletion.completions(for: line).map { c in
            c.contains(" ") || CommandVerb.named(c)?.usage.contains(" ") == true ? c + " " : c
        }
        // `playlist VERB` then the name typed so far (everything after the verb, quotes and all).
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].lowercased() == "playlist",
            ["show", "rename", "delete", "add", "remove", "move", "play", "export"].contains(parts[1].lowercased()),
            parts.count == 2 || !line.hasSuffix(" ")
        else { return found }
        let partial = parts.count == 3 ? String(parts[2]).trimmingSpaces.replacingQuotes.lowercased() : ""
        return found
            + playlists.map(\.name).filter { $0.lowercased().hasPrefix(partial) }.map {
                "playlist \(parts[1].lowercased()) \(Command.quote($0)) "
            }
    }

    /// Readline keys shared by both prompts.
    func edit(_ editor: inout LineEditor, _ key: Key) {
        switch key {
        case .character(let c): editor.insert(c)
        case .backspace: editor.deleteBackward()
        case .delete, .control("d"): editor.deleteForward()
        case .left, .control("b"): editor.left()
        case .right, .control("f"): editor.right()
        case .home, .control("a"): editor.home()
        case .end, .control("e"): editor.end()
        case .control("w"): editor.deleteWordBackward()
        case .control("u"): editor.deleteToStart()
        case .control("k"): editor.deleteToEnd()
        case .up, .control("p"): editor.older()
        case .down, .control("n"): editor.newer()
        default: break
        }
    }

    // MARK: The `/` line

    private mutating func searchKey(_ key: Key, _ editor: inout LineEditor, now: Double) -> [Effect] {
        switch key {
        case .enter:
            mode = .normal
            searchDeadline = nil
            return setSearch(editor.string, now: now, immediately: true)
        case .escape, .control("c"), .control("g"):
            mode = .normal
            return []
        case .up, .down, .pageUp, .pageDown:
            mode = .search(editor)
            let effects = perform(key == .up ? .up : key == .down ? .down : key == .pageUp ? .pageUp : .pageDown, now: now)
            return effects
        default:
            let before = editor.string
            edit(&editor, key)
            mode = .search(editor)
            return editor.string == before ? [] : setSearch(editor.string, now: now, immediately: false)
        }
    }

    /// Shows library matches for `term` at once (asking `find`) and asks the catalog after a pause in typing
    /// (`immediately`: now), one search at a time, the newest term winning.
    mutating func setSearch(_ term: String, now: Double, immediately: Bool) -> [Effect] {
        searchTerm = term.trimmingSpaces
        rebuildSearchPage(resetCursor: true)
        let finding = fireFind()
        guard searchTerm.count >= 2 else {
            searchDeadline = nil
            return finding
        }
        if immediately { return finding + fireSearch() }
        searchDeadline = now + 0.4
        return finding
    }

    mutating func fireSearch() -> [Effect] {
        guard !searchTerm.isEmpty, searchTerm != results.term || results.failure != nil else { return [] }
        if searchesInFlight > 0 {
            searchQueued = true
            return []
        }
        searchQueued = false
        results = SearchResults(term: searchTerm)
        rebuildSearchPage(resetCursor: false)
        searchesInFlight = 3
        return SearchKind.allCases.map { request(.search($0, term: searchTerm), .search($0, term: searchTerm)) }
    }

    // MARK: The mouse

    private mutating func handle(_ mouse: MouseEvent) -> [Effect] {
        if workout.shown { return workoutMouse(mouse) }
        let layout = self.layout
        guard layout.fits else { return [] }
        switch mouse.action {
        case .wheelUp: page.list.scroll(by: -3, height: listHeight)
        case .wheelDown: page.list.scroll(by: 3, height: listHeight)
        case .press(let button), .doubleClick(let button):
            guard button == 1 else { return [] }
            if mouse.row == layout.tabRow {
                if let t = Layout.tab(atColumn: mouse.column, columns: screenColumns) { return show(t) }
                return []
            }
            if mouse.row == layout.progressRow, snapshot?.duration != nil, let bar = layout.progressBar, bar.contains(mouse.column) {
                let percent = Double(mouse.column - bar.lowerBound) * 100 / Double(max(1, bar.count - 1))
                let seek = Command.seek(.percent(Double(Checked.clamped(percent, to: 0...100, rounding: .toNearestOrAwayFromZero))))
                return [request(.command(seek, line: "seek"), seek)]
            }
            guard layout.listRows.contains(mouse.row), !coverView else { return [] }
            let row = page.list.top + mouse.row - layout.listRows.lowerBound
            guard page.rows.indices.contains(row) else { return [] }
            page.moveTo(row)
            if case .doubleClick = mouse.action { return perform(.activate, now: 0) }
        }
        return []
    }
}

extension String {
    /// The text without the quotes a command line would use.
    var replacingQuotes: String { String(filter { $0 != "\"" && $0 != "'" }) }
}
