import Library
import MusicModel

/// The commands of the user's own music (`folder`, `rescan`, `stats`, `find`, `library`),
/// carried out for `Session.run` over the library and the folder scanner. Scans run on the
/// scanner's thread: a command that starts one returns at once, and progress follows as
/// `library` events and in every snapshot.
struct LibraryCommands: Sendable {
    let library: MusicLibrary?
    let scanner: (any LibraryScanning)?
    /// Expands `~` in folder paths (the daemon's `$HOME`).
    let home: @Sendable () -> String?

    /// The most songs one `find` answers with, as many as a catalog search (`CatalogSettings.defaultLimit`):
    /// search as you type shows a screenful, and narrows as the user types. At 200 the answer's
    /// encoding (JSON and the text table), not the index, made most of a keystroke's time.
    static let findLimit = 50

    func run(_ command: Command) throws -> CommandResult {
        switch command {
        case .folder(.add(let given)): return .text(try add(given))
        case .folder(.remove(let given)): return .text(try remove(given))
        case .folder(.list), .library(.folders): return .folders(try requireLibrary().libraryFolders())
        case .rescan(let given): return .text(try rescan(given))
        case .stats:
            var stats = try requireLibrary().libraryStats()
            stats.scan = scanner?.progress
            return .stats(stats)
        case .find(let term):
            guard !term.allSatisfy(\.isWhitespace) else {
                throw CommandError.failed("find needs something to look for, as in find blue train.")
            }
            return .songs(try requireLibrary().find(term, limit: Self.findLimit))
        case .library(let query): return try list(query)
        default: throw CommandError.failed("\(command.text) is not a library command.")
        }
    }

    // MARK: Folders

    /// `folder add DIR`: an absolute path to a folder (or a sentence), added and scanned.
    private func add(_ given: String) throws -> String {
        let path = try LibraryPaths.normalized(given, home: home())
        if let problem = LibraryPaths.folderProblem(path) { throw CommandError.failed(problem) }
        switch try addFolder(path) {
        case .holder(let holder) where holder == path: throw CommandError.failed("\(path) is already a library folder.")
        case .holder(let holder):
            throw CommandError.failed("\(path) is inside the library folder \(holder), so its songs are already in the library.")
        case .added(let replaced):
            scanner?.scan([path])
            let takenIn = replaced.isEmpty ? "" : " It takes the place of \(Self.list(replaced))."
            return (scanner == nil ? "Added \(path) to the library." : "Added \(path) to the library; scanning it.") + takenIn
        }
    }

    /// What adding a folder did.
    private enum Addition {
        /// Added; these library folders inside it are now part of it.
        case added(replaced: [String])
        /// Not added: this library folder is it or holds it.
        case holder(String)
    }

    /// Adds `path` (normalized, a folder) unless a library folder is it or holds it. A folder
    /// that holds library folders takes their place (the library moves their songs to it, so
    /// every song belongs to exactly one folder and none is read again).
    private func addFolder(_ path: String) throws -> Addition {
        let library = try requireLibrary()
        let folders = try library.libraryFolders()
        if let holder = folders.first(where: { LibraryPath.contains($0.path, path) }) { return .holder(holder.path) }
        let inside = folders.map(\.path).filter { LibraryPath.contains(path, $0) }
        guard try library.addLibraryFolder(path) else { throw CommandError.failed("\(path) could not be added to the library.") }
        return .added(replaced: inside)
    }

    /// At start: adds the configured folders (normalized, checked to be folders) that are not in
    /// the library yet and asks for their scans. (The scanner itself rescans every folder when it
    /// starts, finding what changed while the program was stopped.) Returns a sentence per problem.
    func start(configured folders: [String]) -> [String] {
        var problems: [String] = []
        var added: [String] = []
        for folder in folders {
            do {
                guard case .added(let replaced) = try addFolder(folder) else { continue }
                added.append(folder)
                if !replaced.isEmpty {
                    problems.append("library.folders: \(folder) takes the place of \(Self.list(replaced)) in the library.")
                }
            } catch {
                problems.append("library.folders: \(folder) could not be added: \(error)")
            }
        }
        if !added.isEmpty { scanner?.scan(added) }
        return problems
    }

    /// `folder remove DIR`: the folder and its songs leave the library (the files stay).
    private func remove(_ given: String) throws -> String {
        let library = try requireLibrary()
        let path = try LibraryPaths.normalized(given, home: home())
        guard let removed = try library.removeLibraryFolder(path) else {
            throw CommandError.failed("\(path) is not a library folder; folder list shows them.")
        }
        // The scanner's watches follow the library's folders after any scan request.
        scanner?.scan([])
        let songs = removed == 1 ? "its 1 song" : "its \(removed) songs"
        return "Removed \(path) and \(songs) from the library; the files stay on disk."
    }

