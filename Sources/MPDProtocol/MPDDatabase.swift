import Checked
import Library
import Session
import Synchronization

/// The library as MPD's database. Every read goes through `Session.perform` with a
/// `LibraryQuery`; long lists are read a page (`LibraryQuery.trackPage` songs) at a time, so
/// memory holds one page beside the reply.
enum MPDDatabase {
    /// The largest reply a database command writes (MPD's `max_output_buffer_size`): a longer
    /// one is refused with a sentence rather than held whole in memory.
    static let maxReplyBytes = 8 << 20

    /// Update job ids, as MPD numbers them (from 1, never 0).
    private static let jobs = Atomic<Int>(0)

    /// The job id the last `update`/`rescan` answered (0: none yet), for `status`'s
    /// `updating_db` while the scan it asked for runs.
    static var lastUpdateJob: Int { jobs.load(ordering: .relaxed) }

    // MARK: lsinfo, listall, listallinfo

    /// `lsinfo [URI]`: the top (each library folder as a directory, then the stored playlists),
    /// a folder's songs then folders, or one song.
    static func lsinfo(_ call: inout MPDCall) throws(MPDAck) {
        try call.expectArguments(0...1)
        let namespace = call.environment.namespace()
        let uri = call.optional(0) ?? ""
        if uri.isEmpty || uri == "/" {
            for root in namespace.roots.map(\.name) { call.response.add("directory", root) }
            if case .playlists(let playlists)? = try? call.perform(.playlist(.list)) {
                for playlist in playlists { MPDCommands.write(playlist, to: &call.response) }
            }
            return
        }
        guard let path = namespace.path(for: uri) else { throw MPDAck.noExist("No such directory") }
        guard case .directory(let directory) = try call.perform(.library(.directory(path))) else { throw unexpected }
        if directory.folders.isEmpty, directory.tracks.isEmpty, !namespace.isRoot(path) {
            // Not a folder with songs: perhaps a song.
            guard let track = try song(path, &call) else { throw MPDAck.noExist("No such directory") }
            MPDSong(track: track, namespace: namespace).write(to: &call.response, tags: call.client.tags)
            return
        }
        // MPD's order: the folder's songs, then its folders.
        for track in directory.tracks { MPDSong(track: track, namespace: namespace).write(to: &call.response, tags: call.client.tags) }
        for folder in directory.folders { call.response.add("directory", namespace.uri(for: folder)) }
    }

    /// `listall [URI]` (`directory:` and `file:` lines) and `listallinfo [URI]` (song blocks):
    /// everything under a folder, each folder's `directory:` line before what it holds.
    static func listAll(_ call: inout MPDCall, info: Bool) throws(MPDAck) {
        try call.expectArguments(0...1)
        let namespace = call.environment.namespace()
        let uri = call.optional(0) ?? ""
        let folders: [String]
        if uri.isEmpty || uri == "/" {
            folders = namespace.roots.map(\.path)
        } else {
            guard let path = namespace.path(for: uri) else { throw MPDAck.noExist("No such directory") }
            if !namespace.isRoot(path), let track = try song(path, &call) {
                write(track, info: info, namespace: namespace, &call)
                return
            }
            folders = [path]
        }
        var found = false
        for folder in folders {
            // As MPD: the folder listed has its own line first (the top has none, its roots do).
            call.response.add("directory", namespace.directoryURI(folder))
            var open: [Substring] = []
            let base = folder.split(separator: "/")
            try forEachTrack(&call, under: folder, matching: nil, ignoringCase: false) { call, track in
                found = true
                // The folders between `folder` and the track's own, opened in path order; a folder's
                // songs are one run of the path order, so each is opened once.
                let parts = track.path.split(separator: "/").dropLast().dropFirst(base.count)
                var same = 0
                while same < open.count, same < parts.count, open[same] == parts[parts.startIndex + same] { same += 1 }
                open.removeLast(open.count - same)
                for part in parts.dropFirst(same) {
                    open.append(part)
                    call.response.add("directory", namespace.uri(for: folder + "/" + open.joined(separator: "/")))
                }
                write(track, info: info, namespace: namespace, &call)
            }
        }
        if !found, !(uri.isEmpty || uri == "/"), let path = namespace.path(for: uri), !namespace.isRoot(path) {
            throw MPDAck.noExist("No such directory")
        }
    }

