import Checked
import Library
import MusicModel
import Session

extension MPDCommands {
    /// `listplaylists`, `listplaylist`, `listplaylistinfo`, `load`, `save`, `playlistadd`, `playlistdelete`, `playlistmove`, `playlistclear`, `rename`, `rm`.
    ///
    /// MPD's stored playlists are Segue's playlists, edited through `Command.playlist(...)`;
    /// positions are from 0 on the wire and from 1 in `PlaylistCommand` (converted here).
    static var storedPlaylists: [MPDCommandSpec] {
        [
            MPDCommandSpec("listplaylists", .read) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                for playlist in try call.playlists() { MPDCommands.write(playlist, to: &call.response) }
            },
            MPDCommandSpec("listplaylist", .read) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                let namespace = call.environment.namespace()
                for item in try call.playlistItems(try call.playlistName(0)) {
                    call.response.add("file", namespace.uri(for: item.location))
                }
            },
            MPDCommandSpec("listplaylistinfo", .read) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                let namespace = call.environment.namespace()
                for item in try call.playlistItems(try call.playlistName(0)) {
                    MPDCommands.storedSong(item, namespace: namespace).write(to: &call.response, tags: call.client.tags)
                }
            },
            MPDCommandSpec("load", .add) { call throws(MPDAck) in
                try call.expectArguments(1...3)
                var items = try call.playlistItems(try call.playlistName(0))
                if call.optional(1) != nil {
                    let range = try call.range(1)
                    guard range.lowerBound <= items.count, (range.upperBound ?? items.count) <= items.count else {
                        throw MPDAck.argument("Bad song index")
                    }
                    items = Array(items[range.lowerBound..<(range.upperBound ?? items.count)])
                }
                guard !items.isEmpty else { return }
                var position = InsertPosition.tail
                if call.optional(2) != nil {
                    let length = try call.snapshot().queueLength
                    let index = try call.unsigned(2)
                    guard index <= length else { throw MPDAck.argument("Bad song index") }
                    position = .index(index)
                }
                try call.perform(.add(items.map(\.location), position: position))
            },
            MPDCommandSpec("save", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                let name = try call.playlistName(0)
                guard try !call.playlists().contains(where: { $0.name == name }) else {
                    throw MPDAck(.exist, "Playlist already exists")
                }
                guard case .queue(let entries, _, _) = try call.perform(.queue) else { throw MPDAck(.system, "The queue did not answer.") }
                try call.perform(.playlist(.create(name)))
                if !entries.isEmpty { try call.perform(.playlist(.add(name, items: entries.map(\.item.location)))) }
            },
            MPDCommandSpec("playlistadd", .control) { call throws(MPDAck) in
                try call.expectArguments(2...3)
                let name = try call.playlistName(0)
                let uri = try call.string(1)
                guard let location = call.environment.namespace().location(for: uri) else { throw MPDAck.noExist("No such directory") }
                let held = try call.playlists().first { $0.name == name }?.itemCount
                if held == nil { try call.perform(.playlist(.create(name))) }
                var target: Int?
                if call.optional(2) != nil { target = try call.unsigned(2) }
                if let target, target > held ?? 0 { throw MPDAck.argument("Bad song index") }
                try call.perform(.playlist(.add(name, items: [location])))
                // Added at the end, then moved where it was asked for (positions count from 1 there).
                if let target, let held, target < held {
                    try call.perform(.playlist(.move(name, from: held + 1, to: target + 1)))
                }
            },
            MPDCommandSpec("playlistdelete", .control) { call throws(MPDAck) in
                try call.expectArguments(2...2)
                let name = try call.playlistName(0)
                let count = try call.playlistItems(name).count
                let range = try call.range(1)
                let end = range.upperBound ?? count
                guard range.lowerBound < count, end <= count else { throw MPDAck.argument("Bad song index") }
                guard end > range.lowerBound else { return }
                try call.perform(.playlist(.remove(name, positions: [range.lowerBound + 1...end])))
            },
            MPDCommandSpec("playlistmove", .control) { call throws(MPDAck) in
                try call.expectArguments(3...3)
                let name = try call.playlistName(0)
                let count = try call.playlistItems(name).count
                let from = try call.unsigned(1)
                let to = try call.unsigned(2)
                guard from < count, to < count else { throw MPDAck.argument("Bad song index") }
                guard from != to else { return }
                try call.perform(.playlist(.move(name, from: from + 1, to: to + 1)))
            },
            MPDCommandSpec("playlistclear", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                let name = try call.playlistName(0)
                // As MPD: clearing a playlist that does not exist makes it, empty.
                guard let held = try call.playlists().first(where: { $0.name == name })?.itemCount else {
                    try call.perform(.playlist(.create(name)))
                    return
                }
                if held > 0 { try call.perform(.playlist(.remove(name, positions: [1...held]))) }
            },
            MPDCommandSpec("rename", .control) { call throws(MPDAck) in
                try call.expectArguments(2...2)
                let name = try call.playlistName(0)
                let newName = try call.playlistName(1)
                let names = Set(try call.playlists().map(\.name))
                guard names.contains(name) else { throw MPDAck.noExist("No such playlist") }
                guard !names.contains(newName) else { throw MPDAck(.exist, "Playlist already exists") }
                try call.perform(.playlist(.rename(name, to: newName)))
            },
            MPDCommandSpec("rm", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                try call.perform(.playlist(.delete(try call.playlistName(0))))
            },
        ]
    }

    /// A playlist's `playlist:` and `Last-Modified:` lines (`listplaylists`, `lsinfo /`).
    static func write(_ playlist: PlaylistSummary, to response: inout MPDResponse) {
        response.add("playlist", playlist.name)
        if let modified = playlist.modified {
            response.add("Last-Modified", MPDTime.iso8601(Int64(Checked.clamped(modified, to: 0...Int(UInt32.max)))))
        }
    }

    /// The song block of a playlist's item: its URI and what the playlist knows of it.
    static func storedSong(_ item: PlayableItem, namespace: MPDNamespace) -> MPDSong {
        var tags: [MPDTag: String] = [:]
        tags[.title] = item.title
        tags[.artist] = item.artist
        tags[.album] = item.album
        return MPDSong(file: namespace.uri(for: item.location), tags: tags, duration: item.duration)
    }
}

extension MPDCall {
    /// The `index`-th argument as a playlist name: MPD refuses an empty one and one with a
    /// slash or a line break (`Bad playlist name`).
    func playlistName(_ index: Int) throws(MPDAck) -> String {
        let name = try string(index)
        guard !name.isEmpty, !name.contains("/"), !name.contains(where: \.isNewline), name.utf8.count <= 1024 else {
            throw MPDAck.argument("Bad playlist name")
        }
        return name
    }

    /// Segue's playlists.
    func playlists() throws(MPDAck) -> [PlaylistSummary] {
        guard case .playlists(let playlists) = try perform(.playlist(.list)) else { throw MPDAck(.system, "The playlists did not answer.") }
        return playlists
    }

    /// The items of the playlist called `name` (ACK 50 when there is none).
    func playlistItems(_ name: String) throws(MPDAck) -> [PlayableItem] {
        guard case .items(let items) = try perform(.playlist(.show(name))) else { throw MPDAck(.system, "The playlist did not answer.") }
        return items
    }
}
