import Session
import TUI
import Terminal
import WireProtocol

/// Daemon lines as the real daemon writes them (docs/protocol.md), built small for tests, and
/// ways to read a model's screen as text.
enum DaemonLines {
    static func song(_ id: Int, _ title: String, artist: String = "Example Band", album: String = "Night Drive", track: Int? = nil)
        -> String
    {
        #"{"type":"song","id":"\#(id)","title":\#(q(title)),"artist":\#(q(artist)),"artistId":"77","album":\#(q(album)),"albumId":"500","duration":201,"genre":"Pop","releaseDate":"2020-01-01T00:00:00Z","explicit":"notExplicit","disc":1,"track":\#(track.map(String.init) ?? "null"),"playable":true,"previewUrl":null,"artworkUrl":null,"url":null}"#
    }

    static func album(_ id: Int, _ title: String, artist: String = "Example Band") -> String {
        #"{"type":"album","id":"\#(id)","title":\#(q(title)),"artist":\#(q(artist)),"artistId":"77","trackCount":10,"genre":"Pop","releaseDate":"2019-05-01T00:00:00Z","explicit":"notExplicit","single":false,"ep":false,"artworkUrl":null,"url":null}"#
    }

    static func artist(_ id: Int, _ name: String) -> String {
        #"{"type":"artist","id":"\#(id)","name":\#(q(name)),"genre":"Rock","url":null}"#
    }

    static func entry(_ id: Int, _ title: String, location: String) -> String {
        #"{"id":\#(id),"title":\#(q(title)),"subtitle":"Example Band — Night Drive","item":{"location":\#(q(location)),"title":null,"artist":null,"album":null,"duration":30}}"#
    }

    static func snapshot(status: String = "playing", current: String? = nil, position: Double = 0, duration: Double = 30, length: Int = 1)
        -> String
    {
        #"{"status":"\#(status)","current":\#(current ?? "null"),"queuePosition":\#(current == nil ? "null" : "1"),"queueLength":\#(length),"position":\#(position),"duration":\#(duration),"repeat":"none","shuffle":"off","volume":80,"crossfade":0,"prepared":true}"#
    }

    static func reply(_ id: Int, kind: String, _ fields: String) -> String {
        #"{"id":\#(id),"ok":true,"result":{"kind":"\#(kind)",\#(fields)},"text":""}"#
    }

    static func songs(_ id: Int, _ songs: [String]) -> String { reply(id, kind: "songs", #""items":[\#(songs.joined(separator: ","))]"#) }
    static func albums(_ id: Int, _ albums: [String]) -> String {
        reply(id, kind: "albums", #""items":[\#(albums.joined(separator: ","))]"#)
    }
    static func artists(_ id: Int, _ artists: [String]) -> String {
        reply(id, kind: "artists", #""items":[\#(artists.joined(separator: ","))]"#)
    }
    static func queue(_ id: Int, _ entries: [String]) -> String {
        reply(id, kind: "queue", #""entries":[\#(entries.joined(separator: ","))],"current":null"#)
    }
    static func status(_ id: Int, _ snapshot: String) -> String { reply(id, kind: "status", #""status":\#(snapshot)"#) }
    static func failure(_ id: Int, _ message: String) -> String { #"{"id":\#(id),"ok":false,"error":\#(q(message))}"# }
    static func event(_ snapshot: String) -> String { #"{"event":"status","status":\#(snapshot)}"# }

    static func q(_ s: String) -> String { JSONValue.quote(s) }
}

/// A model driven like the real UI, remembering every effect.
struct Driver {
    var model: TUIModel
    var now = 100.0
    var sent: [(id: Int, line: String, channel: Channel)] = []
    /// The commands sent, as values (`sent` has their text).
    var commands: [Command] = []
    var quit: Bool?

    init(config: TUIConfig = TUIConfig(), rows: Int = 24, columns: Int = 80) {
        model = TUIModel(config: config)
        model.resize(rows: rows, columns: columns)
        take(model.start())
    }

    mutating func take(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .send(let id, let command, let channel):
                sent.append((id, command.text, channel))
                commands.append(command)
            case .quit(let stop): quit = stop
            case .repaint: break
            }
        }
    }

    mutating func key(_ key: Key) { take(model.handle(.key(key), now: now)) }
    mutating func type(_ text: String) { for c in text { key(c == "\n" ? .enter : .character(c)) } }
    mutating func line(_ line: String) { take(model.handle(try! DaemonMessage.parse(line), now: now)) }
    mutating func wait(_ seconds: Double) {
        now += seconds
        take(model.tick(now: now))
    }

    /// The id of the last request sent whose line starts with `prefix`.
    func id(_ prefix: String) -> Int? { sent.last { $0.line.hasPrefix(prefix) }?.id }
    func lines(since count: Int) -> [String] { sent.dropFirst(count).map(\.line) }

    /// The screen as text, one string per row, wide characters taking two cells.
    func screen() -> [String] { ScreenText.lines(Screen().render(model, now: now)) }
}

enum ScreenText {
    static func lines(_ frame: Frame) -> [String] {
        var grid = Array(repeating: Array(repeating: " ", count: frame.columns), count: frame.rows)
        for span in frame.spans where span.row < frame.rows {
            var x = span.column
            for c in span.text {
                let w = TextFit.standard.width(c)
                if w == 0 {
                    if x > 0, x - 1 < frame.columns { grid[span.row][x - 1] += String(c) }
                    continue
                }
                guard x + w <= frame.columns else { break }
                grid[span.row][x] = String(c)
                if w == 2 { grid[span.row][x + 1] = "" }
                x += w
            }
        }
        return grid.map { $0.joined() }
    }

    /// The display column where `needle` starts in `line`.
    static func column(of needle: String, in line: String) -> Int? {
        guard let r = line.firstRange(of: needle) else { return nil }
        return TextFit.standard.columns(String(line[..<r.lowerBound]))
    }
}
