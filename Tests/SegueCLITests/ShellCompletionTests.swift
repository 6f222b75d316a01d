import Session
import TestSupport
import Testing

@testable import segue

/// What `segue __complete` answers at a Tab: subcommands and their options from the declarations
/// `--help` prints, `segue ctl`'s verbs and fixed words from the `:` line's table, and a marker
/// where the shell should offer paths.
@Suite struct ShellCompletionTests {
    @Test func subcommandsAndTheirOptions() {
        #expect(ShellCompletion.candidates([""]).contains("ctl"))
        #expect(ShellCompletion.candidates(["p"]) == ["play"])
        #expect(ShellCompletion.candidates(["co"]) == ["completions"])
        #expect(ShellCompletion.candidates(["--ou"]) == ["--output"])
        #expect(ShellCompletion.candidates(["play", "--re"]) == ["--repeat"])
        #expect(ShellCompletion.candidates(["play", "--repeat", ""]) == ["one", "all", "none"])
        #expect(ShellCompletion.candidates(["daemon", "--fo"]) == ["--foreground"])
        #expect(ShellCompletion.candidates(["completions", ""]) == ["bash", "zsh", "fish"])
        // A value is not an operand: after `--output null` the words are items again.
        #expect(ShellCompletion.candidates(["play", "--output", "null", ""]) == [ShellCompletion.filesMarker])
        #expect(ShellCompletion.candidates(["play", "--output", ""]) == ShellCompletion.outputKinds)
        #expect(ShellCompletion.candidates(["search", ""]) == [])
        #expect(ShellCompletion.candidates(["frob", ""]) == [])
    }

    @Test func optionValuesCompleteAfterASpaceOrAnEqualsSign() {
        #expect(ShellCompletion.candidates(["play", "--repeat=o"]) == ["--repeat=one"])
        #expect(ShellCompletion.candidates(["--output", "n"]) == ["null"])
        #expect(ShellCompletion.candidates(["--output=p"]) == ["--output=pulse", "--output=pulse:", "--output=pipe:"])
        #expect(ShellCompletion.candidates(["play", "--shuffle=x"]).isEmpty, "--shuffle takes no value")
    }

    @Test func ctlCompletesFromTheVerbTable() {
        #expect(ShellCompletion.candidates(["ctl", "pl"]) == ["play", "playlater", "playlist", "playnext"])
        #expect(ShellCompletion.candidates(["ctl", "--json", "rep"]) == ["repeat", "replace"])
        #expect(ShellCompletion.candidates(["ctl", "--j"]) == ["--json"])
        #expect(ShellCompletion.candidates(["ctl", "repeat", ""]) == ["one", "all", "none"])
        #expect(ShellCompletion.candidates(["ctl", "pl", "ex"]) == ["export"])
        #expect(ShellCompletion.candidates(["ctl", "workout", "start", "r"]) == ["running"])
        #expect(ShellCompletion.candidates(["ctl", "add", ""]) == [ShellCompletion.filesMarker])
        #expect(ShellCompletion.candidates(["ctl", "add", "--at", ""]) == [])
        #expect(ShellCompletion.candidates(["ctl", "replace", "2", ""]) == [ShellCompletion.filesMarker])
        #expect(ShellCompletion.candidates(["ctl", "folder", "add", ""]) == [ShellCompletion.directoriesMarker])
        #expect(ShellCompletion.candidates(["ctl", "playlist", "import", ""]) == [ShellCompletion.filesMarker])
        #expect(ShellCompletion.candidates(["ctl", "playlist", "show", ""]) == [])
        #expect(ShellCompletion.candidates(["ctl", "seek", ""]) == [])
    }

    /// Every verb of the `:` line is offered after `segue ctl`, so a verb added to the table is
    /// completed in the shells with no other change.
    @Test func everyVerbIsOffered() {
        let offered = ShellCompletion.candidates(["ctl", ""])
        for verb in CommandVerb.all { #expect(offered.contains(verb.name), "\(verb.name)") }
    }

    /// The `:` line's whole-line completion reads the same table (and is unchanged by the shells').
    @Test func theColonLineAgrees() {
        #expect(CommandCompletion.completions(for: "pl ex") == ["playlist export"])
        #expect(CommandCompletion.completions(for: "pl") == ["play", "add", "playnext", "playlist"])
        #expect(CommandCompletion.completions(for: "library songs --") == ["library songs --sort", "library songs --from"])
        #expect(CommandCompletion.completions(for: "add x ") == [])
    }
}
