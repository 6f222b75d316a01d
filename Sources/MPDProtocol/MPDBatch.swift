import Session

/// Requests to run together: one request, or a command list (`command_list_begin` …
/// `command_list_end`). Running it is the one place MPD commands are looked up, checked against
/// the connection's permissions and carried out; the reply is every command's output in order
/// (with `list_OK` after each in `.ok` mode), then `OK` — or, at the first failure, that
/// command's ACK with its index, and the rest of the list does not run.
public struct MPDBatch: Equatable, Sendable {
    /// How the reply is framed.
    public enum ListMode: Equatable, Sendable {
        /// One request, not in a list.
        case single
        /// `command_list_begin`: the outputs, then one `OK`.
        case plain
        /// `command_list_ok_begin`: `list_OK` after each command's output.
        case ok
    }

    /// What ran and what it said.
    public struct Outcome: Sendable {
        /// The reply bytes (ending in `OK\n` or an ACK line, or nothing after `close`).
        public var bytes: [UInt8]
        /// The connection's state afterwards.
        public var client: MPDClientState
        /// Whether a `close` asked to end the connection.
        public var closing: Bool
    }

    /// The requests as given, or a command list's lines as read (each ending in a newline;
    /// read into requests one at a time as they run, so a list costs no more than its text).
    private enum Storage: Sendable {
        case requests([MPDRequest])
        case lines([UInt8])
    }

    private let storage: Storage
    /// The framing.
    public var listMode: ListMode

    /// A batch.
    public init(requests: [MPDRequest], listMode: ListMode) {
        storage = .requests(requests)
        self.listMode = listMode
    }

    /// A command list from its lines, each ending in a newline.
    init(lines: [UInt8], listMode: ListMode) {
        storage = .lines(lines)
        self.listMode = listMode
    }

    /// The requests, in order (a malformed line of a list is a request that fails with its
    /// sentence when it runs).
    public var requests: [MPDRequest] {
        var requests: [MPDRequest] = []
        forEachRequest { requests.append($0) }
        return requests
    }

    public static func == (lhs: MPDBatch, rhs: MPDBatch) -> Bool {
        lhs.listMode == rhs.listMode && lhs.requests == rhs.requests
    }

    /// Calls `body` with each request in order until it returns false.
    private func forEachRequest(_ body: (MPDRequest) -> Bool) {
        switch storage {
        case .requests(let requests):
            for request in requests where !body(request) { return }
        case .lines(let bytes):
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
                let line = String(decoding: bytes[start..<end], as: UTF8.self)
                start = end + 1
                let request: MPDRequest
                switch Self.request(line) {
                case .success(let read): request = read
                case .failure(.badArgument(let name, let message)):
                    request = MPDRequest(name: name, arguments: [Self.malformedMarker, message])
                case .failure(.notACommand): request = MPDRequest(name: "", arguments: [Self.malformedMarker, "Malformed line"])
                }
                if !body(request) { return }
            }
        }
    }

    private func forEachRequest(_ body: (MPDRequest) -> Void) {
        forEachRequest { (request: MPDRequest) -> Bool in
            body(request)
            return true
        }
    }

    /// A line read into a request, or why it is none.
    static func request(_ line: String) -> Result<MPDRequest, MPDTokenError> {
        do {
            return .success(try MPDTokenizer.parse(line))
        } catch {
            return .failure(error)
        }
    }

    /// The first argument the machine gives a request whose line could not be read (the second
    /// is the sentence): it fails with MPD's `ACK [5@i] {}` when its turn comes.
    static let malformedMarker = "\u{0}malformed"

    /// Runs the requests on `client`'s connection: commands from `table`, changes through
    /// `perform` (the session's one command path).
    public func run(
        client: MPDClientState, environment: MPDEnvironment,
        perform: @escaping @Sendable (Command) -> Result<CommandResult, CommandError>,
        table: [String: MPDCommandSpec] = MPDCommandTable.byName
    ) -> Outcome {
        var client = client
        var bytes: [UInt8] = []
        var index = 0
        var closing = false
        var failed = false
        forEachRequest { (request: MPDRequest) -> Bool in
            if request.name == "close" {
                closing = true
                return false
            }
            do throws(MPDAck) {
                let response = try Self.runOne(request, client: &client, environment: environment, perform: perform, table: table)
                bytes.append(contentsOf: response.bytes)
                if listMode == .ok { bytes.append(contentsOf: "list_OK\n".utf8) }
            } catch {
                var ack = error
                ack.index = index
                bytes.append(contentsOf: (ack.line + "\n").utf8)
                failed = true
                return false
            }
            index += 1
            return true
        }
        if !closing && !failed { bytes.append(contentsOf: "OK\n".utf8) }
        return Outcome(bytes: bytes, client: client, closing: closing)
    }

    /// One request: its spec, the permission check, its run; the ACK names the command.
    private static func runOne(
        _ request: MPDRequest, client: inout MPDClientState, environment: MPDEnvironment,
        perform: @escaping @Sendable (Command) -> Result<CommandResult, CommandError>, table: [String: MPDCommandSpec]
    ) throws(MPDAck) -> MPDResponse {
        if request.arguments.first == malformedMarker {
            throw MPDAck(.unknown, request.arguments.dropFirst().first ?? "Malformed line")
        }
        guard let spec = table[request.name] else {
            throw MPDAck(.unknown, "unknown command \"\(request.name)\"")
        }
        guard client.permissions.isSuperset(of: spec.permission) else {
            throw MPDAck(.permission, "you don't have permission for \"\(request.name)\"", command: request.name)
        }
        var call = MPDCall(name: request.name, arguments: request.arguments, client: client, environment: environment, perform: perform)
        do throws(MPDAck) {
            try spec.run(&call)
        } catch {
            var ack = error
            ack.command = request.name
            // A command's changes to the connection stand even when it fails late (tagtypes).
            client = call.client
            throw ack
        }
        client = call.client
        return call.response
    }
}
