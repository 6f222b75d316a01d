import Checked
import MusicModel
import Session
import Terminal
import WireProtocol
import Workout

extension TUIModel {
    /// Shows the workout screen at once; with `start` (`segue workout`'s), that workout starts
    /// as soon as the daemon says that none runs (one that runs already goes on).
    public mutating func openWorkout(starting start: WorkoutCommand?) {
        workout.shown = true
        touched = true
        if case .start(let kind, let cadence, let minutes)? = start {
            workout.pendingStart = start
            workout.startKind = kind ?? .running
            workout.startCadence = cadence
            workout.startMinutes = minutes
        }
    }

    // MARK: Keys

    /// Carries out an action on the workout screen; nil when the action does there what it does
    /// everywhere (transport, views, the `:` line, quitting).
    mutating func performOnWorkoutScreen(_ action: Action, now: Double) -> [Effect]? {
        switch action {
        case .back, .workoutView:
            workout.shown = false
            return []
        case .help:
            workout.shown = false
            return nil
        case .searchView, .libraryView, .chartsView, .queueView, .nextView, .previousView, .search:
            workout.shown = false
            return nil
        case .down, .up, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .top, .bottom, .open, .activate, .mark, .markAll, .save,
            .unsave, .addToPlaylist, .remove, .moveEntryUp, .moveEntryDown, .playNext, .playLater:
            error("That key works on the lists, not on the workout screen — W goes back, ? lists the keys.")
            return []
        default:
            return nil
        }
    }

    /// The workout's own actions, wherever they are bound.
    mutating func performWorkout(_ action: Action, now: Double) -> [Effect] {
        let running = workout.status
        switch action {
        case .workoutView:
            workout.shown = true
            workout.picking = false
            return workout.known ? [] : [request(.workoutStatus, .workout(.status))]
        case .tapTempo:
            guard let cadence = workout.taps.tap(at: now) else {
                notice("Tap \(keyName(.tapTempo, in: .workout) ?? "t") on every step: \(workout.taps.tapsNeeded) more.")
                return []
            }
            guard running != nil else {
                workout.startCadence = cadence
                notice("Tapped \(cadence) spm; it is the cadence the workout starts at.")
                return []
            }
            guard cadence != workout.tappedCadence, cadence != running?.cadence else {
                notice("Tapped \(cadence) spm.")
                return []
            }
            workout.tappedCadence = cadence
            return [workoutRequest(.cadence(.absolute(cadence)), done: "Tapped \(cadence) spm; the music follows.")]
        case .cadenceUp, .cadenceDown:
            let step = action == .cadenceUp ? 5 : -5
            guard running != nil else {
                let value = Checked.clamped(Double(workout.offeredCadence + step), to: TapTempo.range)
                workout.startCadence = value
                return []
            }
            return [workoutRequest(.cadence(.relative(step)), done: "")]
        case .workoutPause:
            switch running?.phase {
            case .running?: return [workoutRequest(.pause, done: "The workout is paused; space goes on.")]
            case .paused?: return [workoutRequest(.resume, done: "The workout goes on.")]
            default:
                error("No workout is running; \(keyName(.workoutStart, in: .workout) ?? ":workout start") starts one.")
                return []
            }
        case .workoutEnd:
            guard running != nil else {
                error("No workout is running.")
                return []
            }
            workout.confirmingEnd = true
            notice("End the workout? y ends it; any other key goes on.")
            return []
        case .workoutStart:
            guard running == nil else {
                error("A workout is running already; E ends it.")
                return []
            }
            return [startWorkout(.start(workout.startKind, cadence: workout.startCadence, minutes: workout.startMinutes))]
        case .workoutPlay:
            guard let running else { return performWorkout(.workoutStart, now: now) }
            guard running.recommended.indices.contains(workout.cursor) else {
                error("There is no recommendation to play yet.")
                return []
            }
            let track = running.recommended[workout.cursor]
            return [workoutRequest(.play(track.location), done: "Playing “\(track.title)”; the workout's music goes on after it.")]
        case .choosePrevious, .chooseNext:
            let step = action == .chooseNext ? 1 : -1
            if let running {
                workout.cursor = max(0, min(running.recommended.count - 1, workout.cursor + step))
            } else {
                let kinds = WorkoutKind.allCases
                let index = kinds.firstIndex(of: workout.startKind) ?? 0
                workout.startKind = kinds[(index + step + kinds.count) % kinds.count]
                workout.startCadence = nil
            }
            return []
        case .pickMusic:
            guard running != nil else {
                error("Start a workout first (\(keyName(.workoutStart, in: .workout) ?? ":workout start")), then add music to it.")
                return []
            }
            workout.shown = false
            workout.picking = true
            let effects = show(.library)
            notice(
                "Mark with \(keyName(.mark, in: .picker) ?? "v") (/ searches), then \(keyName(.addToWorkout, in: .picker) ?? "enter") adds them to the workout."
            )
            return effects
        case .addToWorkout:
            return addPickedToWorkout()
        case .finishPicking:
            if !page.marked.isEmpty {
                page.marked = []
            } else if stacks[tab.rawValue].count > 1 {
                stacks[tab.rawValue].removeLast()
            } else {
                workout.picking = false
                workout.shown = true
            }
            return []
        default:
            return []
        }
    }

