import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Fetches and renders covers on a thread of its own, so that reading a file's tags, a fetch
/// over the network or decoding a picture never holds up a key. The UI thread hands requests
/// in with `want` and polls `descriptor`, readable while results wait for `take`. The newest
/// request goes first: the cover of the song just skipped to matters more than one skipped past.
public final class CoverLoader: Sendable {
    /// Reads a cover's bytes: nil when there is none; throws (a sentence) when it cannot be read.
    public typealias Fetch = @Sendable (CoverSource) throws -> [UInt8]?

    private struct State {
        var pending: [CoverRequest] = []
        var stopped = false
    }

    private let fetch: Fetch
    private let renderer: any CoverRendering
    private let input = ConditionLock(State())
    private let output = ConditionLock<[CoverResult]>([])
    private let pipeEnds: (read: Int32, write: Int32)

    /// Starts the thread; nil when no pipe could be made (the UI then shows no covers).
    public init?(fetch: @escaping Fetch, renderer: any CoverRendering) {
        guard let ends = makeWakePipe() else { return nil }
        pipeEnds = ends
        self.fetch = fetch
        self.renderer = renderer
        startThread(name: "segue-ui-covers") { [self] in run() }
    }

    /// Readable while results wait for `take`.
    public var descriptor: Int32 { pipeEnds.read }

    /// Queues `requests` ahead of those waiting (a request already waiting moves up).
    public func want(_ requests: [CoverRequest]) {
        guard !requests.isEmpty else { return }
        input.withLockBroadcast { state in
            state.pending.removeAll { requests.contains($0) }
            state.pending.insert(contentsOf: requests, at: 0)
        }
    }

    /// The results so far, oldest first.
    public func take() -> [CoverResult] {
        drainWakePipe(pipeEnds.read)
        return output.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    /// Ends the thread once the request under way is done; the pipe closes then.
    public func stop() { input.withLockBroadcast { $0.stopped = true } }

    /// One request, as the thread does it (for tests and the bench: no thread involved).
    /// A request with `graphics` gets a protocol picture, or cells when the renderer cannot make one.
    public func load(_ request: CoverRequest) -> CoverResult {
        let picture = request.source.name
        if let graphics = request.graphics, let made = renderer.cachedGraphic(picture: picture, box: request.box, graphics: graphics) {
            return CoverResult(request: request, state: .ready(made))
        }
        if let cells = renderer.cachedCells(picture: picture, box: request.box, depth: request.depth) {
            return CoverResult(request: request, state: .ready(cells))
        }
        let bytes: [UInt8]?
        do {
            bytes = try fetch(request.source)
        } catch {
            return CoverResult(request: request, state: .missing("The cover could not be read: \(error)"))
        }
        guard let bytes, !bytes.isEmpty else { return CoverResult(request: request, state: .missing("No cover.")) }
        if let graphics = request.graphics,
            case .success(let made) = renderer.graphic(of: bytes, picture: picture, box: request.box, graphics: graphics)
        {
            return CoverResult(request: request, state: .ready(made))
        }
        switch renderer.cells(of: bytes, picture: picture, box: request.box, depth: request.depth) {
        case .success(let cells): return CoverResult(request: request, state: .ready(cells))
        case .failure(let failure): return CoverResult(request: request, state: .missing(failure.description))
        }
    }

    private func run() {
        while true {
            let next = input.wait(until: { $0.stopped || !$0.pending.isEmpty }) { s -> CoverRequest? in
                if s.stopped { return nil }
                return s.pending.removeFirst()
            }
            guard let next else { break }
            let result = load(next)
            output.withLock { $0.append(result) }
            pokeWakePipe(pipeEnds.write)
        }
        close(pipeEnds.read)
        close(pipeEnds.write)
    }
}
