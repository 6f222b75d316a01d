import Tempo

// Tempo estimates by item, so a track is analysed once however often a workout meets it.
extension MusicLibrary {
    /// The tempos a stored estimate may have; anything else (a damaged row, NaN) reads as none,
    /// so the item is analysed again.
    public static let storedTempoRange = 20.0...400.0

    /// The estimate stored for `key` (see `TempoKeeper` for how items become keys), or nil when
    /// there is none or it is out of range.
    public func tempo(forKey key: String) throws(LibraryError) -> TempoEstimate? {
        try withDatabase { db in
            guard let row = try db.query("SELECT bpm, confidence, source FROM tempo WHERE item_key = ?1", [.text(key)]).first,
                let bpm = row[0].double, Self.storedTempoRange.contains(bpm),
                let source = row[2].string.flatMap(TempoSource.init(rawValue:))
            else { return nil }
            let confidence = row[1].double.flatMap { $0.isFinite ? min(1, max(0, $0)) : nil } ?? 0
            return TempoEstimate(bpm: bpm, confidence: confidence, source: source)
        }
    }

    /// Stores `estimate` for `key`, replacing what was there. An estimate out of
    /// `storedTempoRange` is not stored (it would read back as none anyway).
    public func storeTempo(_ estimate: TempoEstimate, forKey key: String) throws(LibraryError) {
        guard Self.storedTempoRange.contains(estimate.bpm) else { return }
        let confidence = estimate.confidence.isFinite ? min(1, max(0, estimate.confidence)) : 0
        try withDatabase { db in
            try db.execute(
                "INSERT OR REPLACE INTO tempo (item_key, bpm, confidence, source) VALUES (?1, ?2, ?3, ?4)",
                [.text(key), .real(estimate.bpm), .real(confidence), .text(estimate.source.rawValue)])
        }
    }
}
