import Daemon
import WireProtocol

extension LineConnection {
    /// Sends `command` (nil: only `subscribe`) with id `id` and reads until its reply: the events
    /// that came before the reply, and the reply. Every read has a deadline.
    func ask(_ command: String?, id: Double, subscribe: Bool? = nil) throws -> (events: [WireEvent], reply: DaemonMessage) {
        try send(WireRequest(id: .number(id), command: command, subscribe: subscribe).line)
        return try readUntilReply(id: id)
    }

    /// Seconds a test waits for one line of a reply before calling the daemon hung.
    static let replyDeadline = 30.0

    /// Reads messages until the reply to `id`; returns the events before it and the reply.
    func readUntilReply(id: Double) throws -> (events: [WireEvent], reply: DaemonMessage) {
        var events: [WireEvent] = []
        // The deadline only ends a hang: a whole `make test` on two busy cores once kept a
        // subscribe's reply waiting more than 10 s (the fuzzers' children and 150 suites at once).
        while let line = try readLine(timeout: Self.replyDeadline) {
            let message = try DaemonMessage.parse(line)
            switch message {
            case .event(let event): events.append(event)
            case .reply(let replyID, _, _) where replyID == .number(id): return (events, message)
            case .reply: continue
            }
        }
        throw WireError.unreadableReply("the connection ended before the reply to \(id)")
    }

    /// The error sentence of the reply to `command`, or nil when it succeeded.
    func failure(of command: String, id: Double) throws -> String? {
        guard case .reply(_, let result, _) = try ask(command, id: id).reply else { return nil }
        if case .failure(let failure) = result { return failure.message }
        return nil
    }
}
