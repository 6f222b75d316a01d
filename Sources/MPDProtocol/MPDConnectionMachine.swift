/// One MPD connection's protocol state as a value (swift-nio style): each event — a line, an
/// over-long line, a change in the session — returns what to do, and nothing else happens. The
/// machine reads lines into requests and command lists, checks permissions, parks the
/// connection in `idle` and wakes it; running commands is `MPDBatch.run`'s, outside the machine
/// (and outside any lock), after which the server calls `finished`.
///
/// The rules are MPD's (`src/client/Process.cxx`, notes §3 and §5–6): a line that does not start
/// with a lowercase letter, any command but `noidle` while idle, `idle`/`noidle` inside a command
/// list, and a command list over `maxCommandListBytes` close the connection without a reply.
public struct MPDConnectionMachine: Sendable {
    /// The greeting, sent on connect: the protocol version whose commands Segue answers.
    public static let greeting = "OK MPD 0.23.5\n"
    /// The most bytes of lines a command list may hold (MPD's `max_command_list_size`).
    public static let maxCommandListBytes = 2 << 20

    /// What the server does after an event.
    public enum Action: Equatable, Sendable {
        /// Nothing (a line went into a command list; an idle that waits).
        case nothing
        /// Send these bytes.
        case send([UInt8])
        /// Run these requests (`MPDBatch.run`), send what they said, then call `finished`.
        case run(MPDBatch)
        /// Close the connection without a reply.
        case close
    }

    private enum State: Equatable, Sendable {
        /// Waiting for a request.
        case ready
        /// Reading a command list (`okMode`: `command_list_ok_begin`): its lines so far, each
        /// ending in a newline.
        case list(okMode: Bool, lines: [UInt8])
        /// A request or list is being run.
        case running
        /// Parked in `idle`, woken by these subsystems.
        case idle(MPDSubsystems)
        /// Closed; every event is ignored.
        case closed
    }

    /// The connection's tags, permissions and chunk size.
    public var client: MPDClientState
    /// Changes that happened since the connection last heard of them (`idle` reports them).
    public private(set) var pending: MPDSubsystems = []
    private var state = State.ready

    /// A new connection's machine; with `passwordRequired`, nothing but `password`, `ping`,
    /// `close`, `commands` and `notcommands` is allowed until the password is given.
    public init(passwordRequired: Bool) {
        client = MPDClientState(passwordRequired: passwordRequired)
    }

    /// Whether the connection is parked in `idle` (the server suspends its timeout meanwhile).
    public var isIdle: Bool {
        if case .idle = state { true } else { false }
    }

    /// Whether it is reading a command list.
    public var isInList: Bool {
        if case .list = state { true } else { false }
    }

    /// A line the client sent, without its newline.
    public mutating func received(_ line: String) -> Action {
        switch state {
        case .closed: return .nothing
        case .running:
            // The server hands a connection's lines one at a time, after `finished`.
            return close()
        case .idle:
            guard line == "noidle" else { return close() }
            state = .ready
            return .send(Array("OK\n".utf8))
        case .list(let okMode, var lines):
            // Let go of the state's copy of the list, so appending to it does not copy it whole
            // for every line (a 2 MiB list of `ping`s is 400,000 lines).
            state = .running
            if line == "command_list_end" {
                return .run(MPDBatch(lines: lines, listMode: okMode ? .ok : .plain))
            }
            guard lines.count + line.utf8.count + 1 <= Self.maxCommandListBytes else { return close() }
            // Checked now for MPD's close rules; kept as text (no larger than the limit) and read
            // again when the list runs, where a malformed line fails at its index.
            switch MPDBatch.request(line) {
            case .failure(.notACommand): return close()
            case .success(let request) where request.name == "idle" || request.name == "noidle": return close()
            case .success, .failure(.badArgument): break
            }
            lines.append(contentsOf: line.utf8)
            lines.append(10)
            state = .list(okMode: okMode, lines: lines)
            return .nothing
        case .ready:
            break
        }
        let request: MPDRequest
        do {
            request = try MPDTokenizer.parse(line)
        } catch {
            switch error {
            case .notACommand: return close()
            case .badArgument(_, let message):
                return .send(Array((MPDAck(.unknown, message).line + "\n").utf8))
            }
        }
        switch request.name {
        case "command_list_begin", "command_list_ok_begin":
            state = .list(okMode: request.name == "command_list_ok_begin", lines: [])
            return .nothing
        case "noidle":
            // Not idling: MPD ignores it, with no reply.
            return .nothing
        case "idle":
            return idle(request)
        default:
            state = .running
            return .run(MPDBatch(requests: [request], listMode: .single))
        }
    }

    /// The client sent a line over the server's limit: MPD drops such a client.
    public mutating func receivedOversizeLine() -> Action { close() }

    /// A batch finished; `client` is the connection's state it left (`tagtypes`, `password`).
    /// Returns `.close` when it asked to (`close`), else `.nothing`.
    public mutating func finished(client: MPDClientState, closing: Bool) -> Action {
        guard state == .running else { return .nothing }
        self.client = client
        if closing { return close() }
        state = .ready
        return .nothing
    }

    /// The session changed `subsystems`: they become pending, and a connection idling on any of
    /// them is answered (those reported are no longer pending).
    public mutating func changed(_ subsystems: MPDSubsystems) -> Action {
        guard state != .closed else { return .nothing }
        pending.formUnion(subsystems)
        guard case .idle(let mask) = state else { return .nothing }
        return wake(mask)
    }

    private mutating func idle(_ request: MPDRequest) -> Action {
        guard client.permissions.contains(.read) else {
            return .send(Array((MPDAck(.permission, "you don't have permission for \"idle\"", command: "idle").line + "\n").utf8))
        }
        var mask: MPDSubsystems = []
        for name in request.arguments {
            guard let subsystem = MPDSubsystems(name: name) else {
                return .send(Array((MPDAck(.argument, "Unrecognized idle event: \(name)", command: "idle").line + "\n").utf8))
            }
            mask.formUnion(subsystem)
        }
        if mask.isEmpty { mask = .all }
        state = .idle(mask)
        return pending.isDisjoint(with: mask) ? .nothing : wake(mask)
    }

    /// Answers an idling connection with the pending changes it waits for.
    private mutating func wake(_ mask: MPDSubsystems) -> Action {
        let reported = pending.intersection(mask)
        guard !reported.isEmpty else { return .nothing }
        pending.subtract(reported)
        state = .ready
        var response = MPDResponse()
        for name in reported.names { response.add("changed", name) }
        return .send(response.bytes + Array("OK\n".utf8))
    }

    private mutating func close() -> Action {
        state = .closed
        return .close
    }
}
