import Daemon
import MPDProtocol
import MusicModel
import Player
import Session
import TestSupport
import Testing

/// A cover paged through a real MPD socket, as a client reads it: the binary chunks arrive raw,
/// whole and in order, with the connection's `binarylimit`.
@Suite struct MPDCoverServerTests {
    /// Reads one reply's lines up to `OK` or an `ACK` (the picture is ASCII, so a chunk is one line).
    private func ask(_ connection: LineConnection, _ line: String) throws -> [String] {
        try connection.send(line)
        var reply: [String] = []
        while let line = try connection.readLine(timeout: 10) {
            reply.append(line)
            if line == "OK" || line.hasPrefix("ACK ") { return reply }
        }
        return reply + ["<closed>"]
    }

    @Test func aCatalogSongsArtworkComesInChunksOfTheBinaryLimit() throws {
        // Printable bytes, so the chunks can be read as lines; the server does not look at them.
        let picture = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8) + Array(repeating: UInt8(ascii: "z"), count: 64)
        let song = Song(id: "42", title: "Tone", artistName: "Test Artist", artwork: Artwork(url: "https://art.example/100x100bb.png"))
        let output = ManualClockOutput()
        let session = Session(
            makePlayer: { MusicPlayer.silent(makeOutput: { output }, onEvent: $0) }, catalog: FakeCatalog(songs: [song]),
            pictures: PictureSource(fetch: { _ in Picture(bytes: picture, mimeType: "image/png") }))
        defer { session.shutdown() }
        let environment = MPDEnvironment(
            namespace: { MPDNamespace(folders: []) }, now: { 1_700_000_100 }, startedAt: 1_700_000_000)
        let server = try MPDServer(listening: [.tcp(host: .loopback, port: 0)], session: session, environment: environment)
        defer { server.stop() }
        let client = try LineConnection(connectingTo: server.addresses[0])
        #expect(try client.readLine(timeout: 10) == "OK MPD 0.23.5")
        #expect(try ask(client, "binarylimit 64") == ["OK"])
        let first = try ask(client, "readpicture itunes:42 0")
        #expect(first == ["size: 100", "type: image/png", "binary: 64", String(decoding: picture[0..<64], as: UTF8.self), "OK"])
        let second = try ask(client, "albumart \"itunes:42\" 64")
        #expect(second == ["size: 100", "binary: 36", String(decoding: picture[64...], as: UTF8.self), "OK"])
        #expect(try ask(client, "albumart itunes:7 0") == ["ACK [50@0] {albumart} There is no song with the id 7 in the catalog."])
    }
}