    private static func write(_ track: LocalTrack, info: Bool, namespace: MPDNamespace, _ call: inout MPDCall) {
        if info {
            MPDSong(track: track, namespace: namespace).write(to: &call.response, tags: call.client.tags)
        } else {
            call.response.add("file", namespace.uri(for: track.path))
        }
    }

    /// The song of the file at `path`, if the library has it.
    private static func song(_ path: String, _ call: inout MPDCall) throws(MPDAck) -> LocalTrack? {
        let query = LibraryQuery.tracks(under: nil, matching: .file(path), ignoringCase: false, after: nil)
        guard case .tracks(let tracks) = try call.perform(.library(query)) else { throw unexpected }
        return tracks.first
    }

    /// Calls `body` with each song under `folder` (nil: all) that `filter` matches, in path order,
    /// a page at a time; stops with an ACK once the reply passes `maxReplyBytes`.
    private static func forEachTrack(
        _ call: inout MPDCall, under folder: String?, matching filter: TrackFilter?, ignoringCase: Bool,
        _ body: (inout MPDCall, LocalTrack) throws(MPDAck) -> Void
    ) throws(MPDAck) {
        var after: String?
        while true {
            let query = LibraryQuery.tracks(under: folder, matching: filter, ignoringCase: ignoringCase, after: after)
            guard case .tracks(let page) = try call.perform(.library(query)) else { throw unexpected }
            for track in page { try body(&call, track) }
            guard call.response.count <= maxReplyBytes else {
                throw MPDAck(.system, "The reply would be larger than 8 MiB; ask for one folder at a time.")
            }
            guard page.count >= LibraryQuery.trackPage, let last = page.last else { return }
            after = last.path
        }
    }

    // MARK: find, search, findadd, searchadd

    /// `find`/`search FILTER [sort TAG] [window START:END]` (song blocks) and `findadd`/`searchadd
    /// FILTER` (the songs go to the end of the queue). `search` does not mind case.
    static func find(_ call: inout MPDCall, pairs: MPDFilter.PairMatch, add: Bool) throws(MPDAck) {
        guard !call.arguments.isEmpty else { throw MPDAck.argument("too few arguments for \"\(call.name)\"") }
        let namespace = call.environment.namespace()
        let parsed = try MPDFilter.parse(
            call.arguments[...], pairs: pairs, trailing: add ? ["sort", "window"] : ["sort", "window"], namespace: namespace)
        let ignoringCase = pairs == .substring
        let start = parsed.window?.lowerBound ?? 0
        let end = parsed.window?.upperBound
        var seen = 0
        var paths: [String] = []
        try forEachTrack(&call, under: nil, matching: parsed.filter, ignoringCase: ignoringCase) { call, track throws(MPDAck) in
            defer { seen += 1 }
            guard seen >= start, end.map({ seen < $0 }) ?? true else { return }
            if add {
                guard paths.count < Limits.maxQueueEntries else {
                    throw MPDAck(.playlistMax, "The queue holds at most \(Limits.maxQueueEntries) entries.")
                }
                paths.append(track.path)
            } else {
                MPDSong(track: track, namespace: namespace).write(to: &call.response, tags: call.client.tags)
            }
        }
        if add, !paths.isEmpty { try call.perform(.add(paths, position: .tail)) }
    }

    // MARK: list, count

