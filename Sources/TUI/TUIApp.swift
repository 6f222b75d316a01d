import Daemon
import POSIXSupport
import Terminal
import WireProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the terminal UI: one thread that polls the keyboard, the two daemon connections and the
/// signal pipe, feeds what arrives to the `TUIModel`, carries out its effects and redraws. It
/// sleeps in `poll` with no timeout unless the model asks for a tick (while playing, once per
/// second of the position; or when a search is due), so a paused player costs nothing.
public final class TUIApp {
    /// Opens the two connections to the daemon (control, catalog), starting it if needed.
    public typealias Connect = () throws(DaemonError) -> (control: LineConnection, catalog: LineConnection)

    private let terminal: Terminal
    private let connect: Connect
    private let screen: Screen
    private var model: TUIModel
    private var control: LineConnection
    private var catalog: LineConnection
    private let parser = MessageParser()
    /// Lines handed to the parser whose messages have not come back yet: while there are any,
    /// new lines queue behind them, so that messages are applied in the order they came.
    private var linesAtParser = 0
    /// Set when a big line went to the parser: once it is applied, the heap's free memory (what
    /// reading it took) goes back to the system.
    private var trimWhenParsed = false

    /// Fetches and renders covers in the background; nil: no covers.
    private let covers: CoverLoader?

    /// A UI on `terminal`, talking to the daemon through `connect` (also used to reconnect);
    /// covers come from `covers` (nil: none are drawn).
    public init(terminal: Terminal, model: TUIModel, covers: CoverLoader? = nil, connect: @escaping Connect) throws(DaemonError) {
        self.terminal = terminal
        self.model = model
        self.covers = covers
        if covers != nil { self.model.setGraphics(terminal.graphics) }
        self.connect = connect
        screen = Screen(text: TextFit(width: Terminal.columns(of:)))
        (control, catalog) = try connect()
    }

    /// How the UI ended.
    public enum Outcome: Equatable, Sendable {
        /// `q`, or a signal: the music goes on.
        case detached
        /// `Q`: the daemon was asked to stop.
        case stoppedDaemon
    }

    /// Runs until the user quits or a terminating signal arrives; returns how it ended and the
    /// `:` lines typed (oldest first), for the history file.
    deinit {
        parser?.stop()
        covers?.stop()
    }

    /// Throws `TUIError.daemonLost` when the daemon went away and could not be reached again.
    public func run() throws(TUIError) -> (Outcome, [String]) {
        let size = terminal.size
        model.resize(rows: size.rows, columns: size.columns)
        if let outcome = try perform(subscribe() + model.start()) { return (outcome, model.typedCommands) }
        draw()
        while true {
            let now = Self.now()
            var timeout: Int32 = -1
            if let wake = model.nextWake(now: now) { timeout = Int32(max(0, min(60_000, ((wake - now) * 1000).rounded(.up)))) }
            var fds = [
                pollfd(fd: terminal.inputDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: terminal.signalDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: control.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: catalog.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: parser?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: covers?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            var effects: [Effect] = []
            if ready < 0 && errno != EINTR { break }
            // The signal pipe also wakes us for a resize (SIGWINCH may land on any thread): then
            // takeSignal says nil and curses reports the resize as input, so read input too.
            if fds[1].revents != 0, terminal.takeSignal() != nil { return (.detached, model.typedCommands) }
            if ready < 0 || fds[0].revents != 0 || fds[1].revents != 0 {
                for event in terminal.readEvents() {
                    if event == .resize {
                        let size = terminal.size
                        model.resize(rows: size.rows, columns: size.columns)
                    }
                    effects += model.handle(event, now: Self.now())
                }
            }
            if fds[2].revents != 0 { effects += try receive(from: .control) }
            if fds[3].revents != 0 { effects += try receive(from: .catalog) }
            if fds[4].revents != 0, let parser {
                let taken = parser.take()
                linesAtParser = max(0, linesAtParser - taken.count)
                for parsed in taken { effects += apply(parsed) }
            }
            if fds[5].revents != 0, let covers {
                for result in covers.take() { model.coverArrived(result) }
            }
            if trimWhenParsed, linesAtParser == 0 {
                // What reading the reply took, and the queue it replaced, are freed by now; glibc
                // would keep their pages otherwise.
                trimWhenParsed = false
                HeapTrim.now()
            }
            effects += model.tick(now: Self.now())
            if let outcome = try perform(effects) { return (outcome, model.typedCommands) }
            draw()
        }
        return (.detached, model.typedCommands)
    }

    private func draw() {
        // Covers that came into view are asked for before the frame shows their placeholders.
        if let covers { covers.want(model.coverRequests()) }
        terminal.draw(screen.render(model, now: Self.now()))
    }

    private func subscribe() -> [Effect] {
        try? control.send(WireRequest(id: .string("subscribe"), command: nil, subscribe: true).line)
        return []
    }

    /// Lines from one connection into the model; a lost connection is made again (the daemon
    /// restarted if need be), and said on the message line.
    private func receive(from channel: Channel) throws(TUIError) -> [Effect] {
        let connection = channel == .control ? control : catalog
        var effects: [Effect] = []
        do {
            guard let lines = try connection.availableLines() else { return try reconnect("the daemon closed the connection") }
            if let parser, MessageParser.takes(lines, waiting: linesAtParser) {
                linesAtParser += lines.count
                if lines.contains(where: { $0.utf8.count >= MessageParser.trimLimit }) { trimWhenParsed = true }
                parser.submit(lines)
            } else {
                for line in lines { effects += apply(Result { () throws(WireError) in try DaemonMessage.parse(line) }) }
            }
        } catch {
            return try reconnect(String(describing: error))
        }
        return effects
    }

    private func apply(_ parsed: Result<DaemonMessage, WireError>) -> [Effect] {
        switch parsed {
        case .success(let message): return model.handle(message, now: Self.now())
        case .failure(let error):
            model.unreadable(error.description)
            return []
        }
    }

    private func reconnect(_ reason: String) throws(TUIError) -> [Effect] {
        do {
            (control, catalog) = try connect()
        } catch {
            throw .daemonLost("\(reason); \(error)")
        }
        let effects = subscribe() + model.reattached()
        model.error("The daemon went away (\(reason)); Segue reconnected.")
        return effects
    }

    /// Carries out effects; returns how to end when one of them quits.
    private func perform(_ effects: [Effect]) throws(TUIError) -> Outcome? {
        for effect in effects {
            switch effect {
            case .send(let id, let command, let channel):
                let line = command.text
                let connection = channel == .control ? control : catalog
                do {
                    try connection.send(WireRequest(id: .number(Double(id)), command: line).line)
                } catch {
                    let more = try reconnect(error.description)
                    try? (channel == .control ? control : catalog).send(WireRequest(id: .number(Double(id)), command: line).line)
                    if let outcome = try perform(more) { return outcome }
                }
            case .quit(let stopDaemon):
                if stopDaemon {
                    // Wait (briefly) for the daemon to take the quit, so its state is saved before we go.
                    _ = try? control.readLine(timeout: 2)
                    return .stoppedDaemon
                }
                return .detached
            case .repaint:
                terminal.invalidate()
            }
        }
        return nil
    }

    static func now() -> Double { monotonicSeconds() }
}
