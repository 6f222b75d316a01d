import MPDProtocol
import Session
import TestSupport
import Testing

/// The MPD request syntax and the per-connection machine fed what a hostile or broken client
/// sends: quoting in every form, tabs, NUL, over-long lines, thousands of arguments, unterminated
/// command lists, `idle` followed by garbage, session changes arriving at any moment. Requests
/// that a real client would quote come back as they were sent; the machine's every answer is
/// whole lines; a closed connection stays closed; what `idle` reports is exactly what changed.
@Suite struct MPDConnectionFuzzTests {
    static let names =
        MPDCommandTable.names + [
            "command_list_begin", "command_list_ok_begin", "command_list_end", "idle", "noidle", "close", "password", "nosuch",
        ]

    /// Argument text a client may send inside quotes (no newline: the line ends there).
    static func argumentText(_ rng: inout SplitMix64) -> String {
        switch rng.int(6) {
        case 0: return FuzzMutator.pick(["\"", "\\", "\\\"", "\"\\", "a b", "\t", "\u{0}", "'", "\"\"", "", " "], &rng)
        case 1: return FuzzMutator.number(&rng)
        case 2: return String(repeating: FuzzMutator.pick(["\\", "\"", "x", "é"], &rng), count: rng.int(rng.int(10) == 0 ? 20_000 : 50))
        default: return FuzzMutator.word(&rng).filter { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }
        }
    }

    /// `text` as libmpdclient sends it: in quotes, with `\` and `"` escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }

    /// Whether `text` can go bare: MPD's unquoted characters are those above space but quotes.
    static func canBeBare(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 > 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") }
    }

    @Test func quotedRequestsReadBackAsSent() {
        fuzz("mpd-tokenizer-round-trip", test: "FuzzTests.MPDConnectionFuzzTests/quotedRequestsReadBackAsSent", cases: 3000) { rng in
            let name = FuzzMutator.pick(Self.names, &rng)
            let arguments = (0..<rng.int(6)).map { _ in Self.argumentText(&rng) }
            let separators = [" ", "\t", "  ", " \t "]
            var line = name
            for argument in arguments {
                line += FuzzMutator.pick(separators, &rng)
                line += Self.canBeBare(argument) && rng.bool() ? argument : Self.quoted(argument)
            }
            if rng.int(4) == 0 { line += FuzzMutator.pick(separators, &rng) }
            FuzzRunner.input(line)
            do {
                let request = try MPDTokenizer.parse(line)
                try require(
                    request == MPDRequest(name: name, arguments: arguments),
                    "\(excerpt(line)) reads as \(request.name) \(request.arguments.map { excerpt($0, 40) }), not \(arguments.map { excerpt($0, 40) })"
                )
            } catch {
                throw FuzzRunner.Failure("\(excerpt(line)) is refused: \(error)")
            }
        }
    }

    /// A line a broken or hostile client might send: a real request damaged, quotes left open,
    /// thousands of arguments, garbage, a line near the server's limit.
    static func hostileLine(_ rng: inout SplitMix64) -> String {
        var name = FuzzMutator.pick(names, &rng)
        if rng.int(8) == 0 { name = FuzzMutator.pick(["", " ", "Status", "9ping", "_x", "status!", "\u{0}", "\u{FEFF}ping", "GET"], &rng) }
        switch rng.int(12) {
        case 0: return name + " " + String(repeating: "a ", count: 4090 + rng.int(20))
        case 1: return name + " \"" + String(repeating: FuzzMutator.pick(["\\", "x", "\\\""], &rng), count: rng.int(30_000))
        case 2:
            return String(
                decoding: (0..<rng.int(300)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }.filter { $0 != 10 }, as: UTF8.self)
        case 3: return name + " " + String(repeating: "x", count: (64 << 10) - name.utf8.count - 1 + rng.int(3))
        default:
            var line = name
            for _ in 0..<rng.int(5) {
                let text = argumentText(&rng)
                line += FuzzMutator.pick([" ", "\t", ""], &rng) + (rng.bool() ? text : quoted(text))
            }
            if rng.int(3) == 0 { line = FuzzMutator.damage(line, &rng) }
            return line.filter { $0 != "\n" && $0 != "\r\n" }
        }
    }