    /// `list TAG [FILTER] [group TAG]…`: the distinct values, each group's value written when it
    /// changes. The old `list Album ARTIST` form lists that artist's albums.
    static func list(_ call: inout MPDCall) throws(MPDAck) {
        let name = try call.string(0)
        guard let field = TrackField(mpdName: name), field != .any else { throw MPDAck.argument("Unknown tag type: \(name)") }
        let namespace = call.environment.namespace()
        var rest = call.arguments.dropFirst()
        var legacy: TrackFilter?
        if field == .album, rest.count == 1, let artist = rest.first, !artist.hasPrefix("(") {
            legacy = .compare(.artist, .equals, artist)
            rest = []
        }
        let parsed = try MPDFilter.parse(rest, pairs: .exact, trailing: ["group"], namespace: namespace)
        guard
            case .tagValues(let rows) = try call.perform(.library(.values(field, groups: parsed.groups, matching: legacy ?? parsed.filter)))
        else { throw unexpected }
        let names = (parsed.groups + [field]).map(\.mpdName)
        var previous: [String]?
        for row in rows where row.count == names.count {
            // A group's line is written again when it, or a group outside it, changes.
            var changed = previous == nil
            for (index, value) in row.enumerated() {
                if index == row.count - 1 || changed || previous?[index] != value {
                    changed = true
                    call.response.add(names[index], value)
                }
            }
            previous = row
        }
    }

    /// `count FILTER [group TAG]` (also `count group TAG`): `songs:` and `playtime:` (whole
    /// seconds), per group.
    static func count(_ call: inout MPDCall) throws(MPDAck) {
        guard !call.arguments.isEmpty else { throw MPDAck.argument("too few arguments for \"count\"") }
        let parsed = try MPDFilter.parse(call.arguments[...], pairs: .exact, trailing: ["group"], namespace: call.environment.namespace())
        guard parsed.groups.count <= 1 else { throw MPDAck.argument("Too many groups") }
        let group = parsed.groups.first
        guard case .counts(let counts) = try call.perform(.library(.count(group: group, matching: parsed.filter))) else { throw unexpected }
        for count in counts {
            if let group, let value = count.group { call.response.add(group.mpdName, value) }
            call.response.add("songs", count.songs)
            call.response.add("playtime", wholeSeconds(count.seconds))
        }
    }

    // MARK: stats, update

    /// `stats`: the library's counts, `db_playtime` its length, `db_update` when a scan last
    /// finished (0 before the first: Cantata reloads its library when it moves), `uptime` since
    /// the daemon started. `playtime` (music heard since then) is not kept, so it is 0.
    static func stats(_ call: inout MPDCall) throws(MPDAck) {
        try call.expectArguments(0...0)
        var stats = LibraryStats()
        if case .stats(let found)? = try? call.perform(.stats) { stats = found }
        call.response.add("uptime", wholeSeconds(call.environment.now() - call.environment.startedAt))
        call.response.add("playtime", 0)
        call.response.add("artists", stats.artists)
        call.response.add("albums", stats.albums)
        call.response.add("songs", stats.songs)
        call.response.add("db_playtime", wholeSeconds(stats.totalSeconds))
        call.response.add("db_update", wholeSeconds(stats.lastScan ?? 0))
    }

    /// `update [URI]` / `rescan [URI]`: scans the library folders (or the one holding URI);
    /// Segue reads only the files that changed either way. Answers `updating_db: JOB`; the
    /// `update` and `database` idle events follow the scan.
    static func update(_ call: inout MPDCall) throws(MPDAck) {
        try call.expectArguments(0...1)
        var path: String?
        if let uri = call.optional(0), !uri.isEmpty, uri != "/" {
            guard let found = call.environment.namespace().path(for: uri) else { throw MPDAck.noExist("Malformed path") }
            path = found
        }
        try call.perform(.rescan(path))
        let job = jobs.add(1, ordering: .relaxed).newValue
        call.response.add("updating_db", job)
    }

    // MARK: Helpers

    private static var unexpected: MPDAck { MPDAck(.system, "The library gave an answer of the wrong kind.") }

    /// Seconds as a whole number, rounded down; nothing below 0, nothing past `Int32.max`.
    private static func wholeSeconds(_ value: Double) -> Int {
        Checked.clamped(value, to: 0...Int(Int32.max), rounding: .down)
    }
}

extension MPDNamespace {
    /// Whether `path` is one of the library folders (a top-level directory).
    fileprivate func isRoot(_ path: String) -> Bool { roots.contains { $0.path == path } }

    /// The URI of a folder of the tree: a library folder's top-level name, or its path below one.
    fileprivate func directoryURI(_ path: String) -> String { roots.first { $0.path == path }?.name ?? uri(for: path) }
}
