import MusicModel

extension MPDSong {
    /// The song block of a queue entry at wire position `position` (from 0): `file` is the
    /// item's URI (`add` takes it back), `Title` is always there (the item's title, else the last
    /// part of its location, as Segue's own views show it) because clients show the bare URI
    /// otherwise; `Artist` and `Album` when the item knows them, its length, `Pos` and `Id`.
    init(entry: QueueEntry, position: Int, namespace: MPDNamespace) {
        var tags: [MPDTag: String] = [.title: entry.title]
        if let artist = entry.item.artist, !artist.isEmpty { tags[.artist] = artist }
        if let album = entry.item.album, !album.isEmpty { tags[.album] = album }
        self.init(
            file: namespace.uri(for: entry.item.location), tags: tags, duration: entry.item.duration, position: position,
            id: entry.id.rawValue)
    }
}
