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

    /// Forgets the protocol pictures (kitty, sixel payloads: hundreds of kilobytes each) of
    /// requests not in `shown`: the terminal no longer holds them either, and one that comes
    /// back is asked for again (from the renderer's byte-capped cache, or made anew). Cells and
    /// loading or missing states stay.
    mutating func forgetGraphics(except shown: Set<CoverRequest>) {
        for (request, state) in states where !shown.contains(request) {
            guard case .ready(let cells) = state, cells.graphic != nil else { continue }
            states[request] = nil
            order.removeAll { $0 == request }
        }
    }

    /// How many are kept.
    public var count: Int { states.count }
}
