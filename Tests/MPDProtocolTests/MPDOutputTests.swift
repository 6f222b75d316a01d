import MPDProtocol
import MusicModel
import Session
import TestSupport
import Testing

/// `outputs` and the output switches over the one configured output: what they list, what is
/// heard after a switch (as the player and its output show it), and the `output` event.
@Suite struct MPDOutputTests {
    private let info = AudioOutputInfo(id: 0, name: "ALSA default", plugin: "alsa", enabled: true)

    private func changes(_ events: EventLog<SessionEvent>) -> Int {
        events.all.count { if case .changed(.outputs) = $0 { true } else { false } }
    }

    @Test func outputsListsTheConfiguredOutput() throws {
        let rig = try MPDRig(outputInfo: info)
        #expect(try rig.run("outputs").get() == "outputid: 0\noutputname: ALSA default\nplugin: alsa\noutputenabled: 1\n")
    }

    @Test func switchesChangeWhatIsListedAndPublishOnlyChanges() throws {
        let rig = try MPDRig(outputInfo: info)
        let events = EventLog<SessionEvent>()
        let observation = rig.session.observe { events.record($0) }
        defer { observation.cancel() }
        try rig.run("disableoutput", "0").get()
        #expect(try rig.value("outputenabled", in: "outputs") == "0")
        #expect(changes(events) == 1)
        try rig.run("disableoutput", "0").get()
        #expect(changes(events) == 1)  // already disabled: nothing changed
        try rig.run("toggleoutput", "0").get()
        #expect(try rig.value("outputenabled", in: "outputs") == "1")
        try rig.run("enableoutput", "0").get()
        #expect(changes(events) == 2)
        #expect(rig.run("enableoutput", "1").ack?.line == "ACK [50@0] {enableoutput} No such audio output")
        #expect(rig.run("toggleoutput", "x").ack?.code == .argument)
    }

    @Test func disablingTheOnlyOutputPausesAndKeepsItSilent() throws {
        let rig = try MPDRig(outputInfo: info)
        _ = try rig.session.perform(.add(["1:10000000"], position: .tail)).get()
        #expect(rig.session.snapshot.state.playbackStatus == .playing)
        try rig.run("disableoutput", "0").get()
        #expect(rig.session.snapshot.state.playbackStatus == .paused)
        // What would start the music is refused, or leaves it paused.
        if case .failure(let error) = rig.session.perform(.play) {
            #expect(error.description.contains("disabled"))
        } else {
            Issue.record("play was not refused while the output is disabled")
        }
        if case .success = rig.session.perform(.toggle) { Issue.record("toggle was not refused while the output is disabled") }
        #expect(rig.session.snapshot.state.playbackStatus == .paused)
        _ = try rig.session.perform(.replace(["2:10000000"], start: 1)).get()
        #expect(rig.session.snapshot.state.playbackStatus == .paused)
        try rig.run("enableoutput", "0").get()
        _ = try rig.session.perform(.play).get()
        #expect(rig.session.snapshot.state.playbackStatus == .playing)
    }
}
