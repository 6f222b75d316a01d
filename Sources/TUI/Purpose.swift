import MusicModel
import Session

/// Why a request was sent, so its reply lands in the right place.
enum Purpose: Sendable, Equatable {
    /// The status, asked for while the playing entry's length is unknown.
    case refresh
    /// The queue's entries, for the Queue view.
    case queue
    /// One of the three catalog searches for `term`.
    case search(SearchKind, term: String)
    case charts
    case savedSongs, savedAlbums, playlists, history
    case album(id: String)
    case artistAlbums(id: String)
    case artistSongs(id: String)
    case playlist(name: String)
    /// An album's or playlist's tracks, to add them all at `position`.
    case addAll(InsertPosition)
    /// A line typed after `:` (or bound to a key), as typed and as read; its result is shown.
    case command(Command, line: String)
    /// An action whose success is told with `done` and whose library effect needs a refresh.
    case action(done: String, refreshLibrary: Bool)
    /// A list of the user's own music (`library …`): a section's page, a folder's songs, a local
    /// album's songs or a local artist's albums. `refresh`: it reloads a page shown (the cursor stays).
    case library(LibraryQuery, refresh: Bool)
    /// The library's songs matching `term` (`find`), for the Search page.
    case find(term: String)
    /// The counts of the user's own music, for the Library view's rows.
    case stats
    /// The workout's status, asked at start (and `segue workout`'s start waiting on it).
    case workoutStatus
    /// A workout command; its answer is the status after it, and `done` is said.
    case workout(WorkoutCommand, done: String)
    /// The past workouts, asked for the summary of the one that just ended.
    case workoutSummary
}
