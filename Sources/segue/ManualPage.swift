import Session

/// The manual pages, as scdoc sources: `segue help --scdoc segue` and `segue help --scdoc
/// segue-commands` (not in `--help`). `make` turns them into roff with `scdoc` at build time, so
/// the pages list what `segue --help` and `:help` list: the same declarations and verb table.
/// segue-config(5) is made from docs/config.md instead (scripts/md2scdoc.py).
enum ManualPage {
    /// The pages this binary writes.
    static let names = ["segue", "segue-commands"]

    /// The scdoc source of the page `name`, or nil when it is not one of `names`.
    static func source(_ name: String) -> String? {
        switch name {
        case "segue": return segue
        case "segue-commands": return commands
        default: return nil
        }
    }

    /// `segue help --scdoc PAGE`; the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let page = source(arguments[0]) else {
            printError("segue help --scdoc takes one page: \(names.joined(separator: " or ")).")
            return 2
        }
        print(page, terminator: "")
        return 0
    }

    /// The options `segue --help` lists, once each, then `--help` and `--version`.
    private static var optionEntries: String {
        let version = OptionSpec(name: "--version", short: "V", value: .none, help: "print the version and exit")
        return (SegueCLI.options + [SubcommandSpec.help, version]).map { option in
            var head = option.short.map { "*-\($0)*, " } ?? ""
            head += "*\(option.name)*"
            switch option.value {
            case .none: break
            case .text(let placeholder, _): head += " _\(Manual.escaped(placeholder))_"
            case .optionalText(let placeholder, _): head += " [_\(Manual.escaped(placeholder))_]"
            case .choice(let words): head += " " + words.map(Manual.escaped).joined(separator: "|")
            case .number: head += " _N_"
            }
            return head + "\n\t" + Manual.escaped(option.help.prefix(1).uppercased() + option.help.dropFirst()) + "."
        }.joined(separator: "\n\n")
    }

    private static var subcommandEntries: String {
        SegueCLI.declarations.map { declaration in
            let words = declaration.command.split(separator: " ")
            let rest = declaration.synopsis.dropFirst(declaration.command.count)
            var lines = [
                "*\(Manual.escaped(words.joined(separator: " ")))*\(Manual.escaped(String(rest)))",
                "\t" + Manual.escaped(declaration.summary),
            ]
            let names = declaration.options.map { "*\($0.name)*" }
            if !names.isEmpty { lines.append("\tOptions: " + names.joined(separator: ", ") + ".") }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    private static var segue: String {
        """
        segue(1)

        # NAME

        segue - a terminal music player and catalog browser

        # SYNOPSIS

        \(SegueCLI.declarations.map { "*\(Manual.escaped($0.command))*\(Manual.escaped(String($0.synopsis.dropFirst($0.command.count))))" }.joined(separator: "++\n"))++
        *segue* --version | --help

        # DESCRIPTION

        Segue plays your own MP3, M4A/AAC, FLAC, Ogg Vorbis, Opus, WAV and AIFF files and 30-second \
        previews from the iTunes catalog, with no gaps between tracks, on a laptop terminal or on a \
        headless box reached over SSH.

        *segue* opens the terminal UI (press *?* in it for the keys). The UI is a client of a small \
        daemon that keeps playing when the UI quits with *q* or the SSH connection drops; *Q* stops \
        the music and the daemon. *segue ctl* sends the daemon one command, starting it when none \
        runs; the commands are those of the UI's *:* line, listed in *segue-commands*(7). The daemon \
        speaks the MPD protocol too when asked (*--mpd*), for mpc, ncmpcpp and phone apps.

        Sound goes to PulseAudio when a server answers, else to ALSA. *--output null* plays \
        silently in real time, *--output wav:*_PATH_ writes what was played to a WAV file.

        # COMMANDS

        \(subcommandEntries)

        # OPTIONS

        Every option of every subcommand, once; each subcommand's own help lists its own.

        \(optionEntries)

        # ENVIRONMENT

        *SEGUE_OUTPUT*
        \tThe default output, as *--output* takes it.

        *SEGUE_CATALOG_URL*
        \tThe iTunes Search API base, as *--catalog-url* takes it.

        *SEGUE_HOME*
        \tOne folder for all of Segue's files (config, state, cache, data, run), instead of the \
        XDG folders below.

        *XDG_CONFIG_HOME*, *XDG_STATE_HOME*, *XDG_CACHE_HOME*, *XDG_DATA_HOME*, *XDG_RUNTIME_DIR*
        \tWhere the files below are kept.

        # FILES

        _$XDG_CONFIG_HOME/segue/config_
        \tSettings of the daemon and the UI, and key bindings: *segue-config*(5).

        _$XDG_RUNTIME_DIR/segue/socket_
        \tThe daemon's control socket (_/tmp/segue-UID/socket_ without *XDG_RUNTIME_DIR*).

        _$XDG_STATE_HOME/segue/daemon.log_
        \tThe daemon's log, when it runs in the background.

        _$XDG_DATA_HOME/segue_
        \tThe library: saved songs and albums, playlists, history, your folders' index.

        _segue.service_
        \tA systemd user unit that runs *segue daemon --foreground*: *systemctl --user enable --now \
        segue*; with *loginctl enable-linger* it runs on a headless box with nobody logged in.

        # EXIT STATUS

        0 on success; 1 when the command failed (nothing could be played, the daemon could not be \
        reached); 2 for a mistake on the command line, said in one sentence.

        # SEE ALSO

        *segue-commands*(7), *segue-config*(5), *mpc*(1)

        """
    }

    private static var commands: String {
        """
        segue-commands(7)

        # NAME

        segue-commands - the commands of segue ctl and of the terminal UI's : line

        # SYNOPSIS

        *segue ctl* [--json] _COMMAND_ [_ARG_...]

        *:*_COMMAND_ [_ARG_...] in *segue*(1)'s terminal UI

        # SYNTAX

        A line is a verb followed by arguments separated by whitespace. Verbs and keywords are \
        case-insensitive; names, paths and search terms are kept as typed. Arguments are shell-like \
        words: "..." quotes a word with spaces (\\\\" is a quote inside, \\\\\\\\ a backslash), '...' \
        quotes everything literally, and outside quotes a backslash escapes the next character. \
        Everything after *search* and *find* (and *search*'s kind) is the term, exactly as typed.

        Positions in the queue and in playlists count from 1, as *queue* shows them; a range \
        such as 2-5 includes both ends. *#*_ID_ names a queue entry whatever moves around it. An \
        item is a file path, an http(s):// URL or itunes:_ID_.

        # COMMANDS

        \(CommandHelp.manualCommands)

        # SEE ALSO

        *segue*(1), *segue-config*(5)

        """
    }
}
