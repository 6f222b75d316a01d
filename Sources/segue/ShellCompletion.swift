import Session

/// Tab completion for bash, zsh and fish: `segue completions SHELL` prints a script that asks
/// `segue __complete -- WORD…` at each Tab, so the shells complete from the same declarations
/// as `--help` (`SegueCLI.declarations`) and, after `segue ctl`, from the same verb table as the
/// terminal UI's `:` line (`CommandCompletion`). Nothing about the commands is copied into the scripts.
enum ShellCompletion {
    /// The hidden subcommand the scripts call (not in `--help`).
    static let name = "__complete"

    /// The shells a script is made for.
    static let shells = ["bash", "zsh", "fish"]

    /// The line that tells a script to add the shell's own completion of files here.
    static let filesMarker = "@files"
    /// The line that tells a script to add the shell's completion of folders here.
    static let directoriesMarker = "@dirs"

    /// `segue completions`'s command line.
    static let declaration = SubcommandSpec(
        command: "segue completions", operands: .words(placeholder: "bash|zsh|fish"),
        summary: "Prints the Tab completion script for a shell (make install puts each where its shell finds it).",
        options: [])

    /// Runs `segue completions SHELL`; the exit status.
    static func run(_ arguments: [String]) throws(UsageError) -> Int32? {
        let parsed = try declaration.parse(arguments)
        if parsed.wantsHelp { return nil }
        guard parsed.operands.count == 1, let script = script(for: parsed.operands[0]) else {
            throw UsageError(description: "completions takes one shell: bash, zsh or fish.")
        }
        print(script, terminator: "")
        return 0
    }

    /// What may be typed at the end of `words` (the words after `segue`, the last one the word
    /// being completed, maybe empty): fixed words that start with it, one a line, then a marker
    /// line when a path may go there.
    static func candidates(_ words: [String]) -> [String] {
        let partial = words.last ?? ""
        let before = Array(words.dropLast())
        let next = next(after: before, partial: partial)
        var lines = next.words
        switch next.paths {
        case .files: lines.append(filesMarker)
        case .directories: lines.append(directoriesMarker)
        case nil: break
        }
        return lines
    }

    /// The subcommand words, as `segue --help` lists them, and `completions` itself.
    static var subcommands: [String] {
        SegueCLI.declarations.compactMap { $0.command.split(separator: " ").dropFirst().first.map(String.init) }
    }

    private static func next(after before: [String], partial: String) -> CommandCompletion.Next {
        // `--option=value`, completed as whole words (`--repeat=one`): the scripts trim what the
        // shell already split off at the `=`.
        if partial.hasPrefix("--"), let equals = partial.firstIndex(of: "=") {
            let name = String(partial[..<equals])
            let typed = String(partial[partial.index(after: equals)...])
            let found = next(after: before, partial: name)
            let owner = before.isEmpty ? UICommand.declaration : declaration(after: before)
            guard found.words.contains(name), let option = owner?.option(named: name) else {
                return CommandCompletion.Next(words: [], paths: nil)
            }
            return CommandCompletion.Next(words: value(of: option, typed).words.map { name + "=" + $0 }, paths: nil)
        }
        guard let first = before.first else {
            if partial.hasPrefix("-") {
                return CommandCompletion.Next(words: matching(options(of: UICommand.declaration) + ["--version"], partial), paths: nil)
            }
            return CommandCompletion.Next(words: matching(subcommands + ["help", "version"], partial), paths: nil)
        }
        guard let declaration = declaration(after: before) else { return CommandCompletion.Next(words: [], paths: nil) }
        var rest = first.hasPrefix("-") ? before[...] : before.dropFirst()
        // Walks the options typed so far, as `SubcommandSpec.parse` reads them, to see whether the
        // word at the cursor is an option's value or where the operands start.
        var operands: [String] = []
        while let word = rest.popFirst() {
            if !operands.isEmpty || word == "--" || !word.hasPrefix("-") || word == "-" {
                if word != "--" { operands.append(word) }
                if case .commandLine = declaration.operands, !operands.isEmpty {
                    operands += rest
                    break
                }
                continue
            }
            guard !word.contains("="), let option = declaration.option(named: word) else { continue }
            switch option.value {
            case .none, .optionalText: break
            case .text, .choice, .number:
                if rest.isEmpty { return value(of: option, partial) }
                rest.removeFirst()
            }
        }
        if operands.isEmpty, partial.hasPrefix("-") {
            return CommandCompletion.Next(words: matching(options(of: declaration), partial), paths: nil)
        }
        switch declaration.operands {
        case .none: return CommandCompletion.Next(words: [], paths: nil)
        case .commandLine: return CommandCompletion.next(after: operands, partial: partial)
        case .words:
            if declaration.command == Self.declaration.command {
                return CommandCompletion.Next(words: operands.isEmpty ? matching(shells, partial) : [], paths: nil)
            }
            let takesFiles =
                declaration.command == PlayOptions.declaration.command || declaration.command == TempoCommand.declaration.command
            return CommandCompletion.Next(words: [], paths: takesFiles ? .files : nil)
        }
    }

