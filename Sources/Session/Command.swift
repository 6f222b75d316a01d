import MusicModel
import Workout

/// Everything a user can ask of Segue, as one value: a key, a `:` line in the terminal UI,
/// `segue ctl`, a control-socket line or an MPD request all become a `Command`, carried out in
/// one place (`Session.perform`). Each case maps onto one real operation of the player, the
/// catalog or the library.
///
/// Every command has one canonical text form (`text`) that `parse(_:)` reads back to the same
/// value; the syntax is in docs/commands.md.
public enum Command: Equatable, Sendable {
    // MARK: Player

    /// Plays: resumes when paused, otherwise starts the current entry.
    case play
    /// Holds playback where it is.
    case pause
    /// Pauses when playing, plays otherwise.
    case toggle
    /// Stops; the queue stays.
    case stop
    /// Skips to the next entry in play order.
    case next
    /// Restarts the entry when more than three seconds in, else goes to the previous one.
    case previous
    /// Plays the current entry again from its start.
    case restart
    /// Moves within the current entry.
    case seek(SeekTarget)
    /// Sets or changes the volume (percent).
    case volume(VolumeChange)
    /// Sets repeat; nil cycles none → all → one → none.
    case repeatMode(RepeatMode?)
    /// Sets shuffle; nil toggles it.
    case shuffle(ShuffleMode?)
    /// Sets the overlap between entries in seconds, 0 to 30 (0: gapless).
    case crossfade(seconds: Double)
    /// Sets single (stop after the current entry); nil toggles off ↔ on.
    case single(SingleMode?)
    /// Sets consume (entries leave the queue once played); nil toggles it.
    case consume(ConsumeMode?)
    /// Makes this entry current and plays it from `seconds` in (MPD's `seek` and `seekid`).
    case jumpTo(EntryReference, seconds: Double)
    /// Reports what is playing, the time, volume, repeat and shuffle.
    case status

    // MARK: Queue

    /// Lists the queue.
    case queue
    /// What changed in the queue since version `since` (`queue --since V`): the edits, or the
    /// whole queue when the session cannot say (see `PlayerQueue.changes(since:)`).
    case queueChanges(since: UInt64)
    /// Adds files, URLs or `itunes:ID` items after the current entry ("Play Next") or at the end ("Play Later").
    case add([String], position: InsertPosition)
    /// Moves the entry `from` (by position or id) so that it ends up at queue position `to` (counting from 1).
    case move(from: EntryReference, to: Int)
    /// Moves the entries at positions `range` (counting from 1, both ends included), keeping their
    /// order, so the first of them ends up at position `to`.
    case moveRange(ClosedRange<Int>, to: Int)
    /// Swaps two entries' places in the queue.
    case swap(EntryReference, EntryReference)
    /// Puts the queue (or the entries at positions `range`) in a random order, once; the
    /// current entry stays current.
    case mix(ClosedRange<Int>?)
    /// Removes these entries: positions (counting from 1; a range is inclusive) and ids, in any mix.
    case remove([EntrySelection])
    /// Empties the queue and stops.
    case clear
    /// Makes this entry (by position or id) current and plays it.
    case jump(EntryReference)
    /// Replaces the whole queue with these items (as `add` takes them) and plays the `start`-th
    /// (counting from 1), so the items before it are what `previous` goes back to.
    case replace([String], start: Int)

    // MARK: Catalog

    /// Searches the catalog; `term` is the rest of the line.
    case search(SearchKind, term: String)
    /// Looks up catalog ids (songs, albums or artists), in the order given.
    case lookup([String])
    /// Shows an album's tracks.
    case album(String)
    /// Shows an artist and their albums.
    case artist(String)
    /// Shows an artist's most popular songs.
    case topSongs(String)
    /// Shows the most played songs of a storefront (two lowercase letters), or of the configured one.
    case charts(storefront: String?)

    // MARK: Library

