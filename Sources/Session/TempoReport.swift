import Tempo

/// One item's answer to `tempo ITEM…`: its tempo, or why there is none.
public struct TempoReport: Sendable, Equatable {
    /// The item as the command named it.
    public var item: String
    /// Its title when known.
    public var title: String?
    /// The tempo, nil when it could not be found.
    public var estimate: TempoEstimate?
    /// Why there is no estimate, in a sentence.
    public var error: String?

    public init(item: String, title: String? = nil, estimate: TempoEstimate? = nil, error: String? = nil) {
        self.item = item
        self.title = title
        self.estimate = estimate
        self.error = error
    }
}
