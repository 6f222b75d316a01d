import MusicModel
import Session

extension MPDCommands {
    /// `playlistinfo`, `playlistid`, `plchanges`, `plchangesposid`, `add`, `addid`, `delete`, `deleteid`, `move`, `moveid`, `swap`, `swapid`, `clear`, `shuffle`.
    static var queue: [MPDCommandSpec] { listing + adding + editing }

    private static var listing: [MPDCommandSpec] {
        [
            MPDCommandSpec("playlistinfo", .read) { call throws(MPDAck) in
                try call.expectArguments(0...1)
                let queue = try MPDQueueView(call)
                // `-1` is the old spelling of "everything".
                guard call.optional(0) != nil, call.optional(0) != "-1" else { return queue.write(queue.entries.indices, to: &call) }
                queue.write(try queue.clamp(try call.range(0), allowEmpty: true), to: &call)
            },
            MPDCommandSpec("playlistid", .read) { call throws(MPDAck) in
                try call.expectArguments(0...1)
                let queue = try MPDQueueView(call)
                guard call.optional(0) != nil else { return queue.write(queue.entries.indices, to: &call) }
                let position = try queue.position(ofID: try call.unsigned(0))
                queue.write(position...position, to: &call)
            },
            MPDCommandSpec("plchanges", .read) { call throws(MPDAck) in
                try call.expectArguments(1...2)
                let (queue, changed) = try changedPositions(&call)
                queue.write(changed, to: &call)
            },
            MPDCommandSpec("plchangesposid", .read) { call throws(MPDAck) in
                try call.expectArguments(1...2)
                let (queue, changed) = try changedPositions(&call)
                for index in changed {
                    call.response.add("cpos", index)
                    call.response.add("Id", String(queue.entries[index].id.rawValue))
                }
            },
        ]
    }

    private static var adding: [MPDCommandSpec] {
        [
            MPDCommandSpec("add", .add) { call throws(MPDAck) in
                try call.expectArguments(1...2)
                _ = try add(call)
            },
            MPDCommandSpec("addid", .add) { call throws(MPDAck) in
                try call.expectArguments(1...2)
                let ids = try add(call)
                if let id = ids.first { call.response.add("Id", String(id.rawValue)) }
            },
        ]
    }

