import Daemon
import FoundationEssentials
import Session
import WireProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// `segue ctl [--json] COMMAND [ARG…]`: sends one command (docs/commands.md) to the daemon,
/// starting it when none runs, and prints the reply: its text, or the whole JSON reply with
/// `--json`. Exit status 0 on success; 1 with the reason on standard error otherwise.
struct CtlCommand {
    var json = false
    var words: [String] = []

    /// The command line of `segue ctl`, for `--help` and for options before the command.
    static let declaration = SubcommandSpec(
        command: "segue ctl", operands: .commandLine(placeholder: "COMMAND [ARG…]"),
        summary: "Sends one command (docs/commands.md) to the daemon, starting it when none runs, and prints the answer.",
        options: [OptionSpec(name: "--json", short: nil, value: .none, help: "print the whole JSON reply line")])

    init(parsing arguments: [String]) throws {
        for argument in arguments {
            if argument == "--json" { json = true } else { words.append(Self.absolute(argument)) }
        }
        guard !words.isEmpty else { throw UsageError(description: "ctl needs a command, such as status, play or next.") }
    }

    /// A relative path to an existing file, made absolute: the daemon's working folder is not ours.
    static func absolute(_ word: String) -> String {
        guard !word.hasPrefix("/"), !word.contains(":"), access(word, F_OK) == 0 else { return word }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return word }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + word
    }

    /// The words as one command line, quoted where the shell had them as one word.
    var line: String { Command.quote(words) }

    func run() -> Int32 {
        let quitting = (try? Command.parse(line)) == .quit
        let connection: LineConnection
        do {
            connection = try LineConnection(path: SeguePaths.socket)
        } catch {
            // Starting a daemon only to end it would be silly; there is nothing to quit.
            if quitting {
                printError("segue: no daemon is running.")
                return 0
            }
            // No daemon yet: start one, as the terminal UI would.
            guard DaemonCommand.startInBackground([]) == 0, let started = try? LineConnection(path: SeguePaths.socket) else { return 1 }
            connection = started
        }
        do {
            try connection.send(WireRequest(id: .number(1), command: line).line)
            guard let reply = try connection.readLine(timeout: 60) else {
                printError("segue: the daemon closed the connection without answering.")
                return 1
            }
            struct Reply: Decodable {
                var ok: Bool
                var text: String?
                var error: String?
                var notice: String?
            }
            let decoded = try JSONDecoder().decode(Reply.self, from: Data(reply.utf8))
            if let notice = decoded.notice, !json { printError("segue: \(notice)") }
            if json {
                Console.json(reply)
            } else if decoded.ok {
                Console.write(decoded.text ?? "")
            }
            if !decoded.ok { printError("segue: \(decoded.error ?? "the command failed.")") }
            // The daemon closes the connection after it removed its socket, so waiting for that
            // means the daemon is gone as far as the next command can tell when this returns.
            // Nothing else is sent to a connection that did not subscribe, so one read sees the end.
            if quitting && decoded.ok { _ = try? connection.readLine(timeout: 5) }
            return decoded.ok ? 0 : 1
        } catch {
            printError("segue: \(error)")
            return 1
        }
    }
}