    /// `rescan [DIR]`: every library folder, or the one holding DIR; only changed files are read.
    private func rescan(_ given: String?) throws -> String {
        let library = try requireLibrary()
        let folders = try library.libraryFolders().map(\.path)
        guard !folders.isEmpty else {
            throw CommandError.failed("The library has no folders yet; add one with folder add DIR.")
        }
        guard let scanner else { throw CommandError.failed("This session has no folder scanner.") }
        guard let given else {
            scanner.scan(nil)
            return folders.count == 1
                ? "Scanning \(folders[0]); only files changed since the last scan are read."
                : "Scanning the \(folders.count) library folders; only files changed since the last scan are read."
        }
        let path = try LibraryPaths.normalized(given, home: home())
        guard let folder = folders.first(where: { LibraryPath.contains($0, path) }) else {
            throw CommandError.failed("\(path) is not in a library folder; folder list shows them.")
        }
        scanner.scan([folder])
        return "Scanning \(folder); only files changed since the last scan are read."
    }

    // MARK: Lists

    private func list(_ query: LibraryQuery) throws -> CommandResult {
        let library = try requireLibrary()
        switch query {
        case .songs(let order, let offset):
            guard offset >= 0 else { throw CommandError.failed("library songs counts from 0; \(offset) is no place to start.") }
            return .songs(try library.localSongs(sortedBy: order, offset: offset, limit: LibraryQuery.pageSize))
        case .albums(let order): return .albums(try library.localAlbums(sortedBy: order))
        case .artists: return .artists(try library.localArtists())
        case .folders: return .folders(try library.libraryFolders())
        case .album(let id):
            guard case .album(let row)? = LibraryID(parsing: id) else {
                throw CommandError.failed("\(id) is not a library album; they are written local:album:N.")
            }
            guard let songs = try library.localAlbumTracks(row) else {
                throw CommandError.failed("There is no album \(id) in the library.")
            }
            return .songs(songs)
        case .artist(let id):
            guard case .artist(let row)? = LibraryID(parsing: id) else {
                throw CommandError.failed("\(id) is not a library artist; they are written local:artist:N.")
            }
            guard let albums = try library.localArtistAlbums(row) else {
                throw CommandError.failed("There is no artist \(id) in the library.")
            }
            return .albums(albums)
        case .folder(let given):
            let path = try LibraryPaths.normalized(given, home: home())
            guard try library.libraryFolders().contains(where: { LibraryPath.contains($0.path, path) }) else {
                throw CommandError.failed("\(path) is not in a library folder; folder list shows them.")
            }
            return .songs(try library.localSongs(under: path, limit: LibraryQuery.pageSize))
        case .directory(let given):
            return .directory(try library.localDirectory(try libraryPath(given, in: library)))
        case .tracks(let given, let filter, let ignoringCase, let after):
            let folder = try given.map { given throws in try libraryPath(given, in: library) }
            return .tracks(
                try library.localTracks(
                    under: folder, matching: filter, ignoringCase: ignoringCase, after: after, limit: LibraryQuery.trackPage))
        case .values(let field, let groups, let filter):
            return .tagValues(try library.localTagValues(field, groupedBy: groups, matching: filter))
        case .count(let group, let filter):
            return .counts(try library.localCounts(matching: filter, groupedBy: group))
        }
    }

    /// `given` as an absolute path inside a library folder, or a sentence saying it is not.
    private func libraryPath(_ given: String, in library: MusicLibrary) throws -> String {
        let path = try LibraryPaths.normalized(given, home: home())
        guard try library.libraryFolderPaths().contains(where: { LibraryPath.contains($0, path) }) else {
            throw CommandError.failed("\(path) is not in a library folder; folder list shows them.")
        }
        return path
    }

    // MARK: Items

    /// `items` with the titles, artists, albums and lengths of the local files the library
    /// knows filled in (one query for all); the rest stay as they are.
    func described(_ items: [PlayableItem]) -> [PlayableItem] {
        guard let library else { return items }
        var bare: [Int] = []
        var paths: [String] = []
        for index in items.indices where items[index].title == nil {
            guard case .file(let path)? = items[index].parsedLocation else { continue }
            bare.append(index)
            paths.append(path)
        }
        guard !bare.isEmpty, let known = try? library.localItems(paths: paths), !known.isEmpty else { return items }
        var items = items
        for (index, path) in zip(bare, paths) {
            guard let found = known[path] else { continue }
            items[index].title = found.title
            items[index].artist = items[index].artist ?? found.artist
            items[index].album = items[index].album ?? found.album
            items[index].duration = items[index].duration ?? found.duration
            items[index].artworkURL = items[index].artworkURL ?? found.artworkURL
        }
        return items
    }

    private func requireLibrary() throws -> MusicLibrary {
        guard let library else { throw CommandError.failed("The library is not open.") }
        return library
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + words.last!
    }
}
