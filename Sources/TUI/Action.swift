/// Everything a key can be bound to in the terminal UI, besides a `:` command line. The raw
/// value is the name used in the config file (`bind.j = down`) and in the `?` help.
public enum Action: String, CaseIterable, Sendable {
    // Moving in a list.
    case down, up
    case pageDown = "page-down"
    case pageUp = "page-up"
    case halfPageDown = "half-page-down"
    case halfPageUp = "half-page-up"
    case top, bottom
    // Opening and leaving pages.
    case open, back, activate
    // Views.
    case searchView = "view-search"
    case libraryView = "view-library"
    case chartsView = "view-charts"
    case queueView = "view-queue"
    case nextView = "next-view"
    case previousView = "previous-view"
    // Picking.
    case playNext = "play-next"
    case playLater = "play-later"
    case mark
    case markAll = "mark-all"
    case save, unsave
    case addToPlaylist = "add-to-playlist"
    case cycleSort = "sort"
    // Queue editing.
    case remove
    case moveEntryUp = "move-up"
    case moveEntryDown = "move-down"
    case clearQueue = "clear-queue"
    // Transport.
    case toggle, next, previous
    case seekForward = "seek-forward"
    case seekBackward = "seek-backward"
    case volumeUp = "volume-up"
    case volumeDown = "volume-down"
    case cycleRepeat = "repeat"
    case toggleShuffle = "shuffle"
    case toggleSingle = "single"
    case toggleConsume = "consume"
    // The UI itself.
    case search
    case commandLine = "command-line"
    case help, redraw, quit
    case quitAndStop = "quit-and-stop"
    case nowPlayingView = "view-now-playing"
    // The workout screen (most are bound on it only: `KeyMap.Layer.workout`).
    case workoutView = "view-workout"
    case tapTempo = "tap-tempo"
    case cadenceUp = "cadence-up"
    case cadenceDown = "cadence-down"
    case workoutPause = "workout-pause"
    case workoutEnd = "workout-end"
    case workoutStart = "workout-start"
    case workoutPlay = "workout-play"
    case choosePrevious = "choose-previous"
    case chooseNext = "choose-next"
    case pickMusic = "pick-music"
    // Picking music for the workout (`KeyMap.Layer.picker`).
    case addToWorkout = "add-to-workout"
    case finishPicking = "finish-picking"

    /// One line for the `?` help.
    public var summary: String {
        switch self {
        case .down: "Move down"
        case .up: "Move up"
        case .pageDown: "Page down"
        case .pageUp: "Page up"
        case .halfPageDown: "Half a page down"
        case .halfPageUp: "Half a page up"
        case .top: "Go to the first row"
        case .bottom: "Go to the last row"
        case .open: "Open the album, artist or playlist under the cursor"
        case .back: "Go back to the previous page"
        case .activate: "Play the row (and queue the rest of the list after it); open albums and artists"
        case .searchView: "Show Search"
        case .libraryView: "Show Library"
        case .chartsView: "Show Charts"
        case .queueView: "Show the Queue"
        case .nextView: "Show the next view"
        case .previousView: "Show the previous view"
        case .playNext: "Play Next: add after the entry playing"
        case .playLater: "Play Later: add at the end of the queue"
        case .mark: "Mark or unmark the row (act on several at once)"
        case .markAll: "Mark every row, or unmark them all"
        case .save: "Save the song or album to the library"
        case .unsave: "Remove the song or album from the library"
        case .addToPlaylist: "Add to a playlist (asks for its name)"
        case .cycleSort: "Sort your songs or albums the next way (title, artist, album, year, added, length)"
        case .remove: "Remove from the queue"
        case .moveEntryUp: "Move the queue entry up"
        case .moveEntryDown: "Move the queue entry down"
        case .clearQueue: "Clear the queue"
        case .toggle: "Play or pause"
        case .next: "Next entry"
        case .previous: "Previous entry (restarts when more than 3 s in)"
        case .seekForward: "Seek forward 10 s"
        case .seekBackward: "Seek back 10 s"
        case .volumeUp: "Volume up 5%"
        case .volumeDown: "Volume down 5%"
        case .cycleRepeat: "Cycle repeat: none, all, one"
        case .toggleShuffle: "Shuffle on or off"
        case .toggleSingle: "Single on or off: stop when the entry ends"
        case .toggleConsume: "Consume on or off: entries leave the queue once played"
        case .search: "Search the catalog and your library"
        case .commandLine: "Type a command (as with segue ctl)"
        case .help: "Show this help"
        case .redraw: "Redraw the screen"
        case .quit: "Quit; the music keeps playing"
        case .quitAndStop: "Quit, stop the music and the daemon"
        case .nowPlayingView: "Show now playing with its cover in place of the list, or leave it"
        case .workoutView: "Show the workout screen, or leave it"
        case .tapTempo: "Tap in rhythm (4 taps or more) to set the cadence"
        case .cadenceUp: "Cadence up 5 spm"
        case .cadenceDown: "Cadence down 5 spm"
        case .workoutPause: "Pause or resume the workout (stopwatch and music)"
        case .workoutEnd: "End the workout (asks first), then show its summary"
        case .workoutStart: "Start a workout of the kind chosen"
        case .workoutPlay: "Play the recommendation at once (with no workout: start one)"
        case .choosePrevious: "Previous recommendation (with no workout: kind)"
        case .chooseNext: "Next recommendation (with no workout: kind)"
        case .pickMusic: "Pick songs, albums and playlists to add to the workout"
        case .addToWorkout: "Add the marked rows (or the row) to the workout"
        case .finishPicking: "Leave the picker, back to the workout"
        }
    }
}