    private static var editing: [MPDCommandSpec] {
        [
            MPDCommandSpec("delete", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                let range = try MPDQueueView(call).clamp(try call.range(0), allowEmpty: true)
                guard !range.isEmpty else { return }
                try call.perform(.remove([.positions(MPDQueuePosition.command(range.lowerBound, range.upperBound))]))
            },
            MPDCommandSpec("deleteid", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                let id = try call.unsigned(0)
                _ = try MPDQueueView(call).position(ofID: id)
                try call.perform(.remove([.id(QueueEntryID(rawValue: UInt64(id)))]))
            },
            MPDCommandSpec("move", .control) { call throws(MPDAck) in
                try call.expectArguments(2...2)
                let queue = try MPDQueueView(call)
                let range = try queue.clamp(try call.range(0))
                let to = try call.unsigned(1)
                // The moved entries must fit from `to` on, as MPD checks.
                guard to + range.count <= queue.entries.count else { throw MPDAck.argument("Number too large: \(to)") }
                if range.count == 1 {
                    try call.perform(.move(from: MPDQueuePosition.reference(range.lowerBound), to: MPDQueuePosition.command(to)))
                } else {
                    try call.perform(
                        .moveRange(MPDQueuePosition.command(range.lowerBound, range.upperBound), to: MPDQueuePosition.command(to)))
                }
            },
            MPDCommandSpec("moveid", .control) { call throws(MPDAck) in
                try call.expectArguments(2...2)
                let queue = try MPDQueueView(call)
                let id = try call.unsigned(0)
                _ = try queue.position(ofID: id)
                let to = try call.unsigned(1)
                guard to < queue.entries.count else { throw MPDAck.argument("Number too large: \(to)") }
                try call.perform(.move(from: .id(QueueEntryID(rawValue: UInt64(id))), to: MPDQueuePosition.command(to)))
            },
            MPDCommandSpec("swap", .control) { call throws(MPDAck) in
                try call.expectArguments(2...2)
                let queue = try MPDQueueView(call)
                let first = try call.unsigned(0)
                let second = try call.unsigned(1)
                try queue.check(first)
                try queue.check(second)
                try call.perform(.swap(MPDQueuePosition.reference(first), MPDQueuePosition.reference(second)))
            },
            MPDCommandSpec("swapid", .control) { call throws(MPDAck) in
                try call.expectArguments(2...2)
                let queue = try MPDQueueView(call)
                let first = try call.unsigned(0)
                let second = try call.unsigned(1)
                _ = try queue.position(ofID: first)
                _ = try queue.position(ofID: second)
                try call.perform(.swap(.id(QueueEntryID(rawValue: UInt64(first))), .id(QueueEntryID(rawValue: UInt64(second)))))
            },
            MPDCommandSpec("clear", .control) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                try call.perform(.clear)
            },
            MPDCommandSpec("shuffle", .control) { call throws(MPDAck) in
                try call.expectArguments(0...1)
                guard call.optional(0) != nil else {
                    try call.perform(.mix(nil))
                    return
                }
                let range = try MPDQueueView(call).clamp(try call.range(0), allowEmpty: true)
                // Fewer than two entries have one order only.
                guard range.count > 1 else { return }
                try call.perform(.mix(MPDQueuePosition.command(range.lowerBound, range.upperBound)))
            },
        ]
    }

    /// `add URI [POS]` / `addid URI [POS]`: the item a URI names, at a position from 0, or
    /// relative to the current entry (`+N`: N after it, `-N`: N before it; `No current song`,
    /// ACK 55, when there is none); at the end without one. The new entries' ids.
    private static func add(_ call: MPDCall) throws(MPDAck) -> [QueueEntryID] {
        let locations = try locations(for: try call.string(0), call)
        var position = InsertPosition.tail
        if let text = call.optional(1) {
            let queue = try MPDQueueView(call)
            if text.hasPrefix("+") || text.hasPrefix("-") {
                let offset = try call.integer(1)
                guard let current = queue.currentPosition else { throw MPDAck(.playerSync, "No current song") }
                // `+0` is right after the current entry, `-0` right before it.
                let index = text.hasPrefix("+") ? current + 1 + offset : current + offset
                guard index >= 0, index <= queue.entries.count else { throw MPDAck.argument("Bad position") }
                position = .index(index)
            } else {
                let index = try call.unsigned(1)
                guard index <= queue.entries.count else { throw MPDAck.argument("Bad position") }
                position = .index(index)
            }
        }
        guard case .added(let ids, _) = try call.perform(.add(locations, position: position)) else { return [] }
        return ids
    }

    /// What `add URI` queues: a library folder's songs in path order (MPD adds a directory
    /// whole; at most a page of `LibraryQuery.pageSize`), else the one item the URI names.
    private static func locations(for uri: String, _ call: MPDCall) throws(MPDAck) -> [String] {
        let namespace = call.environment.namespace()
        guard let location = namespace.location(for: uri) else { throw MPDAck.noExist("No such directory") }
        // A URL or a catalog item is what it names.
        guard namespace.path(for: uri) != nil else { return [location] }
        if case .songs(let songs)? = try? call.perform(.library(.folder(location))), !songs.isEmpty { return songs.map(\.id) }
        // In the music folders only what the library holds can be added, as MPD adds only what
        // its database holds: a file that is not there is refused now, not skipped at play time.
        let known = try? call.perform(.library(.tracks(under: nil, matching: .file(location), ignoringCase: false, after: nil)))
        guard case .tracks(let tracks)? = known, !tracks.isEmpty else { throw MPDAck.noExist("No such directory") }
        return [location]
    }

    /// The queue now and the wire positions `plchanges V [START:END]` reports: every entry
    /// whose place or item may differ from what a client at version V holds (MPD counts an
    /// entry whose position shifted as changed). From the session's change log when it can say:
    /// an insert marks from its position on, an update its entry; a move, a removal, a clear or
    /// a log that no longer reaches V marks the whole queue (the log does not keep where moved
    /// and removed entries were, so the entries they shifted are not known).
    private static func changedPositions(_ call: inout MPDCall) throws(MPDAck) -> (MPDQueueView, [Int]) {
        let wireVersion = try call.unsigned(0, max: Int(UInt32.max))
        let window = try call.optional(1) == nil ? nil : call.range(1)
        let queue = try MPDQueueView(call)
        var changed: [Int]
        if let since = MPDQueueVersion.full(UInt64(wireVersion), now: queue.version) {
            changed = try changes(since: since, call, in: queue)
        } else {
            changed = Array(queue.entries.indices)
        }
        if let window {
            let end = window.upperBound ?? Int.max
            changed = changed.filter { $0 >= window.lowerBound && $0 < end }
        }
        return (queue, changed)
    }

    private static func changes(since version: UInt64, _ call: MPDCall, in queue: MPDQueueView) throws(MPDAck) -> [Int] {
        let all = Array(queue.entries.indices)
        guard version != queue.version else { return [] }
        guard case .queueChanges(let changes) = try call.perform(.queueChanges(since: version)),
            changes.version == queue.version
        else { return all }
        var from = queue.entries.count
        var updated: Set<QueueEntryID> = []
        for change in changes.changes {
            switch change {
            case .inserted(let index, _): from = min(from, index)
            case .updated(let entry): updated.insert(entry.id)
            case .moved, .removed, .cleared: return all
            }
        }
        return queue.entries.indices.filter { $0 >= from || updated.contains(queue.entries[$0].id) }
    }
}
