import Library

/// A library scan's progress as a client reads it (`WireEncoding.scanProgress`):
/// `{"folder", "done", "total"}`. A negative count reads as 0; a `total` that is null, negative
/// or not a whole number reads as not known yet.
struct WireScanProgress: Decodable {
    /// The progress read.
    var value: ScanProgress

    private enum Key: String, CodingKey { case folder, done, total }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        value = ScanProgress(
            folder: try c.decode(String.self, forKey: .folder), done: try c.count(.done), total: c.whole(.total, in: 0...Int.max))
    }
}