    /// After End: y ends the workout, any other key goes on with it.
    mutating func confirmEnd(_ key: Key) -> [Effect] {
        workout.confirmingEnd = false
        message = nil
        guard key == .character("y") || key == .character("Y") else {
            notice("The workout goes on.")
            return []
        }
        return [workoutRequest(.end, done: "")]
    }

    /// `workout add` with the picked rows: songs and files as the queue takes them, albums by
    /// their catalog id, playlists as `playlist:NAME`.
    private mutating func addPickedToWorkout() -> [Effect] {
        var items: [String] = []
        var localAlbums = 0
        for index in page.picked {
            switch page.rows[index] {
            case .album(let album) where LibraryID(parsing: album.id) != nil:
                // `workout add` takes catalog albums by id; an album of your own goes by its songs.
                localAlbums += 1
            case .album(let album):
                if let location = ItemLocation(parsing: "itunes:" + album.id) { items.append(location.text) }
            case .playlist(let list): items.append("playlist:" + list.name)
            case let row: items += row.locations
            }
        }
        page.marked = []
        guard !items.isEmpty else {
            if localAlbums > 0 {
                error("Open an album of your own (l) and mark its songs to add them to the workout.")
                return []
            }
            error("Pick songs, albums or playlists to add (artists cannot be added).")
            return []
        }
        workout.picking = false
        workout.shown = true
        let what = items.count == 1 ? "1 pick" : "\(items.count) picks"
        return [workoutRequest(.add(items), done: "Added \(what) to the workout; they are preferred when they fit.")]
    }

    private mutating func startWorkout(_ command: WorkoutCommand) -> Effect {
        workout.pendingStart = nil
        return workoutRequest(command, done: "")
    }

    /// Sends a workout command; its answer (the status) updates the screen and `done` is said.
    private mutating func workoutRequest(_ command: WorkoutCommand, done: String) -> Effect {
        request(.workout(command, done: done), .workout(command))
    }

    // MARK: Answers and events

    /// The daemon's answer to a workout command: the status after it.
    mutating func workoutAnswered(_ status: WorkoutStatus?, to command: WorkoutCommand, done: String, now: Double) -> [Effect] {
        switch command {
        case .end:
            return workoutEnded(status, now: now)
        case .start:
            workout.summary = nil
            workout.ended = nil
            workout.summaryAsked = false
            workout.taps.reset()
            workout.tappedCadence = nil
            workout.cursor = 0
            workout.take(status, now: now)
            if let status { notice("Workout started: \(status.kind.rawValue) at \(status.cadence) \(status.kind.cadenceUnit).") }
        default:
            if status == nil || status?.phase == .ended, workout.status != nil { return workoutEnded(status, now: now) }
            workout.take(status, now: now)
            if !done.isEmpty { notice(done) }
        }
        return []
    }

    /// The answer to `workout status` asked at start: starts `segue workout`'s workout when none
    /// runs; shows a workout that runs when nothing has been touched yet.
    mutating func workoutStatusAnswered(_ status: WorkoutStatus?, now: Double) -> [Effect] {
        let runs = status != nil && status?.phase != .ended
        workout.take(runs ? status : nil, now: now)
        if runs, !touched { workout.shown = true }
        guard let start = workout.pendingStart else { return [] }
        if runs {
            workout.pendingStart = nil
            notice("A workout was running already; it goes on (E ends it).")
            return []
        }
        return [startWorkout(start)]
    }

    /// A `workout` event: the workout changed, or ended (nil, or phase ended).
    mutating func workoutEvent(_ status: WorkoutStatus?, now: Double) -> [Effect] {
        if status == nil || status?.phase == .ended {
            guard workout.status != nil else {
                workout.take(nil, now: now)
                return []
            }
            if !workout.shown { notice("The workout ended; W shows its summary.") }
            return workoutEnded(status, now: now)
        }
        workout.take(status, now: now)
        return []
    }

    /// The workout ended and the daemon said its summary (the answer to End).
    mutating func workoutEnded(summary: WorkoutSummary?, now: Double) -> [Effect] {
        if let summary {
            // Asked for already, as far as the `workout` event that follows is concerned.
            workout.summaryAsked = true
            workout.summary = summary
        }
        let effects = workoutEnded(nil, now: now)
        if let summary { workout.summary = summary }
        return effects
    }

    /// The workout ended: keep its last figures, and ask once for its summary.
    private mutating func workoutEnded(_ status: WorkoutStatus?, now: Double) -> [Effect] {
        if let status, status.phase == .ended {
            workout.ended = status
        } else if var last = workout.status {
            last.elapsed = workout.elapsed(now: now) ?? last.elapsed
            last.phase = .ended
            workout.ended = last
        }
        workout.take(nil, now: now)
        workout.confirmingEnd = false
        guard !workout.summaryAsked else { return [] }
        workout.summaryAsked = true
        workout.summary = nil
        return [request(.workoutSummary, .workout(.history))]
    }

