/// The covers the UI knows, by request: loading, ready or missing. Bounded: the oldest asked
/// for goes first, so cells for boxes no longer on the screen do not pile up.
public struct CoverStore: Sendable, Equatable {
    /// How many covers are kept.
    public static let capacity = 16
    private var states: [CoverRequest: CoverState] = [:]
    private var order: [CoverRequest] = []

    /// An empty store.
    public init() {}

    /// The state of `request`, nil when it was never asked (or was dropped).
    public subscript(request: CoverRequest) -> CoverState? { states[request] }

    /// Records `state` for `request`, dropping the oldest when full.
    mutating func set(_ request: CoverRequest, _ state: CoverState) {
        if states[request] == nil {
            order.append(request)
            if order.count > Self.capacity { states[order.removeFirst()] = nil }
        }
        states[request] = state
    }

    /// How many are kept.
    public var count: Int { states.count }
}
