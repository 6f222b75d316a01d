import Terminal
import Testing

@testable import TUI

@Suite struct TUIConfigTests {
    @Test func keysCanBeRebound() {
        let (config, problems) = TUIConfig.parse(
            """
            # my keys
            bind.ctrl-n = next
            bind.f2 = :seek +30   # jump ahead
            bind.n = none
            bind.# = top
            colors = never
            seek-step = 5
            """)
        #expect(problems.isEmpty)
        #expect(config.keyMap.binding(for: .control("n")) == .action(.next))
        #expect(config.keyMap.binding(for: .function(2)) == .command("seek +30"))
        #expect(config.keyMap.binding(for: .character("n")) == nil)
        #expect(config.keyMap.binding(for: .character("#")) == .action(.top))
        #expect(config.colors == false)
        #expect(config.seekStep == 5)
    }

    @Test func badLinesAreNamedWithTheirLineNumbers() {
        let (_, problems) = TUIConfig.parse("bind.hyper-x = next\nbind.j = fly\nvolume = 3\njust words\n")
        #expect(problems.count == 4)
        #expect(problems[0].hasPrefix("config line 1:"))
        #expect(problems[1].contains("\"fly\" is not an action"))
        #expect(problems[2].contains("unknown setting"))
        #expect(problems[3].contains("is not key = value"))
    }

    @Test func theHelpIsMadeFromTheKeyMapInUse() {
        var d = Driver(config: TUIConfig.parse("bind.ctrl-n = next\nbind.z = :seek 0").config)
        d.key(.character("?"))
        #expect(d.screen().joined(separator: "\n").contains("j down  "))
        let help = d.model.page.rows.compactMap { if case .text(let t) = $0 { t } else { nil } }
        #expect(help.contains { $0.contains("n ctrl-n") && $0.contains("Next entry") })
        d.key(.character("G"))
        #expect(d.screen().joined(separator: "\n").contains(":seek 0"))
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
