extension WorkoutEvent {
    /// The monotonic time the event happened at.
    public var time: Double {
        switch self {
        case .pause(let at), .resume(let at), .end(let at), .skipped(let at), .tick(let at): at
        case .cadence(_, let at), .candidates(_, let at), .trackStarted(_, let at), .queueAhead(_, let at): at
        }
    }
}
