import Audio
import Catalog
import Daemon
import Decoders
import Library
import MPDProtocol
import MPRISBus
import POSIXSupport
import Player
import SQLiteStore
import Scanner
import Session
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `segue daemon [--foreground] [--output SPEC] [--listen HOST:PORT] [CATALOG OPTIONS]`: the
/// engine with no terminal, listening on the control socket (and on each `--listen` address). Without `--foreground` it starts itself in the background
/// (a new session, output to the log in the state folder) and returns once the socket answers.
struct DaemonCommand {
    var foreground = false
    /// `--output` (or `SEGUE_OUTPUT`); nil: the config's `output`, else `Outputs.defaultSpec`.
    var output: OutputSpec?
    var catalog = CatalogOptions()
    /// Addresses to listen on besides the control socket (`--listen`, repeatable).
    var listen: [ListenAddress] = []
    /// Where MPD clients are served (`--mpd`, repeatable); given, it replaces the config's `mpd.listen`.
    var mpd: [ListenAddress] = []
    var passThrough: [String] = []

    /// The command line of `segue daemon`: parsing, `--help` and its errors come from it.
    static let declaration = SubcommandSpec(
        command: "segue daemon", operands: .none,
        summary: "The engine with no terminal, listening on the control socket; it starts in the background.",
        options: [
            OptionSpec(name: "--foreground", short: "f", value: .none, help: "stay attached instead of starting in the background"),
            PlayOptions.outputOption,
            OptionSpec(
                name: "--listen", short: "l", value: .text(placeholder: "HOST:PORT", meaning: "a loopback address such as 127.0.0.1:6600"),
                help: "also listen on this TCP loopback address (repeatable; the control socket stays)"),
            OptionSpec(
                name: "--mpd", short: nil,
                value: .optionalText(placeholder: "[ADDR:]PORT", meaning: "a port, ADDR:PORT or a socket path (default 127.0.0.1:6600)"),
                help: "also speak the MPD protocol there, for mpc, ncmpcpp and phone apps (off loopback only with mpd.password)"),
        ] + CatalogOptions.declared)

    init(parsing arguments: [String]) throws {
        if let env = getenv("SEGUE_OUTPUT").map({ String(cString: $0) }), !env.isEmpty, let spec = OutputSpec(parsing: env) {
            output = spec
        }
        for (option, value) in try Self.declaration.parse(arguments).options {
            let given = [option.name] + (value.map { [$0] } ?? [])
            if try catalog.apply(option, value) {
                passThrough += given
                continue
            }
            switch option.name {
            case "--foreground": foreground = true
            case "--output":
                guard let value, let spec = OutputSpec(parsing: value) else { throw option.invalid(value) }
                output = spec
                passThrough += given
            case "--listen":
                guard let value else { throw option.invalid(value) }
                do {
                    listen.append(try ListenAddress(parsing: value))
                } catch {
                    throw UsageError(description: error.description)
                }
                passThrough += given
            case "--mpd":
                do {
                    mpd.append(try MPDSettings.address(value))
                } catch {
                    throw UsageError(description: error.description)
                }
                passThrough += given
            default: throw Self.declaration.unknown(option.name)
            }
        }
    }

    func run() -> Int32 {
        foreground ? serve() : Self.startInBackground(passThrough)
    }

