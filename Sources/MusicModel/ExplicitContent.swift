/// Whether an item has explicit lyrics, from the catalog's `trackExplicitness` or
/// `collectionExplicitness`.
public enum ExplicitContent: String, Sendable, Hashable, CaseIterable {
    /// Marked explicit.
    case explicit
    /// A censored version of an explicit item.
    case cleaned
    /// Not explicit.
    case notExplicit
    /// The catalog said nothing, or something Segue does not know.
    case unknown

    /// Reads the catalog's value ("explicit", "cleaned", "notExplicit"); anything else is `.unknown`.
    public init(catalogValue: String?) {
        switch catalogValue {
        case "explicit": self = .explicit
        case "cleaned": self = .cleaned
        case "notExplicit": self = .notExplicit
        default: self = .unknown
        }
    }
}
