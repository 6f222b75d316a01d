import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `make install` puts on a system, checked with the tools that read it: each shell loads its
/// completion script and completes from it, `man` renders each page without a warning and the
/// segue(1) page lists exactly `segue --help`'s options, `systemd-analyze` accepts the unit, and
/// every file lands where its reader looks.
@Suite(.enabled(if: InstallTools.suiteRuns, InstallTools.skipReason), .serialized)
struct InstallTests {
    static let segue = PlayCommandTests.segue

    /// PATH with the debug segue first, as an installed one would be found.
    private var environment: [String: String] {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return ["PATH": Fixtures.packageRoot + "/.build/debug:" + path, "SEGUE_HOME": Fixtures.temporaryDirectory()]
    }

    private func script(_ shell: String) throws -> String {
        let result = Shell.run(Self.segue, ["completions", shell], timeout: 30)
        try #require(result.exitCode == 0, "\(result.stderr)")
        let path = Fixtures.temporaryDirectory() + "/segue.\(shell)"
        Shell.writeFile(path, result.stdout)
        return path
    }

    @Test func bashCompletesCtlVerbsAndFiles() throws {
        let script = try script("bash")
        let folder = Fixtures.temporaryDirectory()
        Shell.writeFile(folder + "/song one.mp3", [])
        // As bash calls it at a Tab: COMP_WORDS and COMP_CWORD, no terminal needed.
        let program = """
            source /usr/share/bash-completion/bash_completion
            source '\(script)'
            complete -p segue
            complete_at() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; _segue; printf '%s\\n' "${COMPREPLY[@]}"; echo --; }
            complete_at segue ctl pl
            cd '\(folder)' && complete_at segue ctl add so
            # As bash splits the line at = (COMP_WORDBREAKS): the value is completed all the same.
            complete_split() { COMP_LINE=$1; COMP_POINT=${#COMP_LINE}; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); _segue; printf '%s\\n' "${COMPREPLY[@]}"; echo --; }
            complete_split 'segue play --repeat=o' segue play --repeat = o
            complete_split 'segue --output=w' segue --output = w
            """
        let result = Shell.run("bash", ["-c", program], environment: environment, timeout: 60)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let answers = result.stdoutText.split(separator: "--\n", omittingEmptySubsequences: false).map {
            $0.split(separator: "\n").map(String.init)
        }
        try #require(answers.count == 5, "\(result.stdoutText)")
        #expect(answers[0].first == "complete -F _segue segue")
        #expect(Array(answers[0].dropFirst()) == ["play", "playlater", "playlist", "playnext"])
        #expect(answers[1] == ["song one.mp3"])
        #expect(answers[2] == ["one"], "bash puts back only what follows the =")
        #expect(answers[3] == ["wav:"])
    }

