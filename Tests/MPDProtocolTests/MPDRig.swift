import Catalog
import Library
import MPDProtocol
import MusicModel
import Player
import SQLiteStore
import Session
import TestSupport
import Testing

/// A session as the daemon runs it, with fake decoders (an item `N:FRAMES` plays FRAMES frames of
/// test audio), an output that plays only as far as the test advances it, a fake catalog and a
/// library in a temporary folder; and MPD commands run on it the way the server runs them.
final class MPDRig {
    let output = ManualClockOutput()
    let library: MusicLibrary
    let catalog: FakeCatalog
    let session: Session
    /// The connection's state, kept between calls as the server keeps it.
    var client: MPDClientState
    var folders: [String] = []
    let environment: MPDEnvironment

    init(
        songs: [Song] = [], folders: [String] = [], password: String? = nil, outputInfo: AudioOutputInfo = .standard,
        pictures: PictureSource = PictureSource()
    ) throws {
        library = try MusicLibrary.open(path: Fixtures.temporaryDirectory() + "/library.sqlite")
        catalog = FakeCatalog(songs: songs)
        let output = output
        session = Session(
            player: MusicPlayer.silent(makeOutput: { output }), catalog: catalog, library: library, clock: { 1_700_000_000 },
            output: outputInfo, pictures: pictures)
        client = MPDClientState(passwordRequired: password != nil)
        self.folders = folders
        environment = MPDEnvironment(
            namespace: { MPDNamespace(folders: folders) }, password: password, now: { 1_700_000_100 }, startedAt: 1_700_000_000,
            isLocal: true)
    }

    deinit { session.shutdown() }

    /// Runs one command by name with its (already unquoted) arguments: the reply's text without
    /// the final `OK`, or the ACK (its command filled in, index 0).
    @discardableResult
    func run(_ name: String, _ arguments: String...) -> Result<String, MPDAck> { runArray(name, arguments) }

    /// The reply's `key: value` pairs, in order; fails the test on an ACK.
    func pairs(_ name: String, _ arguments: String...) throws -> [(key: String, value: String)] {
        let reply = try runArray(name, arguments).get()
        return reply.split(separator: "\n").compactMap { line -> (key: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...]
            return (String(line[..<colon]), String(value.hasPrefix(" ") ? value.dropFirst() : value))
        }
    }

    /// The first value of `key` in a reply (`status`'s `state`).
    func value(_ key: String, in name: String, _ arguments: String...) throws -> String? {
        try runArray(name, arguments).get().split(separator: "\n").first { $0.hasPrefix(key + ": ") }.map {
            String($0.dropFirst(key.count + 2))
        }
    }

    /// The reply's bytes (a binary chunk is not text).
    func bytes(_ name: String, _ arguments: String...) -> Result<[UInt8], MPDAck> { runBytes(name, arguments) }

    private func runArray(_ name: String, _ arguments: [String]) -> Result<String, MPDAck> {
        runBytes(name, arguments).map { String(decoding: $0, as: UTF8.self) }
    }

    private func runBytes(_ name: String, _ arguments: [String]) -> Result<[UInt8], MPDAck> {
        guard let spec = MPDCommandTable.byName[name] else { return .failure(MPDAck(.unknown, "unknown command \"\(name)\"")) }
        let session = session
        var call = MPDCall(
            name: name, arguments: arguments, client: client, environment: environment, perform: { session.perform($0) })
        do throws(MPDAck) {
            try spec.run(&call)
            client = call.client
            return .success(call.response.bytes)
        } catch {
            var ack = error
            ack.command = name
            return .failure(ack)
        }
    }
}
