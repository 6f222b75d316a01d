import Audio
import Catalog
import Library
import MusicModel
import Player
import SQLiteStore
import Session
import Synchronization
import TestSupport
import Testing
import WireProtocol

/// Lines written by the daemon's encoders from real session results and player events, read
/// back with `DaemonMessage.parse`: a client must get every field the daemon wrote.
@Suite struct DaemonMessageTests {
    /// A session on the demo catalog, a fresh library and fake decoders; its player's events are kept.
    final class Rig: Sendable {
        let session: Session
        let output = ManualClockOutput()
        let events = PlayerEventLog()

        init() throws {
            let library = try MusicLibrary.open(path: Fixtures.temporaryDirectory() + "/library.sqlite")
            let catalog = try DemoCatalogFixture.catalog()
            let output = self.output
            let events = self.events
            let player = MusicPlayer.silent(makeOutput: { output }, onEvent: events.record)
            // Items with tags, so that entries carry titles, subtitles and lengths; the second has no album.
            session = Session(
                player: player, catalog: catalog, library: library,
                item: {
                    PlayableItem(location: $0, title: "Song \($0)", artist: "Band", album: $0.hasPrefix("2") ? nil : "Night", duration: 10)
                },
                clock: { 1_700_000_000.5 })
        }

        func run(_ line: String) throws -> CommandResult { try session.perform(line: line).get() }

        deinit { session.shutdown() }
    }

    /// The reply line for `result`, read back.
    private func readBack(_ result: CommandResult, id: JSONValueID? = .number(7)) throws -> (
        id: JSONValueID?, result: WireResult, text: String?
    ) {
        let line = WireReply.success(id: id, result: result)
        guard case .reply(let readID, let read, let text) = try DaemonMessage.parse(line) else {
            Issue.record("not a reply: \(line)")
            throw WireError.unreadableReply("test")
        }
        return (readID, try read.get(), text)
    }

    @Test func songsAlbumsAndArtistsKeepEveryField() throws {
        let rig = try Rig()
        guard case .songs(let songs) = try rig.run("album 9000000101") else { throw WireError.unreadableReply("album") }
        #expect(songs.count == 5)
        let read = try readBack(.songs(songs))
        #expect(read.id == .number(7))
        #expect(read.result == .songs(songs.map(Self.wire)))
        #expect(read.text == ResultText.render(.songs(songs), width: 100))
        guard case .songs(let decoded) = read.result else {
            Issue.record("the songs did not read back as songs")
            return
        }
        #expect(decoded.first?.releaseDate?.hasSuffix("Z") == true && decoded.first?.disc != nil && decoded.first?.track == 1)

        guard case .albums(let albums) = try rig.run("artist 9000000001") else { throw WireError.unreadableReply("artist") }
        #expect(!albums.isEmpty)
        #expect(try readBack(.albums(albums)).result == .albums(albums.map(Self.wire)))

        guard case .artists(let artists) = try rig.run("search artists trio") else { throw WireError.unreadableReply("search") }
        #expect(!artists.isEmpty)
        #expect(
            try readBack(.artists(artists)).result == .artists(artists.map { WireArtist(id: $0.id, name: $0.name, genre: $0.genreName) }))

