import TestSupport
import Testing

@testable import segue

/// Each subcommand describes itself from its one declaration: `--help` lists exactly the
/// options it accepts, and an option it does not have is one generated sentence and exit 2.
@Suite struct SubcommandHelpTests {
    /// The words that start each subcommand, with its declaration and the options it had before
    /// the declarations existed (none may be lost).
    private static let subcommands: [(words: [String], declaration: SubcommandSpec, existing: Set<String>)] = [
        (["ui"], UICommand.declaration, ["--output", "-o", "--catalog-url", "--catalog", "--country"]),
        (
            ["play"], PlayOptions.declaration,
            ["--output", "-o", "--shuffle", "-s", "--repeat", "-r", "--catalog-url", "--catalog", "--country"]
        ),
        (
            ["search"], CatalogCommand.searchDeclaration,
            ["--json", "--songs", "--albums", "--artists", "--limit", "--catalog-url", "--catalog", "--country"]
        ),
        (["lookup"], CatalogCommand.lookupDeclaration, ["--json", "--catalog-url", "--catalog", "--country"]),
        (["daemon"], DaemonCommand.declaration, ["--foreground", "-f", "--output", "-o", "--catalog-url", "--catalog", "--country"]),
        (["ctl"], CtlCommand.declaration, ["--json"]),
    ]

    private func segue(_ arguments: [String]) -> Shell.Result {
        // A private home, so nothing here can reach (or start) a daemon someone else uses.
        Shell.run(
            PlayCommandTests.segue, arguments,
            environment: ["SEGUE_OUTPUT": "", "SEGUE_CATALOG_URL": "", "SEGUE_HOME": Fixtures.temporaryDirectory()], timeout: 30)
    }

    /// The option names (long and short) on the lines after "Options:" in a help text.
    private func listedOptions(_ help: String) -> Set<String> {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "Options:") else { return [] }
        var names: Set<String> = []
        for line in lines[(start + 1)...] where line.hasPrefix("  ") {
            // "  -o, --output SPEC    what it does": the names come before the first placeholder.
            for word in line.split(separator: " ").prefix(3) {
                let name = word.hasSuffix(",") ? word.dropLast() : word
                if name.hasPrefix("-") { names.insert(String(name)) }
            }
        }
        return names
    }

    @Test(arguments: 0..<6)
    func helpListsExactlyTheDeclaredOptions(_ index: Int) {
        let (words, declaration, existing) = Self.subcommands[index]
        let result = segue(words + ["--help"])
        #expect(result.exitCode == 0, "\(words): \(result.stderr)")
        #expect(result.stdoutText.hasPrefix("usage: \(declaration.synopsis)\n"))
        var declared: Set<String> = ["--help", "-h"]
        for option in declaration.options {
            declared.insert(option.name)
            if let short = option.short { declared.insert("-\(short)") }
        }
        #expect(listedOptions(result.stdoutText) == declared, "\(words)")
        // Every option the subcommand had before is still declared.
        #expect(existing.subtracting(declared).isEmpty, "\(words) lost \(existing.subtracting(declared))")
    }

    @Test(arguments: 0..<6)
    func anUnknownOptionIsOneGeneratedSentenceAndExitTwo(_ index: Int) {
        let (words, declaration, _) = Self.subcommands[index]
        // ctl takes a command after its options; the unknown option comes before it.
        let result = segue(words + ["--no-such-option"] + (words == ["ctl"] ? ["status"] : ["x"]))
        #expect(result.exitCode == 2)
        let first = result.stderr.split(separator: "\n").first.map(String.init)
        let command = declaration.command
        #expect(first == "\(command): unknown option --no-such-option; \(command) --help lists them.")
    }

    @Test func theTopLevelHelpListsEverySubcommandAndEveryOption() {
        let result = segue(["--help"])
        #expect(result.exitCode == 0)
        for (_, declaration, _) in Self.subcommands {
            #expect(result.stdoutText.contains("  \(declaration.synopsis)\n"))
            for option in declaration.options {
                #expect(result.stdoutText.contains(" \(option.synopsis) "), "\(option.name) missing from segue --help")
            }
        }
    }

    @Test func anOptionMayCarryItsValueAfterAnEqualsSign() throws {
        let parsed = try PlayOptions.declaration.parse(["--output=null", "-r", "all", "a.mp3"])
        #expect(parsed.options.map(\.option.name) == ["--output", "--repeat"])
        #expect(parsed.options.map(\.value) == ["null", "all"])
        #expect(parsed.operands == ["a.mp3"])
    }

    @Test func doubleDashEndsTheOptionsAndALoneDashIsAnItem() throws {
        let parsed = try PlayOptions.declaration.parse(["-", "--", "--shuffle", "-s"])
        #expect(parsed.options.isEmpty)
        #expect(parsed.operands == ["-", "--shuffle", "-s"])
    }

    @Test func aSearchTermMayStartWithOneDash() throws {
        let parsed = try CatalogCommand.searchDeclaration.parse(["-ish", "--json"])
        #expect(parsed.operands == ["-ish"])
        #expect(parsed.options.map(\.option.name) == ["--json"])
    }

    @Test func ctlOptionsEndAtTheCommand() throws {
        let parsed = try CtlCommand.declaration.parse(["--json", "queue", "--since", "3"])
        #expect(parsed.options.map(\.option.name) == ["--json"])
        #expect(parsed.operands == ["queue", "--since", "3"])
    }

    @Test func valuesOutOfTheirDeclaredRangeAreSentences() {
        #expect(throws: UsageError.self) { try CatalogCommand.searchDeclaration.parse(["--limit", "201", "x"]) }
        let repeatError = #expect(throws: UsageError.self) { try PlayOptions.declaration.parse(["--repeat", "sometimes", "x"]) }
        #expect(repeatError?.description == "--repeat takes one, all or none, not \"sometimes\".")
        let missing = #expect(throws: UsageError.self) { try PlayOptions.declaration.parse(["x", "--output"]) }
        #expect(missing?.description == "--output takes pulse[:SINK], alsa[:DEVICE], null, wav:PATH or pipe:PATH.")
        let daemon = #expect(throws: UsageError.self) { try DaemonCommand.declaration.parse(["now"]) }
        #expect(daemon?.description.hasPrefix("unexpected argument now;") == true)
    }
}
