import Catalog
import Library
import MusicModel
import Workout

/// Where a workout's candidate tracks come from (issue 12, item 3), each source bounded: the
/// featured ids (one catalog lookup, order kept, unavailable ids skipped), the music the user
/// picks, saved songs and albums, playlists, the listening history, the storefront's charts and
/// the top songs of an artist playing. A source that fails (the catalog unreachable, the library
/// absent) gives nothing; the others go on. Called on the workout worker's thread: these block.
struct WorkoutCandidates: Sendable {
    let catalog: (any MusicCatalog)?
    let library: MusicLibrary?
    let item: @Sendable (String) -> PlayableItem

    /// One track to analyse: the queue item and what the pool should know of it.
    struct Candidate: Sendable, Equatable {
        var item: PlayableItem
        var artistID: String?
        var featured: Bool
        /// Where its sound is analysed from when not the item itself (a catalog song's preview).
        var preview: String? = nil
        /// Its tempo when already known without analysis (a local song's BPM tag).
        var bpm: Double? = nil
    }

    /// The most candidates one source gives.
    static let perSource = 50
    /// How many top songs of one artist are asked for.
    static let topSongsPerArtist = 10

    /// Songs of the featured `ids`, in their order, fetched in one lookup; unavailable ids skipped.
    func featured(_ ids: [String]) -> [Candidate] {
        guard let catalog, !ids.isEmpty, let songs = try? catalog.lookupSongs(ids: Array(ids.prefix(Self.perSource))) else { return [] }
        return songs.compactMap { candidate($0, featured: true) }
    }

    /// What `workout add` names: catalog songs (one lookup for all of them) and albums (their
    /// tracks), files and URLs as they are, and `playlist:NAME` as the playlist's items. Picks
    /// are marked featured, so they are preferred over the rest. Returns what was found and a
    /// sentence for each pick that named nothing.
    func picks(_ words: [String]) -> (candidates: [Candidate], problems: [String]) {
        var found: [Candidate] = []
        var problems: [String] = []
        var catalogIDs: [String] = []
        for word in words {
            if word.lowercased().hasPrefix("playlist:") {
                let name = String(word.dropFirst("playlist:".count))
                guard let library, let list = try? library.playlists().first(where: { $0.name == name }),
                    let items = try? library.playlistItems(list.id)
                else {
                    problems.append("There is no playlist called \"\(name)\".")
                    continue
                }
                found += items.prefix(Self.perSource).map { Candidate(item: $0, artistID: nil, featured: true) }
                continue
            }
            let item = item(word)
            switch item.parsedLocation {
            case .catalog(_, let id)?: catalogIDs.append(id)
            case nil: problems.append("\"\(word)\" is not a file, a URL or a catalog item.")
            default: found.append(Candidate(item: item, artistID: nil, featured: true))
            }
        }
        guard !catalogIDs.isEmpty else { return (found, problems) }
        guard let catalog else { return (found, problems + ["No catalog is configured, so catalog picks cannot be added."]) }
        let songs = (try? catalog.lookupSongs(ids: catalogIDs)) ?? []
        found += songs.compactMap { candidate($0, featured: true) }
        let songIDs = Set(songs.map(\.id))
        for id in catalogIDs where !songIDs.contains(id) {
            // Not a song: perhaps an album, whose tracks are the pick.
            guard let album = try? catalog.albumTracks(albumID: id), let tracks = album.tracks?.items, !tracks.isEmpty else {
                problems.append("The catalog has no song or album with the id \(id).")
                continue
            }
            found += tracks.prefix(Self.perSource).compactMap { candidate($0, featured: true) }
        }
        return (found, problems)
    }

    /// Saved songs, then the tracks of saved albums.
    func saved() -> [Candidate] {
        guard let library else { return [] }
        let songs = (try? library.savedSongs()) ?? []
        let albums = ((try? library.savedAlbums()) ?? []).flatMap { $0.tracks?.items ?? [] }
        return Array((songs + albums).compactMap { candidate($0, featured: false) }.prefix(Self.perSource))
    }

    /// The items of every playlist, oldest playlist first.
    func playlists() -> [Candidate] {
        guard let library, let lists = try? library.playlists() else { return [] }
        var found: [Candidate] = []
        for list in lists where found.count < Self.perSource {
            let items = (try? library.playlistItems(list.id)) ?? []
            found += items.prefix(Self.perSource - found.count).map { Candidate(item: $0, artistID: nil, featured: false) }
        }
        return found
    }

    /// What was played lately, most recent first.
    func history() -> [Candidate] {
        guard let library, let entries = try? library.recentlyPlayed(limit: Self.perSource) else { return [] }
        return entries.map { Candidate(item: $0.item, artistID: nil, featured: false) }
    }

    /// Local songs whose tempo is known (a BPM tag or an earlier analysis) and fits `cadence`,
    /// its half or its double: in each of those three ranges at most a third of `perSource`.
    func local(cadence: Int) -> [Candidate] {
        guard let library, cadence > 0 else { return [] }
        let tolerance = WorkoutRules.fitTolerance
        var found: [Candidate] = []
        var seen: Set<String> = []
        for target in [Double(cadence), Double(cadence) * 2, Double(cadence) / 2] {
            let range = target * (1 - tolerance)...target * (1 + tolerance)
            let songs = (try? library.localSongs(tempo: range, limit: Self.perSource / 3)) ?? []
            for (song, bpm) in songs where seen.insert(song.id).inserted {
                let item = PlayableItem(
                    location: song.id, title: song.title, artist: song.artistName, album: song.albumTitle, duration: song.duration)
                found.append(Candidate(item: item, artistID: nil, featured: false, bpm: bpm))
            }
        }
        return found
    }

    /// The storefront's most played songs.
    func charts() -> [Candidate] {
        guard let catalog, let songs = try? catalog.topCharts(limit: Self.perSource) else { return [] }
        return songs.compactMap { candidate($0, featured: false) }
    }

    /// The artist's most popular songs.
    func topSongs(artistID: String) -> [Candidate] {
        guard let catalog, let songs = try? catalog.artistTopSongs(artistID: artistID, limit: Self.topSongsPerArtist) else { return [] }
        return songs.items.compactMap { candidate($0, featured: false) }
    }

    /// A catalog song as a candidate; nil for one that cannot play (a music video, no preview).
    private func candidate(_ song: Song, featured: Bool) -> Candidate? {
        guard song.isPlayable, let catalog else { return nil }
        // No duration: the catalog gives the whole track's, and what plays is its 30-second preview.
        let item = PlayableItem(
            .catalog(catalog.name, id: song.id), title: song.title, artist: song.artistName, album: song.albumTitle,
            artworkURL: song.artwork?.baseURL)
        return Candidate(item: item, artistID: song.artistID, featured: featured, preview: song.previewURL)
    }
}