    @Test func anyLineIsARequestOrARefusal() {
        fuzz("mpd-tokenizer", test: "FuzzTests.MPDConnectionFuzzTests/anyLineIsARequestOrARefusal", cases: 1500) { rng in
            let line = Self.hostileLine(&rng)
            FuzzRunner.input(line)
            let started = FuzzRunner.seconds()
            do {
                let request = try MPDTokenizer.parse(line)
                try require(request.arguments.count <= MPDTokenizer.maxArguments, "\(request.arguments.count) arguments")
                let first = request.name.utf8.first ?? 0
                try require(
                    first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")
                        && request.name.utf8.allSatisfy {
                            $0 < 0x80
                                && ($0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
                                    || (0x61...0x7A).contains($0))
                        },
                    "the name \(excerpt(request.name)) from \(excerpt(line))")
                let bytes = request.arguments.reduce(0) { $0 + $1.utf8.count }
                try require(bytes <= line.utf8.count, "\(bytes) argument bytes from a line of \(line.utf8.count)")
            } catch let error as MPDTokenError {
                if case .badArgument(let name, let message) = error {
                    try require(!message.isEmpty, "no sentence for \(excerpt(line))")
                    try require(line.utf8.starts(with: name.utf8), "the ACK names \(excerpt(name)) for \(excerpt(line))")
                }
            }
            try require(FuzzRunner.seconds() - started < 1, "\(excerpt(line)) took \(FuzzRunner.seconds() - started) s")
        }
    }

