import MusicModel
import Player
import Session
import TestSupport
import Testing
import WireProtocol

@Suite struct WireProtocolTests {
    @Test func requestsParseAndPrintBack() throws {
        let request = try WireRequest.parse(#"{"id":7,"command":"seek 1:23"}"#)
        #expect(request == WireRequest(id: .number(7), command: "seek 1:23"))
        #expect(request.line == #"{"id":7,"command":"seek 1:23"}"#)
        #expect(try WireRequest.parse(#"{"id":"a","subscribe":true}"#) == WireRequest(id: .string("a"), command: nil, subscribe: true))
        #expect(try WireRequest.parse(#"{"command":"add \"夜に駆ける.mp3\""}"#).command == #"add "夜に駆ける.mp3""#)
    }

    @Test func anythingElseIsASentence() {
        for line in ["", "status", "{", "[]", #"{"id":1}"#, #"{"command":5}"#, "\u{0}\u{1}garbage"] {
            #expect(throws: WireError.self, "\(line)") { try WireRequest.parse(line) }
        }
        let refusal = #expect(throws: WireError.self) { try WireRequest.parse("nonsense") }
        #expect(refusal?.description.hasPrefix("The request could not be read: a request is one JSON object per line") == true)
    }

    /// Every line either becomes a request that prints back to the same request, or is refused
    /// with the request sentence; none crashes the parser.
    @Test func randomLinesParseBackOrAreRefusedWithASentence() {
        var random = SplitMix64(seed: 5)
        let alphabet = Array(#"{}[]":,0123456789 abcidmnotrsuetfl\"#.unicodeScalars) + ["夜", "\u{0}"]
        let words = Array("abc xyz 12:3 夜".unicodeScalars)
        let fragments = [#"{"id":"#, #""command":"#, #""status""#, #"1"#, ",", "}", #""subscribe":true"#]
        var parsed = 0
        var refused = 0
        for n in 0..<3000 {
            let line: String
            switch n % 3 {
            case 0: line = String(String.UnicodeScalarView((0..<random.int(60)).map { _ in alphabet[random.int(alphabet.count)] }))
            case 1: line = (0..<random.int(8)).map { _ in fragments[random.int(fragments.count)] }.joined()
            default:  // a valid request around a random command
                let command = String(String.UnicodeScalarView((0..<random.int(20)).map { _ in words[random.int(words.count)] }))
                line = #"{"id":\#(random.int(1000)),"command":"\#(command)"}"#
            }
            do {
                let request = try WireRequest.parse(line)
                parsed += 1
                #expect((try? WireRequest.parse(request.line)) == request, "\(line) → \(request.line)")
            } catch {
                refused += 1
                #expect(error.description.hasPrefix("The request could not be read: "), "\(line): \(error)")
            }
        }
        #expect(parsed + refused == 3000)
        #expect(parsed > 0 && refused > 0, "both kinds of line were tried (\(parsed) parsed)")
    }

    @Test func repliesHaveTheDocumentedShape() {
        let snapshot = Snapshot(
            state: PlayerState(),
            current: QueueEntry(id: QueueEntryID(rawValue: 3), item: PlayableItem(location: "/m/a.mp3", title: "A", artist: "B")),
            queuePosition: 1, queueLength: 2, position: 61.5, duration: 200)
        let reply = WireReply.success(id: .number(1), result: .done(snapshot))
        #expect(
            reply.hasPrefix(
                #"{"id":1,"ok":true,"result":{"kind":"status","status":{"status":"stopped","current":{"id":3,"title":"A","subtitle":"B","item":{"location":"/m/a.mp3","title":"A","artist":"B","album":null,"duration":null}},"queuePosition":1,"queueLength":2,"position":61.5,"duration":200,"repeat":"none","shuffle":"off","single":"off","consume":"off","volume":100,"#
            ))
        #expect(reply.contains(#""text":"stopped  A — B  1:01 / 3:20  [1/2]  vol 100%\n""#))
        #expect(WireReply.failure(id: nil, message: "The queue is empty.") == #"{"id":null,"ok":false,"error":"The queue is empty."}"#)
        #expect(WireReply.event("queueEnded", []) == #"{"event":"queueEnded"}"#)
    }
}
