import FoundationEssentials

/// The top level of an iTunes Search API body: `{resultCount, results}` on success,
/// `{errorMessage}` on a 400.
public struct ITunesEnvelope: Decodable, Sendable {
    /// What the service says it sent (not trusted: tracks can be missing); nil unless a whole
    /// number from 0 to `ITunesResult.countRange`'s end.
    public var resultCount: Int?
    /// The objects that decoded; non-objects in the array are dropped.
    public var results: [ITunesResult]?
    /// The 400 answer's message.
    public var errorMessage: String?

    private enum Key: String, CodingKey { case resultCount, results, errorMessage }

    /// An element that may fail to decode without failing the array.
    private struct Lenient: Decodable {
        let value: ITunesResult?
        init(from decoder: any Decoder) throws { value = try? ITunesResult(from: decoder) }
    }

    /// Reads the envelope; fails only when the body is not a JSON object or `results` is not an array.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        resultCount = (try? c.decodeIfPresent(Int.self, forKey: .resultCount)).flatMap { $0 }.flatMap {
            ITunesResult.countRange.contains($0) ? $0 : nil
        }
        results = try c.decodeIfPresent([Lenient].self, forKey: .results)?.compactMap(\.value)
        errorMessage = try? c.decodeIfPresent(String.self, forKey: .errorMessage)
    }

    /// Decodes `body` (leading and trailing newlines allowed); throws `CatalogError.malformed`.
    public static func decode(_ body: [UInt8]) throws(CatalogError) -> ITunesEnvelope {
        do {
            return try JSONDecoder().decode(ITunesEnvelope.self, from: Data(body))
        } catch {
            throw CatalogError.malformed(body.isEmpty ? "an empty body" : "not the JSON of an iTunes answer")
        }
    }

    /// The results of a 200 answer; throws `CatalogError.malformed` when there is no `results` array.
    public static func results(_ body: [UInt8]) throws(CatalogError) -> [ITunesResult] {
        guard let results = try decode(body).results else { throw CatalogError.malformed("no results list") }
        return results
    }
}