    /// The command whose words follow `before` (the UI's when it starts with an option).
    private static func declaration(after before: [String]) -> SubcommandSpec? {
        guard let first = before.first else { return nil }
        return first.hasPrefix("-") ? UICommand.declaration : SegueCLI.declarations.first { $0.command == "segue \(first)" }
    }

    /// The kinds `--output` takes (PlayOptions.outputOption); those ending in `:` need more typed.
    static let outputKinds = ["pulse", "pulse:", "alsa", "alsa:", "null", "wav:", "pipe:"]

    /// What may follow `option` where `partial` is typed.
    private static func value(of option: OptionSpec, _ partial: String) -> CommandCompletion.Next {
        switch option.value {
        case .choice(let words): return CommandCompletion.Next(words: matching(words, partial), paths: nil)
        default:
            let words = option.name == PlayOptions.outputOption.name ? outputKinds : []
            return CommandCompletion.Next(words: matching(words, partial), paths: nil)
        }
    }

    private static func options(of declaration: SubcommandSpec) -> [String] {
        declaration.options.map(\.name) + [SubcommandSpec.help.name]
    }

    private static func matching(_ words: [String], _ partial: String) -> [String] {
        words.filter { $0.hasPrefix(partial) }
    }

    /// The script for `shell`, or nil when it is not one of `shells`.
    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        case "fish": return fish
        default: return nil
        }
    }

    // The scripts ask the segue they complete for (the command word as typed), so a segue that is
    // not on the PATH completes too. Errors are dropped: a Tab must never print into the line.

    private static let bash = """
        # bash completion for segue. Generated by `segue completions bash`; each Tab asks
        # `segue \(name)`, which answers from the same tables as `segue --help` and the `:` line.
        _segue() {
            local cur line paths= cword
            local -a words found=()
            # bash splits a word at : and = (itunes:ID, --repeat=one); bash-completion joins them again.
            if declare -F _get_comp_words_by_ref >/dev/null; then
                _get_comp_words_by_ref -n =: cur words cword
            else
                words=("${COMP_WORDS[@]}") cword=$COMP_CWORD cur=${COMP_WORDS[COMP_CWORD]}
            fi
            while IFS= read -r line; do
                case $line in
                    \(filesMarker)) paths=files ;;
                    \(directoriesMarker)) paths=dirs ;;
                    *) found+=("$line") ;;
                esac
            done < <("${words[0]}" \(name) -- "${words[@]:1:cword}" 2>/dev/null)
            COMPREPLY=("${found[@]}")
            if [[ -n $paths ]]; then
                local IFS=$'\\n'
                if [[ $paths == files ]]; then
                    COMPREPLY+=($(compgen -f -- "$cur"))
                else
                    COMPREPLY+=($(compgen -d -- "$cur"))
                fi
                compopt -o filenames 2>/dev/null
            fi
            # The shell replaces only what follows the last : or = it split at, so that part goes.
            local breaks=${COMP_WORDBREAKS//[^:=]/}
            if [[ -n $breaks && $cur == *[$breaks]* ]]; then
                local prefix=${cur%"${cur##*[$breaks]}"}
                COMPREPLY=("${COMPREPLY[@]#"$prefix"}")
            fi
            # wav: and pipe: want a path typed right after them.
            if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *: ]]; then
                compopt -o nospace 2>/dev/null
            fi
            return 0
        }
        complete -F _segue segue

        """

    private static let zsh = """
        #compdef segue
        # zsh completion for segue. Generated by `segue completions zsh`; each Tab asks
        # `segue \(name)`, which answers from the same tables as `segue --help` and the `:` line.
        _segue() {
            local line paths
            local -a found
            for line in "${(@f)$("${words[1]}" \(name) -- "${(@)words[2,CURRENT]}" 2>/dev/null)}"; do
                case $line in
                    \(filesMarker)) paths=files ;;
                    \(directoriesMarker)) paths=dirs ;;
                    '') ;;
                    *) found+=("$line") ;;
                esac
            done
            (( ${#found} )) && compadd -a found
            if [[ $paths == files ]]; then
                _files
            elif [[ $paths == dirs ]]; then
                _files -/
            fi
            return 0
        }
        if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
            _segue "$@"
        else
            compdef _segue segue
        fi

        """

    private static let fish = """
        # fish completion for segue. Generated by `segue completions fish`; each Tab asks
        # `segue \(name)`, which answers from the same tables as `segue --help` and the `:` line.
        function __segue_complete
            set -l tokens (commandline -opc)
            set -l current (commandline -ct)
            for line in (command $tokens[1] \(name) -- $tokens[2..-1] $current 2>/dev/null)
                switch $line
                    case \(filesMarker)
                        __fish_complete_path $current
                    case \(directoriesMarker)
                        __fish_complete_directories $current
                    case '*'
                        echo $line
                end
            end
        end
        complete -c segue -f -a '(__segue_complete)'

        """
}
