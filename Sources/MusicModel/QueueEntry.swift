/// One place in a queue (Player's `PlayerQueue`): an item plus the id that tells it apart from another place holding the same item.
public struct QueueEntry: Identifiable, Equatable, Sendable {
    /// Stable while the entry stays in its queue.
    public let id: QueueEntryID
    /// What this entry plays.
    public var item: PlayableItem

    /// Creates an entry. `PlayerQueue` makes its own; this is for previews and tests.
    public init(id: QueueEntryID, item: PlayableItem) {
        self.id = id
        self.item = item
    }

    /// Never empty-handed: the item's title, or else the last path component of its location
    /// (without a URL's query or fragment), or else the whole location.
    public var title: String {
        if let title = item.title, !title.isEmpty { return title }
        return Self.lastComponent(of: item.location)
    }

    /// "Artist — Album", or just the one that is known, or nil when neither is.
    public var subtitle: String? {
        switch (nonEmpty(item.artist), nonEmpty(item.album)) {
        case (let artist?, let album?): "\(artist) — \(album)"
        case (let artist?, nil): artist
        case (nil, let album?): album
        case (nil, nil): nil
        }
    }

    /// The item's artwork URL, when known.
    public var artworkURL: String? { item.artworkURL }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    private static func lastComponent(of location: String) -> String {
        var path = Substring(location)
        // A query often carries a token that says nothing about the track.
        if location.contains("://"), let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            path = path[..<cut]
        }
        while path.hasSuffix("/") { path = path.dropLast() }
        if let slash = path.lastIndex(of: "/") { path = path[path.index(after: slash)...] }
        return path.isEmpty ? location : String(path)
    }
}
