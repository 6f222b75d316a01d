import Library
import MusicModel
import Session
import WireProtocol

/// The user's own music in the UI: the Library view's Songs, Albums, Artists and Folders (read a
/// page at a time, in an order `o` cycles), local albums, artists and folders opened from them,
/// `find` beside the catalog search, and the scanner's progress and changes.
extension TUIModel {
    /// How near the end of the songs read so far (in rows) the cursor may come before the next
    /// page is asked for: two screens, so the rows are there before the cursor is.
    var pagingMargin: Int { max(20, 2 * listHeight) }

    /// The Library view's rows for the four lists, with their counts once `stats` answered.
    static func sectionRows(stats: LibraryStats?) -> [Row] {
        func count(_ section: LibrarySection) -> Int? {
            guard let stats else { return nil }
            switch section {
            case .songs: return stats.songs
            case .albums: return stats.albums
            case .artists: return stats.artists
            case .folders: return stats.folders
            }
        }
        return [.header("Your music")] + LibrarySection.allCases.map { .section($0, count: count($0)) }
    }

    /// Opens one of the Library view's lists, in its first order.
    mutating func openSection(_ section: LibrarySection) -> [Effect] {
        let sort = section.sorts.first
        var page = Page(kind: .local(section), title: section.title(sort: sort), status: "Loading your \(section.title.lowercased())…")
        page.sort = sort
        push(page)
        return [request(.library(section.query(sort: sort), refresh: false), .library(section.query(sort: sort)))]
    }

    /// Opens a library folder's songs.
    mutating func openFolder(_ path: String) -> [Effect] {
        push(Page(kind: .folder(path: path), title: "Folder · \(path)", status: "Loading the folder…"))
        return [request(.library(.folder(path), refresh: false), .library(.folder(path)))]
    }

    /// Opens a local album (`local:album:N`): its songs, as a catalog album's page shows them.
    mutating func openLocalAlbum(id: String, title: String, artist: String) -> [Effect] {
        push(Page(kind: .album(id: id), title: "Album · \(title) — \(artist)", status: "Loading the album…"))
        return [request(.library(.album(id), refresh: false), .library(.album(id)))]
    }

    /// Opens a local artist (`local:artist:N`): their albums.
    mutating func openLocalArtist(id: String, name: String) -> [Effect] {
        push(Page(kind: .artist(id: id), title: "Artist · \(name)", status: "Loading the artist…"))
        return [request(.library(.artist(id), refresh: false), .library(.artist(id)))]
    }

    /// `o`: the page's next order; its rows are read again from the first.
    mutating func cycleSort() -> [Effect] {
        guard case .local(let section) = page.kind, let next = section.sort(after: page.sort) else {
            error("Only your songs and albums can be sorted (Library view, 2).")
            return []
        }
        page.sort = next
        page.hasMore = false
        page.title = section.title(sort: next)
        page.status = "Loading your \(section.title.lowercased()) \(next.words)…"
        page.setRows([], keepCursor: false)
        return [request(.library(section.query(sort: next), refresh: false), .library(section.query(sort: next)))]
    }

    /// Asks for the next page of songs when the cursor has come near the end of those read, once.
    mutating func loadMoreIfNeeded() -> [Effect] {
        guard case .local(.songs) = page.kind, page.hasMore, page.list.cursor >= page.rows.count - pagingMargin,
            let sort = page.sort
        else { return [] }
        let query = LibraryQuery.songs(sort, offset: page.rows.count)
        guard !pending.values.contains(.library(query, refresh: false)) else { return [] }
        return [request(.library(query, refresh: false), .library(query))]
    }

    /// A `library …` answer: onto the pages that asked.
    mutating func libraryAnswered(_ query: LibraryQuery, refresh: Bool, _ result: WireResult) -> [Effect] {
        switch (query, result) {
        case (.songs(let sort, let offset), .songs(let songs)):
            updatePages(.local(.songs)) { page in
                // An answer for an order no longer shown, or a page that no longer follows on.
                guard page.sort == sort, offset == 0 || offset == page.rows.count else { return }
                page.status = songs.isEmpty && offset == 0 ? LibrarySection.songs.emptyStatus : nil
                page.setRows(offset == 0 ? songs.map(Row.song) : page.rows + songs.map(Row.song))
                page.hasMore = songs.count >= LibraryQuery.pageSize
            }
            return tab == .library ? loadMoreIfNeeded() : []
        case (.albums(let sort), .albums(let albums)):
            updatePages(.local(.albums)) { page in
                guard page.sort == sort else { return }
                page.status = albums.isEmpty ? LibrarySection.albums.emptyStatus : nil
                page.setRows(albums.map(Row.album))
            }
        case (.artists, .artists(let artists)):
            updatePages(.local(.artists)) { page in
                page.status = artists.isEmpty ? LibrarySection.artists.emptyStatus : nil
                page.setRows(artists.map(Row.artist))
            }
        case (.folders, .folders(let folders)):
            updatePages(.local(.folders)) { page in
                page.status = folders.isEmpty ? LibrarySection.folders.emptyStatus : nil
                page.setRows(folders.map(Row.folder))
            }
        case (.folder(let path), .songs(let songs)):
            updatePages(.folder(path: path)) { page in
                let header = Row.container(title: "▶ Play all \(songs.count) songs", subtitle: path, locations: songs.map(\.location))
                page.status = songs.isEmpty ? "No songs in this folder (yet: a scan may be under way)." : nil
                page.setRows(songs.isEmpty ? [] : [header] + songs.map(Row.song))
            }
        case (.album(let id), .songs(let songs)):
            showAlbum(id: id, songs)
        case (.artist(let id), .albums(let albums)):
            showArtistAlbums(id: id, albums)
        default:
            break
        }
        return []
    }

