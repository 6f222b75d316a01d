import Checked
import Terminal
import Testing

@testable import TUI

@Suite struct TUIConfigTests {
    @Test func keysCanBeRebound() {
        let (config, problems) = TUIConfig.parse(
            ConfigFile(
                parsing:
                    """
                    # my keys
                    bind.ctrl-n = next
                    bind.f2 = :seek +30   # jump ahead
                    bind.n = none
                    bind.# = top
                    colors = never
                    seek-step = 5
                    """))
        #expect(problems.isEmpty)
        #expect(config.keyMap.binding(for: .control("n")) == .action(.next))
        #expect(config.keyMap.binding(for: .function(2)) == .command("seek +30"))
        #expect(config.keyMap.binding(for: .character("n")) == nil)
        #expect(config.keyMap.binding(for: .character("#")) == .action(.top))
        #expect(config.colors == false)
        #expect(config.seekStep == 5)
    }

    @Test func badLinesAreNamedWithTheirLineNumbers() {
        let file = ConfigFile(parsing: "bind.hyper-x = next\nbind.j = fly\nvolume = 3\njust words\n")
        let problems =
            TUIConfig.parse(file).problems + file.unknownKeys(names: TUIConfig.names, prefixes: TUIConfig.prefixes) + file.problems
        #expect(problems.count == 4)
        #expect(problems[0].hasPrefix("config line 1:"))
        #expect(problems[1].contains("\"fly\" is not an action"))
        #expect(problems[2].contains("unknown setting"))
        #expect(problems[3].contains("is not key = value"))
    }

    @Test func theHelpIsMadeFromTheKeyMapInUse() throws {
        var d = Driver(config: TUIConfig.parse(ConfigFile(parsing: "bind.ctrl-n = next\nbind.z = :seek 0")).config)
        d.key(.character("?"))
        #expect(d.screen().joined(separator: "\n").contains("j down  "))
        let help = d.model.page.rows.compactMap { if case .text(let t) = $0 { t } else { nil } }
        #expect(help.contains { $0.contains("n ctrl-n") && $0.contains("Next entry") })
        // Commands bound to keys follow the actions (the workout screen's keys come after them).
        #expect(help.contains { $0.hasPrefix("  z ") && $0.contains(":seek 0") })
        let workoutKeys = try #require(help.firstIndex { $0.contains("Tap in rhythm") })
        #expect(help.firstIndex { $0.contains(":seek 0") }! < workoutKeys)
        d.key(.character("G"))
        #expect(d.screen().joined(separator: "\n").contains("Leave the picker, back to the workout"))
    }

    @Test func keyNamesReadBack() {
        for name in ["j", "G", "space", "enter", "ctrl-d", "up", "pgdn", "f5", "tab", "shift-tab", "esc", "backspace", "delete", "<"] {
            let key = KeyName.key(name)
            #expect(key != nil, "\(name)")
            #expect(key.map(KeyName.name) == name)
        }
        #expect(KeyName.key("hyper-x") == nil)
    }
}
