import Testing

@testable import TUI

/// Which daemon lines the UI reads where (issue 15: wake-ups). A line read on the parser's thread
/// costs the UI two more wake-ups (handing it over, getting it back) than one read where it
/// arrives, so only long replies go there, and nothing overtakes a line still being read.
@Suite struct MessageParserTests {
    private static let event = #"{"event":"status","status":{"status":"playing","queueLength":3,"position":1.5}}"#
    private static let bigReply = "{\"id\":3,\"ok\":true,\"result\":{\"kind\":\"text\"},\"text\":\"" + String(repeating: "x", count: 100_000) + "\"}"

    @Test func eventsAndShortRepliesAreReadWhereTheyArrive() {
        #expect(!MessageParser.takes([Self.event], waiting: 0))
        #expect(!MessageParser.takes([Self.event, #"{"id":2,"ok":true,"result":{"kind":"none"},"text":""}"#], waiting: 0))
    }

    @Test func aLongReplyGoesToTheParserAndWhatFollowsWaitsItsTurn() {
        #expect(MessageParser.takes([Self.bigReply], waiting: 0))
        #expect(MessageParser.takes([Self.event, Self.bigReply], waiting: 0), "an event before a long reply stays in order with it")
        #expect(MessageParser.takes([Self.event], waiting: 1), "an event behind a reply still being read")
    }
}