        guard case .songs(let top) = try rig.run("topsongs 9000000003") else { throw WireError.unreadableReply("topsongs") }
        #expect(try readBack(.songs(top)).result == .songs(top.map(Self.wire)))
    }

    @Test func queueAndStatusKeepEveryFieldAndNullsReadAsNil() throws {
        let rig = try Rig()
        guard case .done(let empty) = try rig.run("status") else { throw WireError.unreadableReply("status") }
        let idle = try readBack(.done(empty)).result
        #expect(idle == .status(Self.wire(empty)))
        guard case .status(let idleSnapshot) = idle else {
            Issue.record("status did not read back as a status")
            return
        }
        #expect(idleSnapshot.current == nil && idleSnapshot.queuePosition == nil && idleSnapshot.duration == nil)
        #expect(idleSnapshot.status == "stopped" && idleSnapshot.repeat == "none" && idleSnapshot.shuffle == "off")

        _ = try rig.run("replace 2 1:441000 2:441000 3:441000")
        _ = try rig.run("repeat all")
        _ = try rig.run("volume 35")
        _ = try rig.run("crossfade 2.5")
        guard case .done(let playing) = try rig.run("status") else { throw WireError.unreadableReply("status") }
        guard case .status(let snapshot) = try readBack(.done(playing), id: .string("s")).result else {
            Issue.record("status did not read back as a status")
            return
        }
        #expect(snapshot == Self.wire(playing))
        #expect(snapshot.status == "playing" && snapshot.queuePosition == 2 && snapshot.queueLength == 3)
        #expect(snapshot.current?.item == WireItem(location: "2:441000", title: "Song 2:441000", artist: "Band", album: nil, duration: 10))
        #expect(snapshot.current?.subtitle == "Band")
        #expect(snapshot.repeat == "all" && abs(snapshot.volume - 35) < 1e-9 && snapshot.crossfade == 2.5)

        guard case .queue(let entries, let current, let version) = try rig.run("queue") else { throw WireError.unreadableReply("queue") }
        let queue = try readBack(.queue(entries, current: current, version: version)).result
        #expect(queue == .queue(entries: entries.map(Self.wire), current: current.map { Int($0.rawValue) }, version: Int(version)))
        #expect(snapshot.queueVersion == Int(version), "the status and the queue say the same version")
        guard case .queue(let read, let readCurrent, _) = queue else {
            Issue.record("the queue did not read back as a queue")
            return
        }
        #expect(read.map(\.title) == ["Song 1:441000", "Song 2:441000", "Song 3:441000"])
        #expect(read[0].subtitle == "Band — Night" && readCurrent == read[1].id)
        #expect(try readBack(.queue([], current: nil, version: 7)).result == .queue(entries: [], current: nil, version: 7))
    }

    @Test func playlistsItemsAndHistoryKeepEveryField() throws {
        let rig = try Rig()
        _ = try rig.run(#"playlist create "Late Night 🎧""#)
        _ = try rig.run(#"playlist add "Late Night 🎧" 1:1000 2:1000"#)
        _ = try rig.run("playlist create Empty")
        guard case .playlists(let lists) = try rig.run("playlist list") else { throw WireError.unreadableReply("list") }
        let readLists = try readBack(.playlists(lists)).result
        #expect(readLists == .playlists(lists.map { WirePlaylist(name: $0.name, itemCount: $0.itemCount) }))
        #expect(lists.count == 2)
        guard case .items(let items) = try rig.run(#"playlist show "Late Night 🎧""#) else { throw WireError.unreadableReply("show") }
        #expect(try readBack(.items(items)).result == .items(items.map(Self.wire)))
        #expect(items.count == 2)

        let entry = QueueEntry(id: QueueEntryID(rawValue: 1), item: PlayableItem(location: "itunes:9000000202", title: "Harbour Lights"))
        rig.session.handle(.entryPlayed(entry))
        rig.session.handle(.entryPlayed(entry))
        guard case .history(let history) = try rig.run("history") else { throw WireError.unreadableReply("history") }
        let readHistory = try readBack(.history(history)).result
        #expect(
            readHistory
                == .history([
                    WireHistoryItem(
                        item: WireItem(location: "itunes:9000000202", title: "Harbour Lights"), lastPlayed: 1_700_000_000.5, playCount: 2)
                ]))
    }

    @Test func textFailuresAndIdsReadBack() throws {
        let rig = try Rig()
        guard case .text(let help) = try rig.run("help") else { throw WireError.unreadableReply("help") }
        let readHelp = try readBack(.text(help), id: nil)
        #expect(readHelp.id == nil && readHelp.result == .text(help) && readHelp.text == help + "\n")
        let awkward = "line one\n\"quoted\" \\ tab\t 夜に駆ける 🎧\u{1}\n"
        #expect(try readBack(.text(awkward), id: .string("x y")).result == .text(awkward))

        guard case .failure(let error) = rig.session.perform(line: "jump 9") else {
            Issue.record("jump 9 did not fail")
            return
        }
        let line = WireReply.failure(id: .number(12.5), message: error.description)
        #expect(
            try DaemonMessage.parse(line)
                == .reply(id: .number(12.5), result: .failure(WireFailure(message: "The queue is empty.")), text: nil))
        #expect(
            try DaemonMessage.parse(WireReply.failure(id: nil, message: "x"))
                == .reply(id: nil, result: .failure(WireFailure(message: "x")), text: nil))
        #expect(WireFailure(message: "The queue is empty.").description == "The queue is empty.")
        // The newline that ends a line on the socket may be left on.
        #expect(try DaemonMessage.parse(line + "\n") == DaemonMessage.parse(line))
    }

    @Test func everyPlayerEventReadsBack() throws {
        let rig = try Rig()
        _ = try rig.run("add 1:4410 2:4410")
        // Play both entries to the end, so the player sends every kind of event it sends on its own.
        rig.output.release()
        let ended = rig.events.wait(for: { if case .queueEnded = $0 { true } else { false } }, timeout: 30) != nil
        try #require(ended, "the queue played to its end")
        let entry = try #require(rig.session.queue.entries.first)
        let made: [PlayerEvent] = [.entryFailed(entry, reason: "Could not download it."), .outputFailed("No sound device.")]
        let events = rig.events.all + made
        var names: Set<String> = []
        for event in events {
            let snapshot = rig.session.snapshot
            let lines = WireReply.events(for: event, snapshot: { snapshot })
            let read = try lines.map { line throws(WireError) -> WireEvent in
                guard case .event(let event) = try DaemonMessage.parse(line) else { throw WireError.unreadableReply(line) }
                return event
            }
            switch event {
            case .stateChanged, .entryStarted:
                names.insert("status")
                #expect(read == [.status(Self.wire(snapshot))])
            case .queueChanged(let queue):
                names.insert("queueChanged")
                #expect(read == [.status(Self.wire(snapshot)), .queueChanged(version: Int(queue.version))])
            case .entryFailed(let failed, let reason):
                names.insert("entryFailed")
                #expect(read == [.entryFailed(entry: Self.wire(failed), reason: reason)])
            case .outputFailed(let reason):
                names.insert("outputFailed")
                #expect(read == [.outputFailed(reason: reason)])
            case .queueEnded:
                names.insert("queueEnded")
                #expect(read == [.queueEnded])
            case .entryPlayed:
                names.insert("entryPlayed")
                #expect(read.isEmpty)
            }
        }
        #expect(names == ["status", "queueChanged", "entryFailed", "outputFailed", "queueEnded", "entryPlayed"])
        #expect(events.contains { if case .entryStarted = $0 { true } else { false } })
    }

    @Test func whatANewerDaemonAddsDoesNotBreakAClient() throws {
        #expect(try DaemonMessage.parse(#"{"event":"lyrics","line":"la la"}"#) == .event(.unknown("lyrics")))
        // A result kind this client does not know reads as its text.
        #expect(
            try DaemonMessage.parse(#"{"id":3,"ok":true,"result":{"kind":"videos","items":[]},"text":"No videos.\n"}"#)
                == .reply(id: .number(3), result: .success(.text("No videos.\n")), text: "No videos.\n"))
        // Fields it does not know are ignored, and fields it does not need may be missing.
        #expect(
            try DaemonMessage.parse(
                #"{"ok":true,"id":"q","extra":[1,{"a":null}],"result":{"kind":"artists","items":[{"id":"1","name":"A","genre":null,"new":true}]}}"#
            )
                == .reply(id: .string("q"), result: .success(.artists([WireArtist(id: "1", name: "A")])), text: nil))
        #expect(
            try DaemonMessage.parse(#"{"event":"entryFailed","entry":null,"reason":"gone"}"#)
                == .event(.entryFailed(entry: nil, reason: "gone")))
        #expect(try DaemonMessage.parse(#"{"event":"queueChanged"}"#) == .event(.queueChanged(version: nil)))
        #expect(try DaemonMessage.parse(#"{"event":"queueChanged","version":41}"#) == .event(.queueChanged(version: 41)))
        // A queue change this client does not know means it cannot follow the changes.
        let changes = try DaemonMessage.parse(
            #"{"id":1,"ok":true,"result":{"kind":"queueChanges","since":4,"version":6,"changes":[{"op":"shuffle"},{"op":"clear"}],"current":null,"count":0}}"#
        )
        guard case .reply(_, .success(.queueChanges(let read)), _) = changes else {
            Issue.record("not queue changes: \(changes)")
            return
        }
        #expect(read.changes == [.unknown("shuffle"), .clear])
        #expect(read.apply(to: []) == nil)
        // An id the client could not have sent is no id of its own.
        #expect(
            try DaemonMessage.parse(#"{"id":[1],"ok":false,"error":"No."}"#)
                == .reply(id: nil, result: .failure(WireFailure(message: "No.")), text: nil))
        let ids: Set<JSONValueID> = [.number(1), .string("1"), .number(1)]
        #expect(ids.count == 2)
    }

    @Test(arguments: [
        ("", "A line from the daemon could not be read: it is not JSON."),
        ("status", "A line from the daemon could not be read: it is not JSON."),
        ("[1,2]", "A line from the daemon could not be read: it is not a JSON object."),
        (#"{"id":1}"#, #"A line from the daemon could not be read: it is neither a reply (with "ok") nor an event (with "event")."#),
        (#"{"event":"status"}"#, #"A line from the daemon could not be read: "status" is missing."#),
        (
            #"{"event":"status","status":{"status":"playing"}}"#,
            #"A line from the daemon could not be read: "status.queueLength" is missing."#
        ),
        (
            #"{"ok":true,"result":{"kind":"songs","items":[{"id":"1"}]}}"#,
            #"A line from the daemon could not be read: "result.items[0].title" is missing."#
        ),
        (
            #"{"ok":true,"result":{"kind":"queue","entries":[],"current":"x"}}"#,
            #"A line from the daemon could not be read: "result.current" has the wrong type."#
        ),
        (#"{"ok":"yes"}"#, #"A line from the daemon could not be read: "ok" has the wrong type."#),
    ])
    func linesThatAreNeitherSaySo(_ line: String, _ sentence: String) {
        #expect {
            try DaemonMessage.parse(line)
        } throws: { error in
            "\(error)" == sentence
        }
    }

    // MARK: What the daemon's values must read back as

    static func wire(_ s: Song) -> WireSong {
        var song = WireSong(
            id: s.id, title: s.title, artist: s.artistName, artistId: s.artistID, album: s.albumTitle, albumId: s.albumID,
            duration: s.duration,
            genre: s.genreName, releaseDate: s.releaseDate.map(WireEncoding.iso), explicit: s.explicitContent.rawValue, disc: s.discNumber,
            track: s.trackNumber, playable: s.isPlayable)
        song.artworkUrl = s.artwork?.url(width: 600, height: 600)
        return song
    }

    static func wire(_ a: Album) -> WireAlbum {
        var album = WireAlbum(
            id: a.id, title: a.title, artist: a.artistName, artistId: a.artistID, trackCount: a.trackCount, genre: a.genreName,
            releaseDate: a.releaseDate.map(WireEncoding.iso), single: a.isSingle, ep: a.isEP)
        album.artworkUrl = a.artwork?.url(width: 600, height: 600)
        return album
    }

    static func wire(_ i: PlayableItem) -> WireItem {
        WireItem(
            location: i.location, title: i.title, artist: i.artist, album: i.album, duration: i.duration, artworkUrl: i.artworkURL)
    }

    static func wire(_ e: QueueEntry) -> WireEntry {
        WireEntry(id: Int(e.id.rawValue), title: e.title, subtitle: e.subtitle, item: wire(e.item))
    }

    static func wire(_ s: Snapshot) -> WireSnapshot {
        WireSnapshot(
            status: s.state.playbackStatus.rawValue, current: s.current.map(wire), queuePosition: s.queuePosition,
            queueLength: s.queueLength,
            position: s.position, duration: s.duration, repeat: s.state.repeatMode.rawValue, shuffle: s.state.shuffleMode.rawValue,
            volume: s.state.volume * 100, crossfade: s.state.crossfadeSeconds, prepared: s.state.isPreparedToPlay,
            queueVersion: Int(s.queueVersion))
    }
}