    /// A `library …` request that failed: its page says why.
    mutating func libraryFailed(_ query: LibraryQuery, _ sentence: String) {
        switch query {
        case .songs: updatePages(.local(.songs)) { $0.status = sentence }
        case .albums: updatePages(.local(.albums)) { $0.status = sentence }
        case .artists: updatePages(.local(.artists)) { $0.status = sentence }
        case .folders: updatePages(.local(.folders)) { $0.status = sentence }
        case .folder(let path): updatePages(.folder(path: path)) { $0.status = sentence }
        case .album(let id): updatePages(.album(id: id)) { $0.status = sentence }
        case .artist(let id): updatePages(.artist(id: id)) { $0.status = sentence }
        case .directory, .tracks, .values, .count: break  // MPD's database queries; no page of the view asks them
        }
    }

    /// A `library` event. Progress only moves the status line; a finished scan or a change on
    /// disk reads the lists of the Library view again (now if it is on screen, else when it is
    /// shown next), so a scan of 10,000 files does not make the UI fetch 10,000 songs a few
    /// times a second.
    mutating func libraryEvent(_ activity: LibraryActivity) -> [Effect] {
        switch activity {
        case .scanning(let progress):
            scan = progress
            return []
        case .scanned(let outcome):
            scan = nil
            if outcome.skipped > 0 {
                notice("Scanned \(outcome.folders.joined(separator: ", ")): \(outcome.skipped) skipped (stats and the log say why).")
            }
        case .changed:
            break
        }
        guard tab == .library else {
            libraryStale = true
            return [request(.stats, .stats)]
        }
        return refreshLocalPages()
    }

    /// Reads the Library view's own-music pages again (the first page of songs, the cursor
    /// kept where it was) and, `withStats`, the counts.
    mutating func refreshLocalPages(withStats: Bool = true) -> [Effect] {
        libraryStale = false
        var effects = withStats ? [request(.stats, .stats)] : []
        for page in stacks[Tab.library.rawValue] {
            let query: LibraryQuery
            switch page.kind {
            case .local(let section): query = section.query(sort: page.sort)
            case .folder(let path): query = .folder(path)
            case .album(let id) where LibraryID(parsing: id) != nil: query = .album(id)
            case .artist(let id) where LibraryID(parsing: id) != nil: query = .artist(id)
            default: continue
            }
            guard !pending.values.contains(.library(query, refresh: true)) else { continue }
            effects.append(request(.library(query, refresh: true), .library(query)))
        }
        return effects
    }

    /// The counts arrived: the Library view's rows show them.
    mutating func statsAnswered(_ stats: LibraryStats) {
        libraryStats = stats
        if let running = stats.scan { scan = running }
        rebuildLibraryPage()
    }

    // MARK: `find` beside the catalog search

    /// Searches the library for the term typed (one `find` at a time, the newest term winning):
    /// it needs no network, so it goes at every keystroke, not after the catalog's pause.
    mutating func fireFind() -> [Effect] {
        guard !searchTerm.isEmpty, searchTerm != found.term || found.failed else { return [] }
        if findInFlight {
            findQueued = true
            return []
        }
        findQueued = false
        findInFlight = true
        found = FoundResults(term: searchTerm)
        return [request(.find(term: searchTerm), .find(searchTerm))]
    }

    /// `find`'s answer for `term`.
    mutating func findAnswered(term: String, _ result: Result<WireResult, WireFailure>) -> [Effect] {
        findInFlight = false
        if term == found.term {
            switch result {
            case .success(.songs(let songs)): found.songs = songs
            case .success(.albums(let albums)): found.albums = albums
            case .success: found.songs = []
            // A daemon without `find` (or a library that failed): the saved items filtered here stand in.
            case .failure: found.failed = true
            }
            rebuildSearchPage(resetCursor: false)
        }
        return findQueued ? fireFind() : []
    }
}

/// What `find` answered for the term on the Search page.
struct FoundResults: Sendable {
    var term = ""
    var songs: [WireSong]?
    var albums: [WireAlbum]?
    var failed = false

    /// Whether an answer for `term` is in.
    func answered(_ term: String) -> Bool { self.term == term && !failed && (songs != nil || albums != nil) }
}
