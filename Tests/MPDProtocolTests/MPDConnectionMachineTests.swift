import MPDProtocol
import Testing

/// A connection's protocol state as values: lines in, actions out.
@Suite struct MPDConnectionMachineTests {
    private func text(_ action: MPDConnectionMachine.Action) -> String? {
        if case .send(let bytes) = action { String(decoding: bytes, as: UTF8.self) } else { nil }
    }

    @Test func aRequestIsHandedOutToRunAndTheNextWaitsForIt() {
        var machine = MPDConnectionMachine(passwordRequired: false)
        #expect(machine.received("status") == .run(MPDBatch(requests: [MPDRequest(name: "status")], listMode: .single)))
        #expect(machine.finished(client: machine.client, closing: false) == .nothing)
        #expect(machine.received("ping") == .run(MPDBatch(requests: [MPDRequest(name: "ping")], listMode: .single)))
    }

    @Test func nothingInACommandListRunsUntilItsEnd() {
        var machine = MPDConnectionMachine(passwordRequired: false)
        #expect(machine.received("command_list_ok_begin") == .nothing)
        #expect(machine.received("setvol 50") == .nothing)
        #expect(machine.received("play \"3\"") == .nothing)
        #expect(
            machine.received("command_list_end")
                == .run(
                    MPDBatch(
                        requests: [MPDRequest(name: "setvol", arguments: ["50"]), MPDRequest(name: "play", arguments: ["3"])],
                        listMode: .ok)))
    }

    @Test func aCommandListOverTwoMebibytesClosesTheConnection() {
        var machine = MPDConnectionMachine(passwordRequired: false)
        _ = machine.received("command_list_begin")
        let line = "add " + String(repeating: "a", count: 1000)
        var action = MPDConnectionMachine.Action.nothing
        var lines = 0
        while action == .nothing, lines < 3000 {
            action = machine.received(line)
            lines += 1
        }
        #expect(action == .close)
        #expect(lines == MPDConnectionMachine.maxCommandListBytes / 1005 + 1)
        #expect(machine.received("command_list_end") == .nothing)
    }

    @Test func idleInsideAListClosesTheConnection() {
        var machine = MPDConnectionMachine(passwordRequired: false)
        _ = machine.received("command_list_begin")
        #expect(machine.received("idle") == .close)
    }

    @Test func garbageClosesTheConnectionWithoutAReply() {
        var machine = MPDConnectionMachine(passwordRequired: false)
        #expect(machine.received("GET / HTTP/1.1") == .close)
        #expect(machine.received("status") == .nothing)
    }

    @Test func aMalformedLineIsAnAckAsMPDWritesIt() {
        var machine = MPDConnectionMachine(passwordRequired: false)
        #expect(text(machine.received("add \"open")) == "ACK [5@0] {} Missing closing '\"'\n")
        #expect(machine.received("ping") == .run(MPDBatch(requests: [MPDRequest(name: "ping")], listMode: .single)))
    }

    @Test func idleWaitsForItsSubsystemsAndLeavesOthersPending() {
        var machine = MPDConnectionMachine(passwordRequired: false)
        #expect(machine.received("idle player mixer") == .nothing)
        #expect(machine.isIdle)
        #expect(machine.changed(.playlist) == .nothing)
        #expect(text(machine.changed([.player, .mixer])) == "changed: player\nchanged: mixer\nOK\n")
        #expect(!machine.isIdle)
        // The queue change stayed pending: the next idle answers at once.
        #expect(text(machine.received("idle")) == "changed: playlist\nOK\n")
        #expect(machine.pending.isEmpty)
    }

    @Test func changesWhileBusyAreReportedByTheNextIdle() {
        var machine = MPDConnectionMachine(passwordRequired: false)
        _ = machine.received("setvol 50")
        #expect(machine.changed(.mixer) == .nothing)
        _ = machine.finished(client: machine.client, closing: false)
        #expect(machine.changed(.options) == .nothing)
        #expect(text(machine.received("idle")) == "changed: mixer\nchanged: options\nOK\n")
    }

    @Test func noidleEndsAnIdleAndIsIgnoredOtherwise() {
        var machine = MPDConnectionMachine(passwordRequired: false)
        #expect(machine.received("noidle") == .nothing)
        _ = machine.received("idle")
        #expect(text(machine.received("noidle")) == "OK\n")
        #expect(!machine.isIdle)
    }

    @Test func anyOtherCommandWhileIdleClosesTheConnection() {
        var machine = MPDConnectionMachine(passwordRequired: false)
        _ = machine.received("idle")
        #expect(machine.received("status") == .close)
        #expect(machine.changed(.player) == .nothing)
    }

    @Test func idleRefusesUnknownSubsystemsAndNeedsThePassword() {
        var machine = MPDConnectionMachine(passwordRequired: false)
        #expect(text(machine.received("idle player bogus")) == "ACK [2@0] {idle} Unrecognized idle event: bogus\n")
        #expect(!machine.isIdle)
        var locked = MPDConnectionMachine(passwordRequired: true)
        #expect(text(locked.received("idle")) == "ACK [4@0] {idle} you don't have permission for \"idle\"\n")
    }

    @Test func closeAfterABatchClosesTheConnection() {
        var machine = MPDConnectionMachine(passwordRequired: false)
        _ = machine.received("close")
        #expect(machine.finished(client: machine.client, closing: true) == .close)
    }
}