    /// Saves a catalog song or album to the library; nil saves the entry playing.
    case save(String?)
    /// Removes a catalog song or album from the library; nil unsaves the entry playing.
    case unsave(String?)
    /// Lists saved songs or albums.
    case saved(SavedKind)
    /// Works on playlists.
    case playlist(PlaylistCommand)
    /// Lists, clears or switches the listening history.
    case history(HistoryCommand)
    /// Adds, removes or lists the folders of the user's own music.
    case folder(FolderCommand)
    /// Scans one library folder again (all when nil); only changed files are read.
    case rescan(String?)
    /// Counts songs, albums, artists and total time, and tells the last scan.
    case stats
    /// Searches the library (local songs and saved songs) as one types; the rest of the line is the term.
    case find(String)
    /// Lists the user's own music: songs, albums, artists, folders, and what they hold.
    case library(LibraryQuery)

    /// Lists, enables or disables the sound outputs.
    case output(OutputCommand)
    /// The cover picture of a file, URL or `itunes:ID` item: the picture in its tags, or the
    /// catalog's artwork.
    case picture(String)

    // MARK: Workout

    /// Works on the workout session (stopwatch, cadence, matched music).
    case workout(WorkoutCommand)
    /// Estimates the tempo of files, URLs or `itunes:ID` items (a BPM tag wins; results are kept).
    case tempo([String])

    // MARK: Other

    /// Lists the commands, or explains one verb (its canonical name).
    case help(String?)
    /// Pauses playback and ends the program serving the session (the daemon).
    case quit
}

/// A queue entry as a command names it: by its position now, or by its id, which names the same
/// entry however the queue changes around it (two clients editing one queue use ids).
public enum EntryReference: Hashable, Sendable, ExpressibleByIntegerLiteral {
    /// A position counting from 1 (`3`).
    case position(Int)
    /// An entry's id as the queue's replies give it (`#12`).
    case id(QueueEntryID)

    /// A literal is a position, so `.jump(4)` reads as it always did.
    public init(integerLiteral value: Int) { self = .position(value) }
}

/// What `remove` takes: a position, a range of positions, or an entry's id.
public enum EntrySelection: Hashable, Sendable {
    /// Positions counting from 1, both ends included (`3` is `3...3`, `2-5` is `2...5`).
    case positions(ClosedRange<Int>)
    /// An entry's id (`#12`).
    case id(QueueEntryID)
}

/// Where `seek` goes.
public enum SeekTarget: Equatable, Sendable {
    /// Seconds from the entry's start (written `83` or `1:23`; printed as a clock).
    case absolute(Double)
    /// Seconds forward (positive) or back (negative) from where playback is (`+10`, `-10`).
    case relative(Double)
    /// A share of the entry's length, 0 to 100 (`50%`).
    case percent(Double)
}

/// How `volume` changes the level, in percent.
public enum VolumeChange: Equatable, Sendable {
    /// A level from 0 to 100.
    case absolute(Int)
    /// A change from -100 to +100; the result is clamped to 0…100.
    case relative(Int)
}

/// What `search` looks for.
public enum SearchKind: String, Equatable, Sendable, CaseIterable {
    case songs, albums, artists
}

/// What `saved` lists.
public enum SavedKind: String, Equatable, Sendable, CaseIterable {
    case songs, albums
}

/// A playlist operation; playlists are named by their name. Positions count from 1.
public enum PlaylistCommand: Equatable, Sendable {
    /// Lists the playlists.
    case list
    /// Shows one playlist's entries.
    case show(String)
    /// Creates an empty playlist.
    case create(String)
    /// Renames a playlist.
    case rename(String, to: String)
    /// Deletes a playlist.
    case delete(String)
    /// Appends files, URLs or `itunes:ID` items.
    case add(String, items: [String])
    /// Removes the entries at these positions (a range is inclusive).
    case remove(String, positions: [ClosedRange<Int>])
    /// Moves the entry at `from` to `to`.
    case move(String, from: Int, to: Int)
    /// Replaces the queue with the playlist and plays it.
    case play(String)
    /// Reads an M3U file into a new playlist, named `name` or after the file.
    case importM3U(path: String, name: String?)
    /// Writes a playlist as M3U to `path`, or to standard output when nil.
    case exportM3U(String, path: String?)
}

/// A listening-history operation.
public enum HistoryCommand: String, Equatable, Sendable, CaseIterable {
    /// Lists recently played entries.
    case list
    /// Records what is played from now on.
    case on
    /// Stops recording.
    case off
    /// Forgets the history.
    case clear
}