    /// Runs the daemon in this process until SIGTERM or SIGINT.
    private func serve() -> Int32 {
        // The signals are taken with sigwait on this thread; every thread started from here on
        // inherits the mask, so none is interrupted and nothing polls for them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        signal(SIGPIPE, SIG_IGN)
        // Every HTTP transfer (previews, catalog, artwork) in a short-lived worker process, so
        // libcurl and its TLS libraries are never mapped in the daemon (docs/performance.md).
        HTTPWorkerCommand.useWorkers()
        // Checked before anything is opened: a second daemon must not touch the first one's state.
        if (try? LineConnection(path: SeguePaths.socket)) != nil {
            printError("segue: a daemon is already running (socket \(SeguePaths.socket)).")
            return 1
        }
        var library: MusicLibrary?
        if let data = SeguePaths.data {
            do {
                library = try MusicLibrary.open(path: data + "/library.sqlite") { printError("segue: \($0)") }
            } catch {
                printError("segue: \(error) Going on without the library.")
            }
        }
        // The config file: each problem is logged with its line, and the daemon starts anyway.
        let config = SegueConfig.load()
        let configured = config.daemon()
        let output = resolvedOutput(with: configured.settings)
        var catalog = self.catalog
        catalog.configure(configured.settings)
        // The user's own music: a scanner over the library (its thread starts with the session).
        let scanner = library.map { LibraryScanner(library: $0, log: { printError("segue: \($0)") }) }
        let itunes = try? catalog.makeCatalog()
        // Tempo analysis opens items as playback does: catalog songs through this catalog's previews.
        let analyzer = TempoAnalyzer(catalog: itunes)
        let workout = WorkoutResources.setup(configured.workout, analyze: { try analyzer.estimate($0, cadence: $1) })
        for problem in SegueConfig.ordered(config.problems + configured.problems) + workout.problems { printError("segue: \(problem)") }
        // `quit` ends the daemon the way SIGTERM does, through the same path below (state saved,
        // socket removed). Every thread blocks SIGTERM, so this only makes it pending for the
        // sigwait here and returns at once: the session finishes the command and the server sends
        // the reply, and `server.stop()` lets requests being answered finish and flushes their
        // replies before it closes the connections, so the client gets its answer.
        let session = Session(
            makePlayer: { [output] onEvent in
                MusicPlayer(
                    decoders: StandardDecoderFactory(),
                    converter: { try Resampler(from: $0, to: $1, channels: $2) },
                    makeOutput: Outputs.maker(for: output),
                    openSource: { item in try Sources.openQueued(item.location, catalog: itunes) },
                    onEvent: onEvent)
            },
            catalog: itunes?.catalog, library: library,
            onQuit: { kill(getpid(), SIGTERM) }, catalogNotice: { [fallback = itunes?.fallback] in fallback?.lastNotice },
            keepsQueue: true, restoreMarker: SeguePaths.state.map { $0 + "/restoring" }, workout: workout.setup,
            scanner: scanner, output: Outputs.info(for: output), pictures: Pictures.source())
        // What is no reply to anyone (the saved queue set aside) goes to the log, and to clients:
        // those said before the server exists wait for the first client that subscribes. The log
        // also names every entry skipped (a file gone missing) and every scan finished.
        let notices = session.observe { event in
            switch event {
            case .notice(let text): printError("segue: \(text)")
            case .player(.entryFailed(let entry, let reason)): printError("segue: skipped \(entry.title): \(reason)")
            case .library(.scanned(let outcome)): printError("segue: \(LibraryResources.describe(outcome))")
            default: break
            }
        }
        defer { notices.cancel() }
        let early = Mutex<[String]>([])
        let earlyNotices = session.observe { event in
            if case .notice(let text) = event { early.withLock { $0.append(text) } }
        }
        // The saved queue is restored before the socket answers, so the first command sees it.
        _ = session.perform(.restoreSavedQueue)
        if library != nil, case .success(.text(let problems)) = session.perform(.openLibrary(configured: configured.library.folders)) {
            for problem in problems.split(separator: "\n") { printError("segue: \(problem)") }
        }
        applyAtStart(configured.settings, to: session, hasLibrary: library != nil)
        let server: SessionServer
        do {
            server = try SessionServer(
                listening: [.unix(path: SeguePaths.socket)] + listen, session: session, heldNotices: early.withLock { $0 })
            earlyNotices.cancel()
        } catch {
            printError("segue: \(error)")
            session.shutdown()
            return 1
        }
        // Port 0 lets the system pick: the log says which it got.
        for address in server.addresses.dropFirst() { printError("segue: listening on \(address).") }
        let mpdServer: MPDServer?
        do {
            mpdServer = try startMPD(configured.mpd, session: session, library: library)
        } catch {
            printError("segue: \(error)")
            server.stop()
            session.shutdown()
            return 1
        }
        // Media keys and desktop widgets, when a session bus exists (docs/mpris.md).
        let mpris = MPRISService.start(session: session, log: { printError("segue: \($0)") })
        ServiceNotification.ready()
        Self.waitForTermination(&signals)
        ServiceNotification.stopping()
        mpris?.stop()
        mpdServer?.stop()
        server.stop()
        session.shutdown()
        return 0
    }

