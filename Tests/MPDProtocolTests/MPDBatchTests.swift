import MPDProtocol
import Session
import Testing

/// Requests and command lists run on a real session: framing, the first failure stopping a
/// list, permissions and the connection commands.
@Suite struct MPDBatchTests {
    /// Runs `lines` as the server does (one request, or a list) and returns the reply.
    private func reply(_ rig: MPDRig, _ lines: String...) -> String {
        var machine = MPDConnectionMachine(passwordRequired: rig.environment.password != nil)
        machine.client = rig.client
        var out = ""
        for line in lines {
            switch machine.received(line) {
            case .send(let bytes): out += String(decoding: bytes, as: UTF8.self)
            case .run(let batch):
                let session = rig.session
                let outcome = batch.run(client: machine.client, environment: rig.environment, perform: { session.perform($0) })
                out += String(decoding: outcome.bytes, as: UTF8.self)
                _ = machine.finished(client: outcome.client, closing: outcome.closing)
            case .close: out += "<closed>"
            case .nothing: break
            }
        }
        rig.client = machine.client
        return out
    }

    @Test func aListWithListOKFramesEachCommand() throws {
        let rig = try MPDRig()
        #expect(
            reply(rig, "command_list_ok_begin", "ping", "urlhandlers", "command_list_end")
                == "list_OK\nhandler: http://\nhandler: https://\nhandler: itunes:\nlist_OK\nOK\n")
        #expect(reply(rig, "command_list_begin", "ping", "ping", "command_list_end") == "OK\n")
    }

    @Test func theFirstFailureStopsTheListWithItsIndex() throws {
        let rig = try MPDRig()
        let text = reply(rig, "command_list_begin", "ping", "bogus", "tagtypes clear", "command_list_end")
        #expect(text == "ACK [5@1] {} unknown command \"bogus\"\n")
        // The command after the failure did not run: every tag is still sent.
        #expect(rig.client.tags == Set(MPDTag.allCases))
        #expect(
            reply(rig, "command_list_begin", "ping", "binarylimit 1", "command_list_end")
                == "ACK [2@1] {binarylimit} Value too small\n")
        #expect(
            reply(rig, "command_list_ok_begin", "ping", "add \"x", "command_list_end")
                == "list_OK\nACK [5@1] {} Missing closing '\"'\n")
    }

    @Test func beforeThePasswordOnlyTheConnectionCommandsAnswer() throws {
        let rig = try MPDRig(password: "secret")
        #expect(reply(rig, "urlhandlers") == "ACK [4@0] {urlhandlers} you don't have permission for \"urlhandlers\"\n")
        #expect(reply(rig, "ping") == "OK\n")
        #expect(reply(rig, "commands") == "command: close\ncommand: commands\ncommand: notcommands\ncommand: password\ncommand: ping\nOK\n")
        #expect(reply(rig, "notcommands").contains("command: urlhandlers\n"))
        #expect(reply(rig, "password wrong") == "ACK [3@0] {password} incorrect password\n")
        #expect(reply(rig, "tagtypes").hasPrefix("ACK [4@0]"))
        #expect(reply(rig, "password secret") == "OK\n")
        #expect(reply(rig, "tagtypes").hasPrefix("tagtype: Artist\n"))
        #expect(reply(rig, "notcommands") == "OK\n")
    }

    @Test func withoutAPasswordSetEveryPasswordIsWrong() throws {
        let rig = try MPDRig()
        #expect(reply(rig, "password x") == "ACK [3@0] {password} incorrect password\n")
    }

    @Test func tagtypesChangeWhatThisConnectionGets() throws {
        let rig = try MPDRig()
        #expect(reply(rig, "tagtypes \"clear\"") == "OK\n")
        #expect(reply(rig, "tagtypes") == "OK\n")
        // mpc's `playlist`: MPD tags Segue does not keep are accepted and not sent.
        #expect(reply(rig, "tagtypes enable Artist AlbumArtist Title Name Composer Performer") == "OK\n")
        #expect(reply(rig, "tagtypes") == "tagtype: Artist\ntagtype: AlbumArtist\ntagtype: Title\ntagtype: Name\nOK\n")
        #expect(reply(rig, "tagtypes disable title") == "OK\n")
        #expect(rig.client.tags == [.artist, .albumArtist, .name])
        #expect(reply(rig, "tagtypes enable Bogus") == "ACK [2@0] {tagtypes} Unknown tag type\n")
        #expect(reply(rig, "tagtypes all") == "OK\n")
        #expect(rig.client.tags == Set(MPDTag.allCases))
    }

    @Test func closeEndsTheListAndTheConnection() throws {
        let rig = try MPDRig()
        #expect(reply(rig, "command_list_begin", "tagtypes clear", "close", "tagtypes all", "command_list_end", "ping") == "")
        #expect(rig.client.tags.isEmpty)
    }

    @Test func smallAnswersAreMPDs() throws {
        let rig = try MPDRig()
        #expect(reply(rig, "replay_gain_status") == "replay_gain_mode: off\nOK\n")
        #expect(reply(rig, "replay_gain_mode track") == "OK\n")
        #expect(reply(rig, "replay_gain_status") == "replay_gain_mode: off\nOK\n")
        #expect(reply(rig, "binarylimit 64") == "OK\n")
        #expect(rig.client.binaryLimit == 64)
        let decoders = reply(rig, "decoders")
        #expect(decoders.contains("plugin: mpg123\nsuffix: mp3\nmime_type: audio/mpeg\n"))
        #expect(decoders.contains("suffix: flac\n"))
        #expect(reply(rig, "commands").contains("command: idle\n"))
        #expect(!reply(rig, "commands").contains("command: noidle\n"))
        #expect(reply(rig, "ping extra") == "ACK [2@0] {ping} wrong number of arguments for \"ping\"\n")
    }
}