    /// One connection's life: random lines, over-long lines and session changes, with every
    /// batch the machine hands out run (on no session) and finished as the server does, checked
    /// against a model of what a client must see.
    @Test func theMachineKeepsMPDsRulesUnderAnyInput() {
        fuzz("mpd-machine", test: "FuzzTests.MPDConnectionFuzzTests/theMachineKeepsMPDsRulesUnderAnyInput", cases: 800) { rng in
            let password = rng.bool() ? "secret" : nil
            var machine = MPDConnectionMachine(passwordRequired: password != nil)
            let environment = MPDEnvironment(namespace: { MPDNamespace(folders: []) }, password: password, now: { 0 }, startedAt: 0)
            var closed = false
            var pending: MPDSubsystems = []
            var idleMask: MPDSubsystems?
            var authorized = password == nil
            var listBytes: Int?
            var log: [String] = []
            let subsystemNames = MPDSubsystems.named.map(\.name)

            func check(_ bytes: [UInt8], _ what: String) throws {
                guard !bytes.isEmpty else { return }
                try require(!closed, "\(what) answered after the connection closed; \(log.suffix(6))")
                try require(bytes.last == 10, "\(what) left its last line open: \(excerpt(String(decoding: bytes, as: UTF8.self)))")
                let lines = bytes.split(separator: 10)
                if let ack = lines.firstIndex(where: { $0.starts(with: "ACK [".utf8) }) {
                    try require(ack == lines.count - 1, "\(what): lines after an ACK; \(log.suffix(6))")
                } else {
                    try require(lines.last.map { $0.elementsEqual("OK".utf8) } == true, "\(what) does not end in OK; \(log.suffix(6))")
                }
            }

            for _ in 0..<(1 + rng.int(40)) {
                let action: MPDConnectionMachine.Action
                switch rng.int(10) {
                case 0:
                    var changed: MPDSubsystems = []
                    for _ in 0..<(1 + rng.int(3)) { changed.formUnion(FuzzMutator.pick(MPDSubsystems.named, &rng).subsystem) }
                    log.append("changed \(changed.names)")
                    if !closed { pending.formUnion(changed) }
                    action = machine.changed(changed)
                case 1:
                    log.append("oversize")
                    action = machine.receivedOversizeLine()
                    try require(action == .close || closed, "an over-long line did not close the connection")
                default:
                    var line: String
                    switch rng.int(8) {
                    case 0: line = FuzzMutator.pick(["command_list_begin", "command_list_ok_begin", "command_list_end", "noidle"], &rng)
                    case 1:
                        let names = (0..<rng.int(3)).map { _ in
                            rng.int(6) == 0 ? FuzzMutator.word(&rng) : FuzzMutator.pick(subsystemNames, &rng)
                        }
                        line = (["idle"] + names).joined(separator: " ")
                    case 2: line = FuzzMutator.pick(["password secret", "password \"secret\"", "password wrong", "close", "ping"], &rng)
                    default: line = Self.hostileLine(&rng)
                    }
                    if rng.int(30) == 0, listBytes != nil {
                        // An unterminated list that grows toward the 2 MiB limit.
                        line = "ping " + String(repeating: "y", count: 60_000)
                    }
                    log.append(excerpt(line, 60))
                    let wasIdle = idleMask != nil
                    action = machine.received(line)
                    if wasIdle, !closed {
                        if line == "noidle" {
                            try require(action == .send(Array("OK\n".utf8)), "noidle while idle answered \(action)")
                            idleMask = nil
                        } else {
                            try require(action == .close, "\(excerpt(line)) while idle did not close the connection")
                        }
                    } else if !closed, listBytes != nil, line != "command_list_end", case .nothing = action {
                        listBytes! += line.utf8.count + 1
                        try require(listBytes! <= MPDConnectionMachine.maxCommandListBytes, "a list of \(listBytes!) bytes is still read")
                    }
                    if !closed, !wasIdle, listBytes == nil, action == .nothing,
                        line == "command_list_begin" || line == "command_list_ok_begin"
                    {
                        listBytes = 0
                    }
                    if !closed, !wasIdle, listBytes == nil, let request = try? MPDTokenizer.parse(line), request.name == "idle" {
                        let mask = request.arguments.reduce(into: MPDSubsystems()) { $0.formUnion(MPDSubsystems(name: $1) ?? []) }
                        let known = request.arguments.allSatisfy { MPDSubsystems(name: $0) != nil }
                        if authorized && known {
                            idleMask = mask.isEmpty ? .all : mask
                        }
                    }
                }
                // The server's side of the action.
                switch action {
                case .nothing: break
                case .close:
                    closed = true
                    idleMask = nil
                case .send(let bytes):
                    try check(bytes, "a reply to \(log.last ?? "")")
                    let lines = bytes.split(separator: 10).map { String(decoding: $0, as: UTF8.self) }
                    if lines.first?.hasPrefix("changed: ") == true {
                        // A wake: what changed since it last heard, each once, only what it waits for.
                        let reported = lines.dropLast().map { String($0.dropFirst("changed: ".count)) }
                        try require(Set(reported).count == reported.count, "\(reported) repeats a subsystem")
                        let set = reported.reduce(into: MPDSubsystems()) { $0.formUnion(MPDSubsystems(name: $1) ?? []) }
                        try require(set.isSubset(of: pending), "\(reported) were not pending (\(pending.names)); \(log.suffix(6))")
                        if let idleMask { try require(set.isSubset(of: idleMask), "\(reported) woke an idle on \(idleMask.names)") }
                        pending.subtract(set)
                        idleMask = nil
                    }
                case .run(let batch):
                    try require(!closed, "a batch ran after the connection closed")
                    try require(idleMask == nil, "a batch ran while idle")
                    if batch.listMode != .single { listBytes = nil }
                    let outcome = batch.run(
                        client: machine.client, environment: environment, perform: { _ in .failure(.failed("No session here.")) })
                    if !outcome.closing { try check(outcome.bytes, "the reply to \(batch.requests.map(\.name))") }
                    if let first = batch.requests.first, batch.listMode == .single, !authorized,
                        let spec = MPDCommandTable.byName[first.name], spec.permission != .none
                    {
                        let text = String(decoding: outcome.bytes, as: UTF8.self)
                        try require(
                            text.hasPrefix("ACK [4@0]") || text.hasPrefix("ACK [2@0]") || text.hasPrefix("ACK [5@0] {}"),
                            "\(first.name) ran before the password: \(excerpt(text))")
                    }
                    if batch.requests.contains(where: { $0.name == "password" && $0.arguments == ["secret"] }), password != nil,
                        !outcome.bytes.starts(with: "ACK".utf8)
                    {
                        authorized = true
                    }
                    if outcome.closing {
                        // `close`, or a list whose reply outgrew the client's output buffer.
                        try require(
                            batch.requests.contains { $0.name == "close" } || batch.requests.count > 1000, "closed without a close")
                    }
                    let next = machine.finished(client: outcome.client, closing: outcome.closing)
                    if next == .close { closed = true }
                    try require(outcome.closing == (next == .close), "finished said \(next) for closing \(outcome.closing)")
                }
                if !closed {
                    try require(machine.pending == pending, "pending \(machine.pending.names), expected \(pending.names); \(log.suffix(6))")
                    try require(machine.isIdle == (idleMask != nil), "idle is \(machine.isIdle); \(log.suffix(6))")
                }
            }
        }
    }
}