    @Test func zshLoadsAndCompletesAVerb() throws {
        let script = try script("zsh")
        // compinit's compdef registers it; compadd is stood in for, as zsh offers completion
        // widgets only to a terminal: the script's own function runs with the words of a Tab.
        let program = """
            autoload -U compinit && compinit -u -d '\(Fixtures.temporaryDirectory())/zcompdump'
            source '\(script)'
            print -r -- "registered: $_comps[segue]"
            compadd() { [[ $1 == -a ]] && print -rl -- "${(@P)2}" }
            words=(segue ctl pl); CURRENT=3
            _segue
            """
        let result = Shell.run("zsh", ["-f", "-c", program], environment: environment, timeout: 60)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdoutText == "registered: _segue\nplay\nplaylater\nplaylist\nplaynext\n")
    }

    @Test func fishLoadsAndCompletesAVerb() throws {
        let script = try script("fish")
        let result = Shell.run(
            "fish", ["--no-config", "-c", "source '\(script)'; complete -C 'segue ctl pl'; complete -C 'segue ctl repeat '"],
            environment: environment, timeout: 60)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdoutText == "play\nplaylater\nplaylist\nplaynext\nall\nnone\none\n")
    }

    /// The page's roff as `make` builds it: the binary's scdoc source through scdoc.
    private func page(_ name: String) throws -> String {
        let source = Shell.run(Self.segue, ["help", "--scdoc", name], timeout: 30)
        try #require(source.exitCode == 0, "\(source.stderr)")
        let sourcePath = Fixtures.temporaryDirectory() + "/\(name).scd"
        Shell.writeFile(sourcePath, source.stdout)
        let path = sourcePath.dropLast(4) + (name == "segue" ? ".1" : ".7")
        let scdoc = Shell.run("sh", ["-c", "scdoc < '\(sourcePath)' > '\(path)'"], timeout: 30)
        try #require(scdoc.exitCode == 0, "scdoc: \(scdoc.stderr)")
        return String(path)
    }

    /// The page as `man` shows it, plain text; groff's and man's warnings are issues.
    private func rendered(_ path: String) -> String {
        let result = Shell.run(
            "man", ["--warnings", "-l", path], environment: ["MANWIDTH": "100", "LANG": "C.UTF-8"],
            timeout: 60)
        #expect(result.exitCode == 0, "\(path): \(result.stderr)")
        #expect(result.stderr.isEmpty, "man -l \(path) warned: \(result.stderr)")
        // Strip overstriking (bold and underline) as a pager would show it.
        var text = ""
        for character in result.stdoutText {
            if character == "\u{8}" { _ = text.popLast() } else { text.append(character) }
        }
        return text
    }

    @Test(arguments: ["segue", "segue-commands"])
    func pagesRenderWithoutWarnings(_ name: String) throws {
        let text = rendered(try page(name))
        #expect(text.contains("NAME"))
        if name == "segue-commands" {
            #expect(text.contains("playlist list|show|create"))
            #expect(text.contains("workout cadence SPM|+N|-N"))
        }
    }

    @Test func configPageRendersWhenItsSourceExists() throws {
        let markdown = Fixtures.packageRoot + "/docs/config.md"
        try #require(access(markdown, R_OK) == 0, "docs/config.md is the source of segue-config(5)")
        let path = Fixtures.temporaryDirectory() + "/segue-config.5"
        let result = Shell.run(
            "sh",
            ["-c", "python3 '\(Fixtures.packageRoot)/scripts/md2scdoc.py' segue-config 5 config < '\(markdown)' | scdoc > '\(path)'"],
            timeout: 60)
        try #require(result.exitCode == 0, "\(result.stderr)")
        #expect(rendered(path).contains("NAME"))
    }

    /// The long options heading the lines of `text` indented by one of `indents` spaces, after the line
    /// `start` and before the next line that does not start with a space.
    private func options(_ text: String, indents: Set<Int>, after start: (Substring) -> Bool) -> Set<String> {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: start) else { return [] }
        var names: Set<String> = []
        for line in lines[(first + 1)...] {
            if !line.isEmpty && !line.hasPrefix(" ") { break }
            let head = line.drop(while: { $0 == " " })
            guard head.hasPrefix("-"), indents.contains(line.count - head.count) else { continue }
            for word in head.split(separator: " ").prefix(2) where word.hasPrefix("--") {
                names.insert(String(word.hasSuffix(",") ? word.dropLast() : word))
            }
        }
        return names
    }

    /// `segue --help` and segue(1) list the same options: both come from the declarations.
    @Test func helpAndTheManualPageListTheSameOptions() throws {
        let help = Shell.run(Self.segue, ["--help"], timeout: 30)
        try #require(help.exitCode == 0)
        let fromHelp = options(help.stdoutText, indents: [2, 6]) { $0.hasPrefix("Options") }
        let fromPage = options(rendered(try page("segue")), indents: [7]) { $0 == "OPTIONS" }
        #expect(fromHelp.count > 10, "\(help.stdoutText)")
        // The page also has --help and --version, which --help gives in its usage lines.
        #expect(fromPage == fromHelp.union(["--help", "--version"]))
    }

    /// `make install-files` (what `make install` runs after building) with the debug binary.
    private func install(prefix: String, destdir: String) -> Shell.Result {
        Shell.run(
            "make",
            [
                "-s", "-C", Fixtures.packageRoot, "install-files", "BIN=\(Self.segue)", "SHARE=\(Fixtures.temporaryDirectory())",
                "PREFIX=\(prefix)", "DESTDIR=\(destdir)",
            ], timeout: 120)
    }

    @Test func installPutsEveryFileWhereItsReaderLooks() throws {
        let destdir = Fixtures.temporaryDirectory()
        let result = install(prefix: "/usr/local", destdir: destdir)
        try #require(result.exitCode == 0, "\(result.stdoutText)\(result.stderr)")
        var expected = [
            "bin/segue", "share/man/man1/segue.1", "share/man/man7/segue-commands.7",
            "share/bash-completion/completions/segue", "share/zsh/site-functions/_segue",
            "share/fish/vendor_completions.d/segue.fish", "lib/systemd/user/segue.service",
            "share/segue/demo/catalog.json", "share/segue/workout/featured.json",
        ]
        if access(Fixtures.packageRoot + "/docs/config.md", R_OK) == 0 { expected.append("share/man/man5/segue-config.5") }
        for file in expected {
            let path = destdir + "/usr/local/" + file
            #expect(access(path, R_OK) == 0, "\(path) was not installed")
        }
        let unit = String(decoding: Shell.readFile(destdir + "/usr/local/lib/systemd/user/segue.service") ?? [], as: UTF8.self)
        #expect(unit.contains("\nExecStart=/usr/local/bin/segue daemon --foreground\n"))
        let uninstall = Shell.run(
            "make", ["-s", "-C", Fixtures.packageRoot, "uninstall", "PREFIX=/usr/local", "DESTDIR=\(destdir)"], timeout: 60)
        #expect(uninstall.exitCode == 0, "\(uninstall.stderr)")
        for file in expected {
            #expect(access(destdir + "/usr/local/" + file, F_OK) != 0, "\(file) was left by make uninstall")
        }
    }

    @Test func systemdAcceptsTheInstalledUnit() throws {
        let prefix = Fixtures.temporaryDirectory()
        let result = install(prefix: prefix, destdir: "")
        try #require(result.exitCode == 0, "\(result.stdoutText)\(result.stderr)")
        let unit = prefix + "/lib/systemd/user/segue.service"
        // A user manager needs a runtime folder; verify also runs `man` on the unit's
        // Documentation= pages, which must be the installed ones.
        let runtime = Fixtures.temporaryDirectory()
        chmod(runtime, 0o700)
        let verify = Shell.run(
            "systemd-analyze", ["--user", "verify", unit],
            environment: environment.merging(["XDG_RUNTIME_DIR": runtime, "MANPATH": prefix + "/share/man"]) { $1 }, timeout: 60)
        #expect(verify.exitCode == 0, "\(verify.stdoutText)\(verify.stderr)")
        #expect(verify.stderr.isEmpty, "systemd-analyze verify: \(verify.stderr)")
        // What verify reads: the installed binary that ExecStart names.
        #expect(String(decoding: Shell.readFile(unit) ?? [], as: UTF8.self).contains("ExecStart=\(prefix)/bin/segue daemon --foreground"))
    }
}

/// The tools `InstallTests` reads the installed files with (make deps installs them). Missing,
/// the suite is skipped saying which; under CI it runs and fails with the reason.
enum InstallTools {
    static let tools: [(String, [String])] = [
        ("bash", ["--version"]), ("zsh", ["--version"]), ("fish", ["--version"]), ("sh", ["-c", "command -v scdoc"]),
        ("man", ["--version"]),
        ("systemd-analyze", ["--version"]), ("make", ["--version"]), ("python3", ["--version"]),
        ("test", ["-r", "/usr/share/bash-completion/bash_completion"]),
    ]
    static let unavailableReason: String? = tools.lazy.compactMap { RequiredTools.problem(running: $0.0, $0.1) }.first
    static var suiteRuns: Bool { unavailableReason == nil || RequiredTools.mustRunEverything }
    static var skipReason: Comment {
        Comment(rawValue: "\(unavailableReason ?? "") (make deps installs it); set CI=true or SEGUE_REQUIRE_ALL=1 to make this a failure")
    }
}
