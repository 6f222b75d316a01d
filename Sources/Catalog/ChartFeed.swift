import FoundationEssentials

/// The marketing-tools chart feed (`…/api/v2/<cc>/music/most-played/<N>/songs.json`): flat JSON
/// with string ids and no previews, so only the ids in chart order are kept.
public struct ChartFeed: Decodable, Sendable {
    private struct Feed: Decodable {
        var results: [Entry]?
    }
    private struct Entry: Decodable {
        var id: String?
        init(from decoder: any Decoder) throws {
            // One odd entry (number id, missing id) is dropped rather than failing the chart.
            let c = try? decoder.container(keyedBy: Key.self)
            if let text = try? c?.decodeIfPresent(String.self, forKey: .id) {
                id = text
            } else if let number = try? c?.decodeIfPresent(Int.self, forKey: .id) {
                id = String(number)
            }
        }
        private enum Key: String, CodingKey { case id }
    }
    private var feed: Feed?

    /// The entries' ids in chart order, only the decimal ones.
    public var ids: [String] {
        (feed?.results ?? []).compactMap(\.id).filter { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
    }

    /// Decodes a feed body; throws `CatalogError.malformed` when it is not a feed.
    public static func decode(_ body: [UInt8]) throws(CatalogError) -> ChartFeed {
        guard let chart = try? JSONDecoder().decode(ChartFeed.self, from: Data(body)), chart.feed?.results != nil else {
            throw CatalogError.malformed("not a chart feed")
        }
        return chart
    }
}
