import MusicModel

extension Session {
    /// `picture ITEM`: the picture in a local file's tags, else the catalog's artwork for it; nil
    /// when it has none.
    func picture(of item: String) throws -> Picture? {
        throw CommandError.failed("picture is not built yet.")
    }
}
