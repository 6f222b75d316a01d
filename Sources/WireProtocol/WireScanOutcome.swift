import Library

/// What a finished scan did, as a client reads it from a `library` event
/// (`WireEncoding.scanOutcome`). Only `folders` must be there; a count left out or below 0
/// reads as 0, and seconds outside 0…`Limits.maxDurationSeconds` as 0.
struct WireScanOutcome: Decodable {
    /// The outcome read.
    var value: ScanOutcome

    private enum Key: String, CodingKey { case folders, added, updated, removed, unchanged, skipped, seconds }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        func count(_ key: Key) -> Int { (try? c.count(key)) ?? 0 }
        value = ScanOutcome(
            folders: try c.decode([String].self, forKey: .folders), added: count(.added), updated: count(.updated),
            removed: count(.removed), unchanged: count(.unchanged), skipped: count(.skipped), seconds: c.seconds(.seconds) ?? 0)
    }
}
