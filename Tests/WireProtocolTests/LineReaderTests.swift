import MusicModel
import Session
import TestSupport
import Testing
import WireProtocol

/// `DaemonMessage.parse` reads lines with its own JSON reader; Foundation's JSONDecoder, which
/// it replaced, is the reference: every line, well formed or damaged, must read as the same
/// message or fail with the same sentence (which names the bad field).
@Suite struct LineReaderTests {
    /// Lines the daemon's encoders write from a real session, and hand-written ones of every kind.
    static func corpus() throws -> [String] {
        let rig = try DaemonMessageTests.Rig()
        var lines: [String] = []
        for command in [
            "status", "album 9000000101", "artist 9000000001", "search artists trio", "replace 2 1:441000 2:441000 3:441000", "queue",
            "queue --since 1", "repeat all", "volume 35", #"playlist create "Late Night 🎧""#, #"playlist add "Late Night 🎧" 1:1000"#,
            "playlist list", #"playlist show "Late Night 🎧""#, "history", "help", "status",
        ] {
            lines.append(WireReply.success(id: .number(1), result: try rig.run(command), notice: lines.count % 3 == 0 ? "Demo." : nil))
        }
        lines += [
            WireReply.failure(id: .string("a\u{1}\"b"), message: "The queue is empty. \u{1F3B5}"),
            #"{"event":"queueChanged","version":41}"#, #"{"event":"entryFailed","entry":null,"reason":"Gone."}"#,
            #"{"event":"outputFailed","reason":"No device."}"#, #"{"event":"queueEnded"}"#, #"{"event":"catalog","notice":null}"#,
            #"{"event":"notice","message":"Set aside."}"#, #"{"event":"library","activity":"changed"}"#,
            #"{"event":"library","activity":"scanning","scan":{"folder":"/music","done":3120,"total":10000}}"#,
            #"{"event":"library","activity":"scanned","outcome":{"folders":["/m"],"added":-1,"seconds":-2,"removed":"x"}}"#,
            #"{"ok":true,"result":{"kind":"folders","items":[{"path":"/m","songs":-5,"lastScan":1e300,"skipped":-1,"new":{}},{"path":"/n","songs":1,"lastScan":-3,"skipped":2}]}}"#,
            #"{"ok":true,"result":{"kind":"stats","stats":{"songs":-1,"albums":2,"artists":3,"totalSeconds":1e300,"folders":-9,"lastScan":"soon","skipped":0,"scan":{"folder":"/m","done":-4,"total":-1}}}}"#,
            #"{"event":"workout","workout":{"kind":"rowing","phase":"warmup","elapsed":1e300,"target":-60,"cadence":5,"currentBPM":0,"onCadence":true,"recommended":[{"location":"itunes:1","bpm":5000,"duration":1e300,"new":1}],"tracksPlayed":-3,"skips":-1,"extra":{"a":[1]}}}"#,
            #"{"ok":true,"result":{"kind":"workouts","items":[{"kind":"running","startedAt":1e300,"duration":-1,"cadence":170.6,"tracksPlayed":-2,"onCadenceShare":7,"averageBPM":0,"skips":3}]}}"#,
            #"{"ok":true,"result":{"kind":"tempo","items":[{"item":"a","bpm":0},{"item":"b","bpm":120,"confidence":9,"source":"oracle"},{"item":"c","bpm":1e300,"error":"No beat."}]}}"#,
            #"{"id":1,"ok":true,"result":{"kind":"queueChanges","since":4,"version":6,"changes":[{"op":"insert","position":1,"entries":[{"id":3,"title":"t","item":{"location":"/a"}}]},{"op":"remove","ids":[1,2]},{"op":"move","id":3,"position":2},{"op":"update","entry":{"id":3,"title":"u","item":{"location":"/b","duration":2.5}}},{"op":"shuffle"},{"op":"clear"}],"current":null,"count":0}}"#,
        ]
        return lines
    }

