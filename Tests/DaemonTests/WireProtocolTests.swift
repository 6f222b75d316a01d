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
        do {
            _ = try WireRequest.parse("nonsense")
        } catch {
            #expect(error.description.hasPrefix("The request could not be read: a request is one JSON object per line"))
        }
    }

    @Test func randomLinesNeverCrashTheParser() {
        var random = SplitMix64(seed: 5)
        let alphabet = Array(#"{}[]":,0123456789 abcidmnotrsuetfl\"#.unicodeScalars) + ["夜", "\u{0}"]
        for _ in 0..<3000 {
            let line = String(String.UnicodeScalarView((0..<random.int(60)).map { _ in alphabet[random.int(alphabet.count)] }))
            _ = try? WireRequest.parse(line)
        }
    }

    @Test func repliesHaveTheDocumentedShape() {
        let snapshot = Snapshot(
            state: PlayerState(),
            current: QueueEntry(id: QueueEntryID(rawValue: 3), item: PlayableItem(location: "/m/a.mp3", title: "A", artist: "B")),
            queuePosition: 1, queueLength: 2, position: 61.5, duration: 200)
        let reply = WireReply.success(id: .number(1), result: .done(snapshot))
        #expect(
            reply.hasPrefix(
                #"{"id":1,"ok":true,"result":{"kind":"status","status":{"status":"stopped","current":{"id":3,"title":"A","subtitle":"B","item":{"location":"/m/a.mp3","title":"A","artist":"B","album":null,"duration":null}},"queuePosition":1,"queueLength":2,"position":61.5,"duration":200,"repeat":"none","shuffle":"off","volume":100,"#
            ))
        #expect(reply.contains(#""text":"stopped  A — B  1:01 / 3:20  [1/2]  vol 100%\n""#))
        #expect(WireReply.failure(id: nil, message: "The queue is empty.") == #"{"id":null,"ok":false,"error":"The queue is empty."}"#)
        #expect(WireReply.event("queueEnded", []) == #"{"event":"queueEnded"}"#)
    }
}
