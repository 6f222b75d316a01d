import TestSupport

/// A recorded client conversation that can be played to any MPD server: the commands a real
/// client sent (mpc, ncmpcpp, python-mpd), one per line, on one or more connections.
///
/// The format (files in `Tests/MPDClientTests/Transcripts/*.txt`):
/// * `# …` is a comment, blank lines are skipped.
/// * `>> LINE` sends LINE on connection A; `B>> LINE` on connection B (any capital letter).
///   The reply is read at once, except inside a command list (read at `command_list_end`)
///   and after `idle` (the reply comes when something changes).
/// * `A<<` reads the reply of connection A's pending `idle`.
/// * `{Id@N}` in a line stands for the queue id of position N on that server (read with
///   `playlistinfo N` just before, not recorded): each server numbers its entries its own way,
///   and a recorded id would name another entry, or none, on the other.
/// * `!until A status state play` polls `status` on A until `state` is `play` (at most 20 s):
///   for steps whose effect takes time on a real player. Its replies are not recorded.
struct MPDTranscript {
    enum Step: Equatable {
        case send(connection: Character, line: String)
        case readIdle(connection: Character)
        case until(connection: Character, command: String, key: String, value: String)
    }

    /// The file's name without `.txt`.
    var name: String
    var steps: [Step]

    /// The folder with the transcripts.
    static let folder = Fixtures.packageRoot + "/Tests/MPDClientTests/Transcripts"

    /// Every transcript's name, sorted.
    static var names: [String] {
        let listing = Shell.run("ls", [folder], timeout: 10).stdoutText
        return listing.split(separator: "\n").filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// Reads and parses `Transcripts/NAME.txt`.
    static func load(_ name: String) throws -> MPDTranscript {
        guard let bytes = Shell.readFile(folder + "/" + name + ".txt") else {
            throw MPDWire.Failure(description: "no transcript \(name).txt in \(folder)")
        }
        return try MPDTranscript(name: name, text: String(decoding: bytes, as: UTF8.self))
    }

    init(name: String, text: String) throws {
        self.name = name
        steps = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("!until ") {
                let words = line.split(separator: " ").map(String.init)
                guard words.count == 5, let connection = words[1].first else {
                    throw MPDWire.Failure(description: "\(name):\(number + 1): `!until CONNECTION COMMAND KEY VALUE`, not \(line)")
                }
                steps.append(.until(connection: connection, command: words[2], key: words[3], value: words[4]))
            } else if let range = line.firstRange(of: ">> ") {
                let label = line[..<range.lowerBound]
                guard label.count <= 1 else { throw MPDWire.Failure(description: "\(name):\(number + 1): bad connection in \(line)") }
                steps.append(.send(connection: label.first ?? "A", line: String(line[range.upperBound...])))
            } else if line.hasSuffix("<<"), line.count == 3, let connection = line.first {
                steps.append(.readIdle(connection: connection))
            } else {
                throw MPDWire.Failure(description: "\(name):\(number + 1): not a step: \(line)")
            }
        }
    }

    /// One command and what the server answered.
    struct Exchange: CustomStringConvertible {
        var connection: Character
        var command: String
        var reply: MPDWire.Reply
        var description: String {
            "\(connection)>> \(command)\n" + reply.lines.map { "\(connection)<< \($0)" }.joined(separator: "\n")
        }
    }

    /// `line` with each `{Id@N}` replaced by the id of queue position N on `wire`'s server.
    static func resolvingIDs(_ line: String, on wire: MPDWire) throws -> String {
        var result = line
        while let open = result.firstRange(of: "{Id@"), let close = result[open.upperBound...].firstIndex(of: "}") {
            let position = String(result[open.upperBound..<close])
            guard let id = try wire.command("playlistinfo \(position)").value("Id") else {
                throw MPDWire.Failure(description: "no entry at position \(position) for \(line)")
            }
            result.replaceSubrange(open.lowerBound...close, with: id)
        }
        return result
    }

    /// Plays the transcript to `server` on fresh connections; what each command got.
    func play(to server: MPDServer) throws -> [Exchange] {
        var connections: [Character: MPDWire] = [:]
        var listed: [Character: [String]] = [:]
        var idling: [Character: String] = [:]
        var exchanges: [Exchange] = []
        func wire(_ label: Character) throws -> MPDWire {
            if let wire = connections[label] { return wire }
            let wire = try server.connect()
            connections[label] = wire
            return wire
        }
        for (number, step) in steps.enumerated() {
            do {
                try take(step)
            } catch {
                throw MPDWire.Failure(description: "\(name), step \(number + 1) (\(step)) on \(server.name): \(error)")
            }
        }
        return exchanges

        func take(_ step: Step) throws {
            switch step {
            case .send(let label, let recorded):
                let wire = try wire(label)
                let line = try Self.resolvingIDs(recorded, on: wire)
                try wire.send(line)
                let verb = line.split(separator: " ").first.map(String.init) ?? ""
                if verb == "command_list_begin" || verb == "command_list_ok_begin" {
                    listed[label] = [line]
                } else if var list = listed[label] {
                    list.append(line)
                    if verb == "command_list_end" {
                        listed[label] = nil
                        exchanges.append(Exchange(connection: label, command: list.joined(separator: " | "), reply: try wire.reply()))
                    } else {
                        listed[label] = list
                    }
                } else if verb == "idle" {
                    idling[label] = line
                } else if verb == "noidle", let idle = idling.removeValue(forKey: label) {
                    exchanges.append(Exchange(connection: label, command: idle + " / noidle", reply: try wire.reply()))
                } else {
                    exchanges.append(Exchange(connection: label, command: line, reply: try wire.reply()))
                }
            case .readIdle(let label):
                guard let idle = idling.removeValue(forKey: label) else {
                    throw MPDWire.Failure(description: "\(name): \(label)<< without an idle on \(label)")
                }
                exchanges.append(Exchange(connection: label, command: idle, reply: try wire(label).reply(timeout: 20)))
            case .until(let label, let command, let key, let value):
                let wire = try wire(label)
                var last = MPDWire.Reply(lines: [])
                let reached = Poll.until(timeout: 20) {
                    last = (try? wire.command(command)) ?? last
                    return last.value(key) == value
                }
                if !reached {
                    throw MPDWire.Failure(description: "\(server.name) never had \(key): \(value) in \(command); last:\n\(last)")
                }
            }
        }
    }
}