    /// Lines at the edges of JSONDecoder's grammar and of its number rules.
    static let edges: [String] = {
        var lines = [
            "", " ", "status", "[1,2]", "5", "null", #""s""#, #"{"id":1}"#, #"{"ok":"yes"}"#, #"{"ok":true,}"#, #"{"ok":true,,}"#, "{,}",
            #"{"ok":true}{"#, #"{"ok":true} x"#, " \t\r\n{\"ok\" :\r\n true }\r\n", "\u{FEFF}{\"ok\":true}", "{\"ok\":true}\u{FEFF}",
            "\u{A0}{\"ok\":true}", #"{"ok":True}"#, #"{"ok":tru}"#, #"{1:true}"#, #"{'ok':true}"#, "{\"ok\":true}\u{0}",
            #"{"ok":true,"ok":false}"#, #"{"ok":false,"ok":true,"error":"first"}"#, #"{"\u006fk":true}"#,
            #"{"ok":true,"text":"\ud83d\ude00 \u00e9\u00E9 \/ \b\f\n\r\t \" \\"}"#, #"{"ok":true,"text":"\ud800"}"#,
            #"{"ok":true,"text":"\udc00"}"#, #"{"ok":true,"text":"\ud800\u0041"}"#, #"{"ok":true,"text":"\u00"}"#,
            #"{"ok":true,"text":"\x"}"#, #"{"ok":true,"text":"\U0041"}"#, "{\"ok\":true,\"text\":\"a\tb\"}",
            "{\"ok\":true,\"text\":\"a\u{7F}b\"}", #"{"ok":true,"text":"\u0000"}"#, #"{"ok":true,"text":"unterminated}"#,
            #"{"ok":true,"result":{"kind":"added"}}"#,
            #"{"ok":true,"result":{"kind":"status","status":{"status":"playing","queueLength":3,"queuePosition":2,"repeat":"none","shuffle":"off","volume":50,"crossfade":0,"prepared":true},"added":[1,2,]}}"#,
            #"{"ok":true,"result":{"kind":"status","status":{"status":"playing","queueLength":3,"repeat":"none","shuffle":"off","volume":50,"crossfade":0,"prepared":true},"added":[1,,2]}}"#,
            #"{"ok":true,"result":{"kind":"status","status":{"status":"playing","queueLength":3,"repeat":"none","shuffle":"off","volume":50,"crossfade":0,"prepared":true},"added":[1,null]}}"#,
            #"{"ok":true,"result":{"kind":"status","status":{"status":"playing","queueLength":3,"repeat":"none","shuffle":"off","volume":50,"crossfade":0,"prepared":true},"added":[1,"x"]}}"#,
            #"{"ok":true,"result":{"kind":"songs","items":[{"id":"1","title":"t","artist":"a","playable":true},{"id":"1","title":7}]}}"#,
            #"{"ok":true,"result":{"kind":"songs","items":[{"id":"1","title":"t","artist":"a","playable":true,"duration":1e-400}]}}"#,
            #"{"ok":true,"result":{"kind":"queue","entries":[],"current":"x"}}"#,
            #"{"ok":true,"result":{"kind":"queue","entries":{},"current":1}}"#,
            #"{"ok":true,"result":{"kind":"workouts","items":{}}}"#, #"{"ok":true,"result":{"kind":"workouts"}}"#,
            #"{"ok":true,"result":{"kind":"tempo","items":[{"item":"a","error":7}]}}"#,
            #"{"event":"status","status":{"status":"playing"}}"#, #"{"event":"status"}"#, #"{"event":7}"#,
        ]
        // JSONDecoder reads whole numbers from `1.0` and `1e2`, refuses `1.5`, and reads no Double
        // beyond its range or too small to be anything but 0.
        for number in FuzzMutator.extremeNumbers + [
            "1.0", "1.5", "1e2", "1E+2", "-0.0e-0", "2e-324", "1e-310", "1e-400", "-1e-400", "0e-400", "1.8e308", "01", ".5", "1.",
            "1e", "-", "+1", "5e-1", "0.0000001e7", "1.0000000000000001", "9223372036854775807.0", "100000000000000000000.0",
        ] {
            lines.append(#"{"event":"queueChanged","version":\#(number)}"#)
            lines.append(
                #"{"id":\#(number),"ok":true,"result":{"kind":"queue","entries":[],"current":\#(number),"version":\#(number)}}"#)
            lines.append(
                #"{"ok":true,"result":{"kind":"status","status":{"status":"playing","queueLength":\#(number),"position":\#(number),"repeat":"none","shuffle":"off","volume":\#(number),"crossfade":0,"prepared":true}}}"#
            )
            lines.append(#"{"ok":true,"result":{"kind":"playlists","items":[{"name":"n","itemCount":\#(number)}]}}"#)
        }
        // Nesting up to JSONDecoder's limit of 512, and past it.
        for depth in [511, 512, 513, 100_000] {
            let open = String(repeating: "[", count: depth - 1)
            let close = String(repeating: "]", count: depth - 1)
            lines.append(#"{"ok":true,"x":"# + open + close + "}")
        }
        return lines
    }()

    private static func expectSame(_ line: String, _ comment: String = "") {
        let fast = readAsText(line) { line throws(WireError) in try DaemonMessage.parseWithNotice(line) }
        let reference = readAsText(line) { line throws(WireError) in try DaemonMessage.parseWithFoundationDecoder(line) }
        #expect(fast == reference, "\(comment) line: \(line.prefix(600))")
    }

    @Test func everyLineReadsAsJSONDecoderReadsIt() throws {
        let lines = try Self.corpus() + Self.edges
        for line in lines { Self.expectSame(line) }
        // And the lines they become when damaged, as a broken or hostile daemon sends them.
        var rng = SplitMix64(seed: 15)
        for round in 0..<4_000 {
            let line = String(decoding: FuzzMutator.damage(Array(FuzzMutator.pick(lines, &rng).utf8), &rng), as: UTF8.self)
            Self.expectSame(line, "round \(round)")
        }
    }

    /// The well-formed lines read as something (not as errors): the comparison above compares results, not only refusals.
    @Test func theCorpusReadsWithoutErrors() throws {
        for line in try Self.corpus() {
            #expect(throws: Never.self, "\(line.prefix(300))") { try DaemonMessage.parseWithNotice(line) }
        }
    }

    /// A queue of 10,000 entries, as the daemon writes it, reads back entry for entry.
    @Test func aLargeQueueReadsBackWhole() throws {
        let entries = (1...10_000).map { (n: Int) -> QueueEntry in
            let title: String? = n % 5 == 0 ? nil : "Sång \(n) \u{1F3B5}"
            let album: String? = n % 3 == 0 ? nil : "Night"
            let duration: Double? = n % 11 == 0 ? nil : Double(n) / 4
            let item = PlayableItem(
                location: "/music/Band \(n % 7)/\(n) Sång \"\(n)\".mp3", title: title, artist: "Band \(n % 7)", album: album,
                duration: duration)
            return QueueEntry(id: QueueEntryID(rawValue: UInt64(n)), item: item)
        }
        let line = WireReply.success(id: .number(7), result: .queue(entries, current: entries[41].id, version: 9))
        let message = try DaemonMessage.parse(line)
        let expected = entries.map { e in
            WireEntry(
                id: Int(e.id.rawValue), title: e.title, subtitle: e.subtitle,
                item: WireItem(
                    location: e.item.location, title: e.item.title, artist: e.item.artist, album: e.item.album, duration: e.item.duration))
        }
        guard case .reply(.number(7), .success(.queue(let read, let current, let version)), _) = message else {
            Issue.record("not a queue reply: \(String(describing: message).prefix(300))")
            return
        }
        #expect(read == expected)
        #expect(current == 42)
        #expect(version == 9)
    }
}