    /// The output in force: `--output` (or `SEGUE_OUTPUT`), else the config's, else the default.
    func resolvedOutput(with settings: DaemonSettings) -> OutputSpec { output ?? settings.output ?? Outputs.defaultSpec }

    /// Where MPD is served: `--mpd` replaces the config's `mpd.listen`; `mpd.socket` is kept either way.
    func mpdAddresses(with configured: MPDSettings) -> [ListenAddress] { (mpd.isEmpty ? configured.listen : mpd) + configured.sockets }

    /// The config's crossfade and history switch, through the one path as a client's would go.
    private func applyAtStart(_ settings: DaemonSettings, to session: Session, hasLibrary: Bool) {
        var commands: [Command] = []
        if let seconds = settings.crossfade { commands.append(.crossfade(seconds: seconds)) }
        if hasLibrary, let on = settings.history { commands.append(.history(on ? .on : .off)) }
        for command in commands {
            if case .failure(let error) = session.perform(command) { printError("segue: \(command.text): \(error)") }
        }
    }

    /// The MPD server `--mpd` and the config's `mpd.` lines ask for (nil when none does).
    private func startMPD(_ configured: MPDSettings, session: Session, library: MusicLibrary?) throws(DaemonError) -> MPDServer? {
        let addresses = mpdAddresses(with: configured)
        guard !addresses.isEmpty else { return nil }
        let environment = MPDEnvironment(
            namespace: { MPDNamespace(folders: (try? library?.libraryFolders().map(\.path)) ?? []) },
            password: configured.password, now: { Double(time(nil)) }, startedAt: Double(time(nil)))
        let server = try MPDServer(listening: addresses, session: session, environment: environment)
        for address in server.addresses { printError("segue: MPD clients are served on \(address).") }
        return server
    }

    /// Blocks until SIGTERM or SIGINT arrives (SIGHUP is ignored: the terminal went away).
    private static func waitForTermination(_ signals: inout sigset_t) {
        var received: Int32 = 0
        repeat {
            if sigwait(&signals, &received) != 0 { return }
        } while received == SIGHUP
    }

    /// Starts `segue daemon --foreground` detached and waits (up to 5 s) until its socket answers.
    static func startInBackground(_ arguments: [String]) -> Int32 {
        if (try? LineConnection(path: SeguePaths.socket)) != nil {
            printError("segue: a daemon is already running (socket \(SeguePaths.socket)).")
            return 0
        }
        // The daemon would refuse a folder someone else controls too, but only in its log.
        do {
            try SocketDirectory.prepare(forSocket: SeguePaths.socket)
        } catch {
            printError("segue: \(error)")
            return 1
        }
        let log = (SeguePaths.state ?? "/tmp") + "/daemon.log"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (0x80): a new session, so closing the terminal does not stop the music.
        posix_spawnattr_setflags(&attributes, Int16(0x80))
        let argv = ([ExecutablePath.current, "daemon", "--foreground"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, ExecutablePath.current, &actions, &attributes, argv, environ) == 0 else {
            printError("segue: the daemon could not be started.")
            return 1
        }
        for _ in 0..<100 {
            if (try? LineConnection(path: SeguePaths.socket)) != nil { return 0 }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                printError("segue: the daemon stopped at once; see \(log).")
                return 1
            }
            sleepSeconds(0.05)
        }
        printError("segue: the daemon did not answer within 5 seconds; see \(log).")
        return 1
    }
}