    /// The list of past workouts, asked for the summary of the one that just ended (the latest).
    mutating func workoutSummaryAnswered(_ summaries: [WorkoutSummary]) {
        guard let latest = summaries.first, workout.ended.map({ $0.kind == latest.kind }) ?? true else { return }
        workout.summary = latest
    }

    /// When the stopwatch next shows a new second, while the workout screen shows it running.
    func workoutWake(now: Double) -> Double? {
        guard workout.shown, workout.status?.phase == .running, let elapsed = workout.elapsed(now: now) else { return nil }
        return now + (elapsed.rounded(.down) + 1 - elapsed) + 0.005
    }

    // MARK: What the screen shows

    /// The first key bound to `action` (on `layer`'s screen first), as the help names it.
    func keyName(_ action: Action, in layer: KeyMap.Layer? = nil) -> String? {
        let keys = (layer.map { config.keyMap.keys(for: action, in: $0) } ?? []) + config.keyMap.keys(for: action)
        return keys.first.map(KeyName.name)
    }

    /// The name of `preferred` when it is bound to `action` on `layer`'s screen (arrows shown as
    /// ← →), else the first key's.
    func keyName(_ action: Action, in layer: KeyMap.Layer, preferring preferred: Key) -> String? {
        guard config.keyMap.keys(for: action, in: layer).contains(preferred) else { return keyName(action, in: layer) }
        switch preferred {
        case .left: return "←"
        case .right: return "→"
        default: return KeyName.name(preferred)
        }
    }

    /// The keys line of the workout screen, from the key map in force.
    var workoutHint: String {
        var parts: [String] = []
        func add(_ action: Action, _ what: String) { if let key = keyName(action, in: .workout) { parts.append("\(key) \(what)") } }
        if workout.status != nil {
            add(.tapTempo, "tap")
            if let up = keyName(.cadenceUp, in: .workout), let down = keyName(.cadenceDown, in: .workout) {
                parts.append("\(up)/\(down) cadence")
            }
            add(.workoutPause, "pause")
            add(.workoutEnd, "end")
            add(.pickMusic, "add music")
            add(.workoutPlay, "play")
        } else {
            add(.workoutStart, "start")
            add(.tapTempo, "tap")
        }
        add(.help, "help")
        return parts.joined(separator: "  ")
    }

    /// The header's reminder of how to leave the screen.
    var workoutBackHint: String { "\(keyName(.workoutView, in: .workout) ?? "Esc") back to the lists" }

    /// The keys line while picking music for the workout.
    var pickerHint: String {
        let mark = keyName(.mark, in: .picker) ?? "v"
        let add = keyName(.addToWorkout, in: .picker) ?? "enter"
        let done = keyName(.finishPicking, in: .picker) ?? "W"
        return "Adding to the workout: \(mark) marks  \(add) adds  / search  1–4 views  \(done) back to the workout"
    }

    /// The back / play-pause / next controls with their keys.
    var controlLabels: [String] {
        [
            "◀◀ back" + (keyName(.previous, in: .workout).map { " (\($0))" } ?? ""),
            "▶❚❚ play/pause" + (keyName(.toggle, in: .workout).map { " (\($0))" } ?? ""),
            "▶▶ next" + (keyName(.next, in: .workout).map { " (\($0))" } ?? ""),
        ]
    }

    /// What the taps say while tapping (the last tap less than a long pause ago).
    func tapStatus(now: Double) -> String? {
        guard let last = workout.taps.taps.last, now - last <= TapTempo.longPause else { return nil }
        if let cadence = workout.taps.cadence { return "Tapped \(cadence) spm" }
        return "Tapping: \(workout.taps.tapsNeeded) more"
    }

    // MARK: The mouse

    /// A click on the workout screen: a control, or a card (a double click plays it).
    mutating func workoutMouse(_ mouse: MouseEvent) -> [Effect] {
        let layout = WorkoutLayout(rows: screenRows, columns: screenColumns)
        guard !layout.tiny, let status = workout.status else { return [] }
        let button: Int
        switch mouse.action {
        case .press(let b), .doubleClick(let b): button = b
        default: return []
        }
        guard button == 1 else { return [] }
        if mouse.row == layout.controlsRow {
            let actions: [Command] = [.previous, .toggle, .next]
            for (i, control) in layout.controls(labels: controlLabels).enumerated() where control.columns.contains(mouse.column) {
                return [send(actions[i])]
            }
            return []
        }
        guard let slot = layout.cardSlot(row: mouse.row, column: mouse.column) else { return [] }
        let index = layout.firstCard(cursor: workout.cursor) + slot
        guard status.recommended.indices.contains(index) else { return [] }
        workout.cursor = index
        if case .doubleClick = mouse.action { return performWorkout(.workoutPlay, now: 0) }
        return []
    }
}
