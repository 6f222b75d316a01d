import Daemon
import Library
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
    /// The command the words make, with relative file arguments made absolute; or why the
    /// words are not a command (said without asking, or starting, a daemon).
    var command: Result<Command, CommandError>

    /// The command line of `segue ctl`, for `--help` and for options before the command.
    static let declaration = SubcommandSpec(
        command: "segue ctl", operands: .commandLine(placeholder: "COMMAND [ARG…]"),
        summary: "Sends one command (docs/commands.md) to the daemon, starting it when none runs, and prints the answer.",
        options: [OptionSpec(name: "--json", short: nil, value: .none, help: "print the whole JSON reply line")])

    init(parsing arguments: [String]) throws {
        var words: [String] = []
        for argument in arguments {
            if argument == "--json" { json = true } else { words.append(argument) }
        }
        guard !words.isEmpty else { throw UsageError(description: "ctl needs a command, such as status, play or next.") }
        command = Result { () throws(CommandError) in
            try Command.parse(Self.line(words)).rewritingFiles(item: Self.absoluteItem, path: Self.absolutePath)
        }
    }

    /// The words as one command line, each read back as the one word the shell gave. `search`
    /// and `find` take the rest of their line as typed, so their words are joined with spaces
    /// instead of quoted (`segue ctl find "it's"` finds `it's`, not `"it's"`).
    static func line(_ words: [String]) -> String {
        let verb = CommandVerb.named(words[0])?.name
        return verb == "search" || verb == "find" ? words.joined(separator: " ") : Command.quote(words)
    }

    /// An item naming a file here, made absolute: the daemon's working folder is not ours. A URL
    /// or `itunes:ID` (anything with a colon), an absolute path, and a word naming no file here
    /// stay as they are.
    static func absoluteItem(_ word: String) -> String {
        guard !word.hasPrefix("/"), !word.contains(":"), access(word, F_OK) == 0 else { return word }
        return absolutePath(word)
    }

    /// A file or folder path, absolute; a relative one is taken from our working folder (a
    /// playlist to export to need not exist yet). `.` and `..` are resolved as the shell's `cd`
    /// does (by the words, not by following links), and a trailing or doubled `/` dropped, so
    /// `folder add .` and `folder add ~/Music/` name the folder as the library keeps it.
    static func absolutePath(_ path: String) -> String {
        guard !path.isEmpty else { return path }
        if path.hasPrefix("/") { return LibraryPath.resolvingDots(path) }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return LibraryPath.resolvingDots(folder + "/" + path)
    }

    /// Seconds to wait for the reply: a minute, and for `tempo` ten seconds more an item (each
    /// may be downloaded and analysed), up to a day.
    static func replyTimeout(_ command: Command) -> Double {
        guard case .tempo(let items) = command else { return 60 }
        return 60 + 10 * Double(min(items.count, 8000))
    }

    func run() -> Int32 {
        let command: Command
        switch self.command {
        case .success(let parsed): command = parsed
        case .failure(let error):
            printError("segue: \(error)")
            return 1
        }
        let quitting = command == .quit
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
            try connection.send(WireRequest(id: .number(1), command: command.text).line)
            guard let line = try connection.readLine(timeout: Self.replyTimeout(command)) else {
                printError("segue: the daemon closed the connection without answering.")
                return 1
            }
            let (message, notice) = try DaemonMessage.parseWithNotice(line)
            guard case .reply(_, let result, let text) = message else {
                printError("segue: the daemon sent an event instead of the reply.")
                return 1
            }
            if let notice, !json { printError("segue: \(notice)") }
            if json {
                Console.json(line)
            } else if case .success = result {
                Console.write(text ?? "")
            }
            if case .failure(let failure) = result { printError("segue: \(failure.message)") }
            // The daemon closes the connection after it removed its socket, so waiting for that
            // means the daemon is gone as far as the next command can tell when this returns.
            // Nothing else is sent to a connection that did not subscribe, so one read sees the end.
            let ok = (try? result.get()) != nil
            if quitting && ok { _ = try? connection.readLine(timeout: 5) }
            return ok ? 0 : 1
        } catch {
            printError("segue: \(error)")
            return 1
        }
    }
}
