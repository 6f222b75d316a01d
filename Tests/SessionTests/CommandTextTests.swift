import MusicModel
import Player
import Session
import TestSupport
import Testing

// MARK: Samples covering every case

/// One tag per case and subcase of `Command`. `kind(of:)` switches over `Command` with no
/// default, so a new case does not compile until it has a tag, and `everyKindHasASample` fails
/// until the new tag has a sample below.
private enum Kind: CaseIterable {
    case play, pause, toggle, stop, next, previous, restart
    case seekAbsolute, seekRelative, seekPercent, volumeAbsolute, volumeRelative
    case repeatSet, repeatCycle, shuffleSet, shuffleToggle, crossfade, status
    case queue, queueSince, addTail, addNext, move, remove, clear, jump, replace
    case search, lookup, album, artist, topSongs, charts, chartsDefault
    case save, saveCurrent, unsave, unsaveCurrent, saved
    case playlistList, playlistShow, playlistCreate, playlistRename, playlistDelete, playlistAdd, playlistRemove
    case playlistMove, playlistPlay, playlistImport, playlistExport
    case history, help, quit
    case workoutStart, workoutStartPlain, workoutPause, workoutResume, workoutEnd, workoutStatus, workoutHistory
    case workoutCadence, workoutNudge, workoutAdd, workoutPlay, tempo
    case folderAdd, folderRemove, folderList, rescan, rescanAll, stats, find
    case librarySongs, libraryAlbums, libraryArtists, libraryFolders, libraryAlbum, libraryArtist, libraryFolder
    case libraryDirectory, libraryTracks, libraryValues, libraryCount
    case singleSet, singleToggle, consumeSet, consumeToggle, jumpTo, addAt, moveRange, swap, mixAll, mixRange
    case outputList, outputEnable, outputDisable, outputToggle, picture
}

private func kind(of command: Command) -> Kind {
    switch command {
    case .workout(let sub):
        switch sub {
        case .start(nil, nil, nil): .workoutStartPlain
        case .start: .workoutStart
        case .pause: .workoutPause
        case .resume: .workoutResume
        case .end: .workoutEnd
        case .status: .workoutStatus
        case .history: .workoutHistory
        case .cadence(.absolute): .workoutCadence
        case .cadence(.relative): .workoutNudge
        case .add: .workoutAdd
        case .play: .workoutPlay
        }
    case .tempo: .tempo
    case .folder(.add): .folderAdd
    case .folder(.remove): .folderRemove
    case .folder(.list): .folderList
    case .rescan(.some): .rescan
    case .rescan(nil): .rescanAll
    case .stats: .stats
    case .find: .find
    case .library(.songs): .librarySongs
    case .library(.albums): .libraryAlbums
    case .library(.artists): .libraryArtists
    case .library(.folders): .libraryFolders
    case .library(.album): .libraryAlbum
    case .library(.artist): .libraryArtist
    case .library(.folder): .libraryFolder
    case .library(.directory): .libraryDirectory
    case .library(.tracks): .libraryTracks
    case .library(.values): .libraryValues
    case .library(.count): .libraryCount
    case .play: .play
    case .pause: .pause
    case .toggle: .toggle
    case .stop: .stop
    case .next: .next
    case .previous: .previous
    case .restart: .restart
    case .seek(.absolute): .seekAbsolute
    case .seek(.relative): .seekRelative
    case .seek(.percent): .seekPercent
    case .volume(.absolute): .volumeAbsolute
    case .volume(.relative): .volumeRelative
    case .repeatMode(.some): .repeatSet
    case .repeatMode(nil): .repeatCycle
    case .shuffle(.some): .shuffleSet
    case .shuffle(nil): .shuffleToggle
    case .crossfade: .crossfade
    case .single(.some): .singleSet
    case .single(nil): .singleToggle
    case .consume(.some): .consumeSet
    case .consume(nil): .consumeToggle
    case .jumpTo: .jumpTo
    case .add(_, .index): .addAt
    case .moveRange: .moveRange
    case .swap: .swap
    case .mix(.some): .mixRange
    case .mix(nil): .mixAll
    case .output(.list): .outputList
    case .output(.enable): .outputEnable
    case .output(.disable): .outputDisable
    case .output(.toggle): .outputToggle
    case .picture: .picture
    case .status: .status
    case .queue: .queue
    case .queueChanges: .queueSince
    case .add(_, .tail): .addTail
    case .add(_, .afterCurrentEntry): .addNext
    case .move: .move
    case .remove: .remove
    case .clear: .clear
    case .jump: .jump
    case .replace: .replace
    case .search: .search
    case .lookup: .lookup
    case .album: .album
    case .artist: .artist
    case .topSongs: .topSongs
    case .charts(.some): .charts
    case .charts(nil): .chartsDefault
    case .save(.some): .save
    case .save(nil): .saveCurrent
    case .unsave(.some): .unsave
    case .unsave(nil): .unsaveCurrent
    case .saved: .saved
    case .playlist(let sub):
        switch sub {
        case .list: .playlistList
        case .show: .playlistShow
        case .create: .playlistCreate
        case .rename: .playlistRename
        case .delete: .playlistDelete
        case .add: .playlistAdd
        case .remove: .playlistRemove
        case .move: .playlistMove
        case .play: .playlistPlay
        case .importM3U: .playlistImport
        case .exportM3U: .playlistExport
        }
    case .history: .history
    case .help: .help
    case .quit: .quit
    }
}

/// Each command with its canonical text.
private let samples: [(Command, String)] = [
    (.single(.oneshot), "single oneshot"),
    (.single(.off), "single off"),
    (.single(nil), "single"),
    (.consume(.on), "consume on"),
    (.consume(nil), "consume"),
    (.jumpTo(.position(4), seconds: 90), "jump 4 1:30"),
    (.jumpTo(.id(QueueEntryID(rawValue: 12)), seconds: 0.5), "jump #12 0:00.5"),
    (.add(["a.mp3", "itunes:1"], position: .index(2)), "add --at 3 a.mp3 itunes:1"),
    (.moveRange(3...5, to: 1), "move 3-5 1"),
    (.swap(.position(1), .id(QueueEntryID(rawValue: 7))), "swap 1 #7"),
    (.mix(nil), "mix"),
    (.mix(2...9), "mix 2-9"),
    (.output(.list), "output list"),
    (.output(.enable(0)), "output enable 0"),
    (.output(.disable(1)), "output disable 1"),
    (.output(.toggle(0)), "output toggle 0"),
    (.picture("itunes:1440857781"), "picture itunes:1440857781"),
    (.play, "play"),
    (.pause, "pause"),
    (.toggle, "toggle"),
    (.stop, "stop"),
    (.next, "next"),
    (.previous, "previous"),
    (.restart, "restart"),
    (.seek(.absolute(83)), "seek 1:23"),
    (.seek(.absolute(0)), "seek 0:00"),
    (.seek(.absolute(5.25)), "seek 0:05.25"),
    (.seek(.absolute(3723)), "seek 1:02:03"),
    (.seek(.relative(10)), "seek +10"),
    (.seek(.relative(-90)), "seek -90"),
    (.seek(.relative(1.5)), "seek +1.5"),
    (.seek(.percent(50)), "seek 50%"),
    (.seek(.percent(12.5)), "seek 12.5%"),
    (.volume(.absolute(0)), "volume 0"),
    (.volume(.absolute(100)), "volume 100"),
    (.volume(.relative(5)), "volume +5"),
    (.volume(.relative(-5)), "volume -5"),
    (.repeatMode(.one), "repeat one"),
    (.repeatMode(.all), "repeat all"),
    (.repeatMode(RepeatMode.none), "repeat none"),
    (.repeatMode(nil), "repeat"),
    (.shuffle(.songs), "shuffle on"),
    (.shuffle(.off), "shuffle off"),
    (.shuffle(nil), "shuffle"),
    (.crossfade(seconds: 4), "crossfade 4"),
    (.crossfade(seconds: 0.5), "crossfade 0.5"),
    (.status, "status"),
    (.queue, "queue"),
    (.add(["/music/a.mp3", "itunes:1440857781"], position: .tail), "add /music/a.mp3 itunes:1440857781"),
    (.add(["/music/My Song.mp3"], position: .tail), "add \"/music/My Song.mp3\""),
    (.add(["https://example.com/a.m4a?x=1"], position: .afterCurrentEntry), "playnext https://example.com/a.m4a?x=1"),
    (.queueChanges(since: 41), "queue --since 41"),
    (.queueChanges(since: 0), "queue --since 0"),
    (.queueChanges(since: 281_474_976_710_655), "queue --since 281474976710655"),
    (.move(from: 5, to: 2), "move 5 2"),
    (.move(from: .id(QueueEntryID(rawValue: 12)), to: 1), "move #12 1"),
    (.remove([.positions(3...3)]), "remove 3"),
    (.remove([.positions(2...5), .positions(9...9)]), "remove 2-5 9"),
    (.remove([.id(QueueEntryID(rawValue: 12))]), "remove #12"),
    (
        .remove([.positions(1...2), .id(QueueEntryID(rawValue: 7)), .positions(4...4), .id(QueueEntryID(rawValue: 999_999_999_999))]),
        "remove 1-2 #7 4 #999999999999"
    ),
    (.clear, "clear"),
    (.jump(4), "jump 4"),
    (.jump(.id(QueueEntryID(rawValue: 12))), "jump #12"),
    (.replace(["itunes:1", "itunes:2", "itunes:3"], start: 3), "replace 3 itunes:1 itunes:2 itunes:3"),
    (.replace(["/music/My Song.mp3"], start: 1), "replace 1 \"/music/My Song.mp3\""),
    (.search(.songs, term: "Guns N' Roses"), "search songs Guns N' Roses"),
    (.search(.albums, term: "夜に駆ける"), "search albums 夜に駆ける"),
    (.search(.artists, term: "AC/DC"), "search artists AC/DC"),
    (.search(.songs, term: "albums"), "search songs albums"),
    (.lookup(["1440857781", "5040714"]), "lookup 1440857781 5040714"),
    (.album("1440857781"), "album 1440857781"),
    (.artist("5040714"), "artist 5040714"),
    (.topSongs("5040714"), "topsongs 5040714"),
    (.charts(storefront: "gb"), "charts gb"),
    (.charts(storefront: nil), "charts"),
    (.save("1440857781"), "save 1440857781"),
    (.save(nil), "save"),
    (.unsave("1440857781"), "unsave 1440857781"),
    (.unsave(nil), "unsave"),
    (.saved(.songs), "saved songs"),
    (.saved(.albums), "saved albums"),
    (.playlist(.list), "playlist list"),
    (.playlist(.show("Running")), "playlist show Running"),
    (.playlist(.create("Late Night")), "playlist create \"Late Night\""),
    (.playlist(.rename("Old", to: "New \"Mix\"")), "playlist rename Old \"New \\\"Mix\\\"\""),
    (.playlist(.delete("Running")), "playlist delete Running"),
    (.playlist(.add("Running", items: ["itunes:1", "/a b.mp3"])), "playlist add Running itunes:1 \"/a b.mp3\""),
    (.playlist(.remove("Running", positions: [1...1, 3...4])), "playlist remove Running 1 3-4"),
    (.playlist(.move("Running", from: 3, to: 1)), "playlist move Running 3 1"),
    (.playlist(.play("夜に駆ける")), "playlist play 夜に駆ける"),
    (.playlist(.importM3U(path: "/tmp/mix.m3u", name: nil)), "playlist import /tmp/mix.m3u"),
    (.playlist(.importM3U(path: "/tmp/mix.m3u", name: "Mix 🎧")), "playlist import /tmp/mix.m3u \"Mix 🎧\""),
    (.playlist(.exportM3U("Running", path: nil)), "playlist export Running"),
    (.playlist(.exportM3U("Running", path: "/tmp/run.m3u")), "playlist export Running /tmp/run.m3u"),
    (.history(.list), "history"),
    (.history(.on), "history on"),
    (.history(.off), "history off"),
    (.history(.clear), "history clear"),
    (.workout(.start(nil, cadence: nil, minutes: nil)), "workout start"),
    (.workout(.start(.running, cadence: nil, minutes: nil)), "workout start running"),
    (.workout(.start(.cycling, cadence: 90, minutes: 45)), "workout start cycling --cadence 90 --minutes 45"),
    (.workout(.start(nil, cadence: 30, minutes: 1440)), "workout start --cadence 30 --minutes 1440"),
    (.workout(.start(.hiit, cadence: 250, minutes: nil)), "workout start hiit --cadence 250"),
    (.workout(.start(.walking, cadence: nil, minutes: 1)), "workout start walking --minutes 1"),
    (.workout(.start(.other, cadence: nil, minutes: nil)), "workout start other"),
    (.workout(.pause), "workout pause"),
    (.workout(.resume), "workout resume"),
    (.workout(.end), "workout end"),
    (.workout(.status), "workout status"),
    (.workout(.history), "workout history"),
    (.workout(.cadence(.absolute(170))), "workout cadence 170"),
    (.workout(.cadence(.relative(5))), "workout cadence +5"),
    (.workout(.cadence(.relative(-100))), "workout cadence -100"),
    (
        .workout(.add(["itunes:1440857781", "/music/My Song.mp3", "playlist:Long Run"])),
        "workout add itunes:1440857781 \"/music/My Song.mp3\" \"playlist:Long Run\""
    ),
    (.workout(.play("itunes:1440857781")), "workout play itunes:1440857781"),
    (.workout(.play("/music/a b.m4a")), "workout play \"/music/a b.m4a\""),
    (
        .tempo(["itunes:1440857781", "/music/My Song.mp3", "https://example.com/a.m4a"]),
        "tempo itunes:1440857781 \"/music/My Song.mp3\" https://example.com/a.m4a"
    ),
    (.folder(.add("/music")), "folder add /music"),
    (.folder(.add("/music/My Albums")), "folder add \"/music/My Albums\""),
    (.folder(.remove("/music/夜に駆ける")), "folder remove /music/夜に駆ける"),
    (.folder(.list), "folder list"),
    (.rescan("/music"), "rescan /music"),
    (.rescan("/music/it's mine"), "rescan \"/music/it's mine\""),
    (.rescan(nil), "rescan"),
    (.stats, "stats"),
    (.find("daft punk"), "find daft punk"),
    (.find("\"half 'quoted \\"), "find \"half 'quoted \\"),
    (.find("夜に駆ける  YOASOBI"), "find 夜に駆ける  YOASOBI"),
    (.library(.songs(.artist, offset: 0)), "library songs --sort artist"),
    (.library(.songs(.added, offset: 2000)), "library songs --sort added --from 2000"),
    (.library(.songs(.length, offset: 999_999_999)), "library songs --sort length --from 999999999"),
    (.library(.albums(.year)), "library albums --sort year"),
    (.library(.albums(.title)), "library albums --sort title"),
    (.library(.artists), "library artists"),
    (.library(.folders), "library folders"),
    (.library(.album("local:album:12")), "library album local:album:12"),
    (.library(.artist("local:artist:9223372036854775807")), "library artist local:artist:9223372036854775807"),
    (.library(.folder("/music/Jazz Standards")), "library folder \"/music/Jazz Standards\""),
    (.library(.directory("/music/Jazz")), "library directory /music/Jazz"),
    (.library(.tracks(under: nil, matching: nil, ignoringCase: false, after: nil)), "library tracks"),
    (
        .library(.tracks(under: "/music", matching: .compare(.artist, .equals, "Nina \"S\""), ignoringCase: false, after: "/music/a.mp3")),
        #"library tracks /music --where "(Artist == \"Nina \\\"S\\\"\")" --after /music/a.mp3"#
    ),
    (
        .library(
            .tracks(
                under: nil, matching: .and([.not(.compare(.album, .contains, "live")), .base("/music/Jazz")]), ignoringCase: true,
                after: nil)),
        #"library tracks --search "((!(Album contains \"live\")) AND (base \"/music/Jazz\"))""#
    ),
    (.library(.values(.album, groups: [.albumArtist, .date], matching: nil)), "library values Album --group AlbumArtist --group Date"),
    (
        .library(.values(.title, groups: [], matching: .modifiedSince(1_700_000_000))),
        #"library values Title --where "(modified-since \"1700000000\")""#
    ),
    (.library(.count(group: .genre, matching: nil)), "library count --group Genre"),
    (.library(.count(group: nil, matching: .file("/music/a b.mp3"))), #"library count --where "(file == \"/music/a b.mp3\")""#),
    (.help(nil), "help"),
    (.help("seek"), "help seek"),
    (.quit, "quit"),
]

@Test func everyKindHasASample() {
    let covered = Set(samples.map { kind(of: $0.0) })
    let missing = Kind.allCases.filter { !covered.contains($0) }
    #expect(missing.isEmpty, "no sample for \(missing)")
}

@Test(arguments: samples.indices)
func sampleRoundTrips(_ index: Int) throws {
    let (command, text) = samples[index]
    #expect(command.text == text)
    #expect(try Command.parse(text) == command)
    // The verb a command names is the one its text starts with.
    #expect(command.verb == CommandVerb.of(line: text))
}

@Test func whichCommandsWaitOnTheCatalogComesFromTheCommand() throws {
    for line in [
        "search songs x", "lookup 1", "album 1", "artist 1", "topsongs 1", "charts", "save 1", "save",
        "add a.mp3 itunes:1", "playnext itunes:2", "replace 1 itunes:1", "playlist add Mix itunes:1",
        "tempo a.mp3", "bpm itunes:1", "workout start", "workout start cycling --minutes 20", "workout add a.mp3 itunes:1",
        "workout play itunes:7",
    ] {
        #expect(try Command.parse(line).asksTheCatalog, "\(line)")
    }
    for line in [
        "add a.mp3", "replace 1 /x.mp3", "playlist add Mix a.mp3", "unsave 1", "pl list", "pl show itunes:1",
        "remove #3", "queue --since 4", "next", "status",
        "workout status", "workout pause", "workout cadence +5", "workout history", "workout end", "workout add a.mp3 playlist:Run",
        "workout play /a.mp3",
    ] {
        #expect(try !Command.parse(line).asksTheCatalog, "\(line)")
    }
}

@Test func onlyItemsAndPlaylistFilesAreRewrittenAsFiles() throws {
    let mark: (String) -> String = { "<" + $0 + ">" }
    func rewritten(_ line: String) throws -> String { try Command.parse(line).rewritingFiles(item: mark, path: { "[" + $0 + "]" }).text }
    #expect(try rewritten("next") == "next")
    #expect(try rewritten("add next itunes:1") == "add <next> <itunes:1>")
    #expect(try rewritten("playnext a") == "playnext <a>")
    #expect(try rewritten("replace 2 a b") == "replace 2 <a> <b>")
    #expect(try rewritten("playlist add next a") == "playlist add next <a>")
    #expect(try rewritten("playlist import mix.m3u next") == "playlist import [mix.m3u] next")
    #expect(try rewritten("playlist export next mix.m3u") == "playlist export next [mix.m3u]")
    #expect(try rewritten("playlist export next") == "playlist export next")
    #expect(try rewritten("playlist show next") == "playlist show next")
    #expect(try rewritten("save 12") == "save 12")
    #expect(try rewritten("jump 2") == "jump 2")
    #expect(try rewritten("tempo a itunes:1") == "tempo <a> <itunes:1>")
    #expect(try rewritten("workout play a") == "workout play <a>")
    #expect(try rewritten("workout add a playlist:a PLAYLIST:b") == "workout add <a> playlist:a PLAYLIST:b")
    #expect(try rewritten("workout start running --minutes 5") == "workout start running --minutes 5")
    #expect(try rewritten("workout cadence 170") == "workout cadence 170")
    #expect(try rewritten("folder add m") == "folder add [m]")
    #expect(try rewritten("folder remove m") == "folder remove [m]")
    #expect(try rewritten("folder list") == "folder list")
    #expect(try rewritten("rescan m") == "rescan [m]")
    #expect(try rewritten("rescan") == "rescan")
    #expect(try rewritten("library folder m") == "library folder [m]")
    #expect(try rewritten("library album local:album:3") == "library album local:album:3")
    #expect(try rewritten("find m") == "find m")
}

@Test func workoutAndTempoFilesAreLocalFiles() throws {
    #expect(try Command.parse("tempo a.mp3 itunes:1 /b.m4a https://x/y.mp3").localFiles == ["a.mp3", "/b.m4a"])
    #expect(try Command.parse("workout add /a.mp3 playlist:Run itunes:2").localFiles == ["/a.mp3"])
    #expect(try Command.parse("workout play /c.mp3").localFiles == ["/c.mp3"])
    #expect(try Command.parse("workout play itunes:3").localFiles.isEmpty)
    #expect(try Command.parse("workout start running").localFiles.isEmpty)
}

@Test func helpForWorkoutListsEachForm() throws {
    let player = MusicPlayer.silent()
    let session = Session(player: player, catalog: nil)
    defer { session.shutdown() }
    let result = try session.perform(line: "help workout").get()
    guard case .text(let text) = result else { throw CommandError.failed("help did not answer with text: \(result)") }
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains("    workout start [running|cycling|walking|hiit|other] [--cadence SPM] [--minutes N]"), "\(text)")
    #expect(lines.contains("    workout cadence SPM|+N|-N") && lines.contains("    workout play ITEM"), "\(text)")
    #expect(lines.count == 2 + 9, "the usage, the summary and the nine forms: \(text)")
    guard case .text(let tempo) = try session.perform(line: "help bpm").get() else { throw CommandError.failed("no help for bpm") }
    #expect(tempo.hasPrefix("tempo ITEM…  (also: bpm)"), "\(tempo)")
}

// MARK: Aliases and case

@Test(arguments: [
    ("vol 30", "volume 30"),
    ("VOLUME +3", "volume +3"),
    ("prev", "previous"),
    ("n", "next"),
    ("Play", "play"),
    ("insert a.mp3", "playnext a.mp3"),
    ("playlater a.mp3", "add a.mp3"),
    ("mv 1 2", "move 1 2"),
    ("rm 1", "remove 1"),
    ("delete 2-3", "remove 2-3"),
    ("goto 7", "jump 7"),
    ("goto #7", "jump #7"),
    ("mv #3 1", "move #3 1"),
    ("rm #003 2-2", "remove #3 2"),
    ("queue --SINCE 007", "queue --since 7"),
    ("pl list", "playlist list"),
    ("playlist LIST", "playlist list"),
    ("? vol", "help volume"),
    ("repeat off", "repeat none"),
    ("repeat ALL", "repeat all"),
    ("shuffle songs", "shuffle on"),
    ("saved", "saved songs"),
    ("history list", "history"),
    ("charts US", "charts us"),
    ("seek 83", "seek 1:23"),
    ("seek 0:5", "seek 0:05"),
    ("seek 90:00", "seek 1:30:00"),
    ("seek +1:30", "seek +90"),
    ("seek 9999999.999", "seek 2777:46:39.999"),
    ("seek -2777:46:39.999", "seek -9999999.999"),
    ("seek -0", "seek +0"),
    ("seek 12.500%", "seek 12.5%"),
    ("volume -0", "volume +0"),
    ("crossfade 4.000", "crossfade 4"),
    ("search   Beyoncé  ", "search songs Beyoncé"),
    ("search albums", "search songs albums"),
    ("search ARTISTS Queen", "search artists Queen"),
    ("  play  ", "play"),
    ("bpm a.mp3", "tempo a.mp3"),
    ("WORKOUT Start RUNNING", "workout start running"),
    ("workout start --minutes 30 cycling", "workout start cycling --minutes 30"),
    ("workout start --minutes=30 --CADENCE=172", "workout start --cadence 172 --minutes 30"),
    ("workout start --cadence 172 hiit", "workout start hiit --cadence 172"),
    ("workout cadence +07", "workout cadence +7"),
    ("workout Cadence -7", "workout cadence -7"),
    ("folder", "folder list"),
    ("FOLDER Add /a", "folder add /a"),
    ("update", "rescan"),
    ("update /m", "rescan /m"),
    ("STATS", "stats"),
    ("find   daft  punk  ", "find daft  punk"),
    ("lib songs", "library songs --sort artist"),
    ("library albums", "library albums --sort artist"),
    ("library songs --from 0", "library songs --sort artist"),
    ("library SONGS --from=010 --SORT=Year", "library songs --sort year --from 10"),
    ("library songs --from 5 --sort title", "library songs --sort title --from 5"),
    ("Library Album LOCAL:ALBUM:007", "library album local:album:7"),
    ("lib ARTIST local:artist:3", "library artist local:artist:3"),
])
func aliasesPrintTheCanonicalForm(_ line: String, _ canonical: String) throws {
    #expect(try Command.parse(line).text == canonical)
}

// MARK: Quoting and escapes

@Test(arguments: [
    ("add \"/music/My Song.mp3\"", ["/music/My Song.mp3"]),
    ("add '/music/My Song.mp3'", ["/music/My Song.mp3"]),
    ("add /music/My\\ Song.mp3", ["/music/My Song.mp3"]),
    ("add \"say \\\"hi\\\"\"", ["say \"hi\""]),
    ("add 'it''s'", ["its"]),
    ("add \"it's\"", ["it's"]),
    ("add it\\'s", ["it's"]),
    ("add 'back\\slash'", ["back\\slash"]),
    ("add \"back\\\\slash\"", ["back\\slash"]),
    ("add a\"b c\"d", ["ab cd"]),
    ("add 夜に駆ける.m4a \"🎧 mix.mp3\"", ["夜に駆ける.m4a", "🎧 mix.mp3"]),
    ("add\ta.mp3\u{3000}b.mp3", ["a.mp3", "b.mp3"]),
    ("add \"line\nbreak\"", ["line\nbreak"]),
])
func quotedWords(_ line: String, _ items: [String]) throws {
    let command = try Command.parse(line)
    #expect(command == .add(items, position: .tail))
    #expect(try Command.parse(command.text) == command)
}

@Test func awkwardWordsRoundTrip() throws {
    let words = ["", " ", "\"", "'", "\\", "\\\"", "a'b\"c\\d", "夜に駆ける", "👩‍👩‍👧 family", "\u{301}accent", "tab\there", "x\u{0}y"]
    for word in words {
        let command = Command.playlist(.rename(word.isEmpty ? "x" : word, to: "y " + word))
        #expect(try Command.parse(command.text) == command, "\(command.text)")
    }
}

@Test func findTakesTheRestOfTheLineAsTyped() throws {
    #expect(try Command.parse("find Guns N' Roses") == .find("Guns N' Roses"))
    #expect(try Command.parse("find \"quoted\" and 'half") == .find("\"quoted\" and 'half"))
    #expect(try Command.parse("find songs 🎸 \\") == .find("songs 🎸 \\"))
    #expect(try Command.parse("find\tx") == .find("x"))
}

@Test func helpForLibraryAndFolderListsEachForm() throws {
    let player = MusicPlayer.silent()
    let session = Session(player: player, catalog: nil)
    defer { session.shutdown() }
    guard case .text(let text) = try session.perform(line: "help lib").get() else { throw CommandError.failed("no help for lib") }
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains("    library songs [--sort title|artist|album|year|added|length] [--from N]"), "\(text)")
    #expect(lines.contains("    library album ID") && lines.contains("    library folder DIR"), "\(text)")
    #expect(lines.count == 2 + 7, "the usage, the summary and the seven forms: \(text)")
    guard case .text(let folder) = try session.perform(line: "help folder").get() else { throw CommandError.failed("no help for folder") }
    #expect(folder.split(separator: "\n").count == 2 + 3, "\(folder)")
    guard case .text(let rescan) = try session.perform(line: "help update").get() else { throw CommandError.failed("no help for update") }
    #expect(rescan.hasPrefix("rescan [DIR]  (also: update)"), "\(rescan)")
}

@Test func searchTakesTheRestOfTheLineAsTyped() throws {
    #expect(try Command.parse("search Guns N' Roses") == .search(.songs, term: "Guns N' Roses"))
    #expect(try Command.parse("search \"quoted\" and 'half") == .search(.songs, term: "\"quoted\" and 'half"))
    #expect(try Command.parse("search albums 夜に駆ける  YOASOBI") == .search(.albums, term: "夜に駆ける  YOASOBI"))
    #expect(try Command.parse("search songs 🎸 \\") == .search(.songs, term: "🎸 \\"))
}

// MARK: Errors

private let moveSentence =
    "move needs an entry (a queue position counting from 1, a range of them, or #ID) and a position, like move 5 2, move 3-5 1 or move #12 1."
private let removeSentence = "remove needs queue positions counting from 1 or entry ids, like remove 3, remove 2-5 or remove #12."
private let jumpSentence = "jump needs one queue position counting from 1, or #ID, and maybe a time, like jump 4, jump #12 or jump 4 1:30."
private let queueSentence = "queue takes nothing, or --since and a queue version, like queue --since 41."

private let workoutSentence =
    "workout takes start, pause, resume, end, status, cadence, history, add or play, like workout start running --cadence 170."
private let startSentence =
    "workout start takes a kind (running, cycling, walking, hiit or other), --cadence SPM and --minutes N, like workout start running --cadence 170 --minutes 30."
private let cadenceOption = "--cadence takes steps a minute from 30 to 250, like --cadence 170."
private let minutesOption = "--minutes takes a length from 1 to 1440 minutes, like --minutes 30."
private let cadenceSentence =
    "workout cadence needs steps a minute from 30 to 250, or a nudge from +1 to +100 or -1 to -100, like workout cadence 170 or workout cadence +5."
private let addSentence =
    "workout add needs one or more songs, albums or playlists: itunes:ID items, files, URLs or playlist:NAME."
private let playSentence = "workout play needs one item (itunes:ID, a file or a URL), like workout play itunes:1440857781."

private let folderSentence = "folder takes add DIR, remove DIR or list, like folder add ~/Music."
private let rescanSentence = "rescan takes nothing, or one library folder, like rescan ~/Music."
private let librarySentence =
    "library takes songs, albums, artists, folders, album ID, artist ID or folder DIR, like library albums --sort year."
private let sortOption = "--sort takes title, artist, album, year, added or length, like --sort year."
private let fromOption = "--from takes a song number counting from 0, like --from 2000."
private let songsSentence = "library songs takes --sort KEY and --from N, like library songs --sort added --from 2000."
private let albumSentence = "library album needs one local album id, like library album local:album:12."

private let replaceSentence =
    "replace needs a position counting from 1 and at least that many items, like replace 3 itunes:1 itunes:2 itunes:3."

@Test(arguments: [
    ("", "the command line is empty — try help."),
    ("   \t ", "the command line is empty — try help."),
    ("frob", "unknown command \"frob\" — try help."),
    ("help frob", "unknown command \"frob\" — try help."),
    ("seek", "seek needs a time like 1:23, +10 or 50%."),
    ("seek soon", "seek needs a time like 1:23, +10 or 50%."),
    ("seek 1:75", "seek needs a time like 1:23, +10 or 50%."),
    ("seek 1::2", "seek needs a time like 1:23, +10 or 50%."),
    ("seek 101%", "seek needs a time like 1:23, +10 or 50%."),
    ("seek 9999999:00", "seek needs a time like 1:23, +10 or 50%."),
    ("seek +10000000", "seek needs a time like 1:23, +10 or 50%."),
    ("seek 1.2345", "seek needs a time like 1:23, +10 or 50%."),
    ("seek ++1", "seek needs a time like 1:23, +10 or 50%."),
    ("seek １２", "seek needs a time like 1:23, +10 or 50%."),
    ("volume", "volume needs a level from 0 to 100, or a change like +5 or -5."),
    ("volume 101", "volume needs a level from 0 to 100, or a change like +5 or -5."),
    ("volume -101", "volume needs a level from 0 to 100, or a change like +5 or -5."),
    ("volume 5.5", "volume needs a level from 0 to 100, or a change like +5 or -5."),
    ("crossfade 31", "crossfade needs seconds from 0 to 30, like crossfade 4."),
    ("repeat twice", "repeat takes one, all or none, or nothing to cycle."),
    ("shuffle maybe", "shuffle takes on or off, or nothing to toggle."),
    ("play now", "play takes no arguments."),
    ("add", "add needs one or more files, URLs or itunes:ID items, after --at and a position counting from 1 if given."),
    ("add \"\"", "add needs one or more files, URLs or itunes:ID items, after --at and a position counting from 1 if given."),
    ("playnext", "playnext needs one or more files, URLs or itunes:ID items."),
    ("move 1", moveSentence),
    ("move 0 2", moveSentence),
    ("move -1 2", moveSentence),
    ("move #3 #4", moveSentence),
    ("move # 2", moveSentence),
    ("move #-3 2", moveSentence),
    ("remove", removeSentence),
    ("remove -3", removeSentence),
    ("remove 5-2", removeSentence),
    ("remove 99999999999", removeSentence),
    ("remove #", removeSentence),
    ("remove #1-#3", removeSentence),
    ("remove #1234567890123456789", removeSentence),
    ("remove # 3", removeSentence),
    ("jump 0", jumpSentence),
    ("jump #", jumpSentence),
    ("jump #x", jumpSentence),
    ("jump #3 #4", jumpSentence),
    ("queue 3", queueSentence),
    ("queue --since", queueSentence),
    ("queue --since -1", queueSentence),
    ("queue --since 1.5", queueSentence),
    ("queue --since 1234567890123456789", queueSentence),
    ("queue --until 3", queueSentence),
    ("replace", replaceSentence),
    ("replace 2", replaceSentence),
    ("replace 0 itunes:1", replaceSentence),
    ("replace 3 itunes:1 itunes:2", replaceSentence),
    ("replace x itunes:1", replaceSentence),
    ("replace 1 \"\"", replaceSentence),
    ("topsongs", "topsongs needs one catalog artist id (digits), like topsongs 5040714."),
    ("topsongs Queen", "topsongs needs one catalog artist id (digits), like topsongs 5040714."),
    ("quit now", "quit takes no arguments."),
    ("search", "search needs a term, like search songs Guns N' Roses."),
    ("search   ", "search needs a term, like search songs Guns N' Roses."),
    ("lookup abc", "lookup needs catalog ids (digits), like lookup 1440857781."),
    ("album", "album needs one catalog album id (digits), like album 1440857781."),
    ("artist 1 2", "artist needs one catalog artist id (digits), like artist 5040714."),
    ("charts usa", "charts takes one two-letter storefront code, like charts us, or nothing."),
    ("save x", "save takes one catalog id (digits), or nothing to save the entry playing."),
    ("saved artists", "saved takes songs or albums."),
    ("history maybe", "history takes list, on, off or clear."),
    (
        "playlist",
        "playlist needs one of list, show, create, rename, delete, add, remove, move, play, import or export."
    ),
    ("playlist rename Old", "playlist rename needs the name and a new name, like playlist rename Old New."),
    ("playlist create \"\"", "playlist create needs a name, like playlist create Running."),
    (
        "playlist rename Old Name New",
        "playlist rename takes at most 2 words and was given 3 words. A name with spaces goes in quotes, like playlist rename \"Road Trip\"."
    ),
    (
        "playlist create Road Trip",
        "playlist create takes one name and was given 2 words. A name with spaces goes in quotes, like playlist create \"Road Trip\"."
    ),
    (
        "playlist remove Running 0",
        "playlist remove needs a playlist name and positions counting from 1, like playlist remove Running 3 5-7."
    ),
    ("workout", workoutSentence),
    ("workout jog", workoutSentence),
    ("workout start jogging", startSentence),
    ("workout start running cycling", startSentence),
    ("workout start --cadence 170 --cadence 180", startSentence),
    ("workout start --pace 5", startSentence),
    ("workout start --cadence", cadenceOption),
    ("workout start --cadence 29", cadenceOption),
    ("workout start --cadence 251", cadenceOption),
    ("workout start --cadence fast", cadenceOption),
    ("workout start --cadence 170.5", cadenceOption),
    ("workout start --cadence=", cadenceOption),
    ("workout start --minutes 0", minutesOption),
    ("workout start --minutes 1441", minutesOption),
    ("workout start --minutes -5", minutesOption),
    ("workout start --minutes 99999999999999999999", minutesOption),
    ("workout cadence", cadenceSentence),
    ("workout cadence 29", cadenceSentence),
    ("workout cadence 251", cadenceSentence),
    ("workout cadence +0", cadenceSentence),
    ("workout cadence -101", cadenceSentence),
    ("workout cadence +1.5", cadenceSentence),
    ("workout cadence 170 180", cadenceSentence),
    ("workout cadence ++5", cadenceSentence),
    ("workout pause now", "workout pause takes no more arguments."),
    ("workout end 1", "workout end takes no more arguments."),
    ("workout status x", "workout status takes no more arguments."),
    ("workout history all", "workout history takes no more arguments."),
    ("workout resume x", "workout resume takes no more arguments."),
    ("workout add", addSentence),
    ("workout add \"\"", addSentence),
    ("workout play", playSentence),
    ("workout play itunes:1 itunes:2", playSentence),
    ("tempo", "tempo needs one or more files, URLs or itunes:ID items."),
    ("bpm \"\"", "tempo needs one or more files, URLs or itunes:ID items."),
    ("folder frob", folderSentence),
    ("folder add", "folder add needs one folder, like folder add ~/Music."),
    ("folder add \"\"", "folder add needs one folder, like folder add ~/Music."),
    (
        "folder add My Music",
        "folder add takes one folder and was given 2 words. A path with spaces goes in quotes, like folder add \"/music/My Albums\"."
    ),
    ("folder remove", "folder remove needs one library folder, like folder remove ~/Music."),
    ("folder list all", "folder list takes no more arguments."),
    ("rescan a b", rescanSentence),
    ("rescan \"\"", rescanSentence),
    ("stats now", "stats takes no arguments."),
    ("find", "find needs a term, like find daft punk."),
    ("find  \t ", "find needs a term, like find daft punk."),
    ("library", librarySentence),
    ("lib genres", librarySentence),
    ("library songs --sort bpm", sortOption),
    ("library songs --sort", sortOption),
    ("library albums --sort=", sortOption),
    ("library songs --from", fromOption),
    ("library songs --from -1", fromOption),
    ("library songs --from 1.5", fromOption),
    ("library songs --from 1000000000", fromOption),
    ("library songs --from 99999999999999999999", fromOption),
    ("library songs --sort year --sort title", songsSentence),
    ("library songs --from 1 --from 2", songsSentence),
    ("library songs year", songsSentence),
    ("library songs --page 2", songsSentence),
    ("library albums --from 3", "library albums takes --sort KEY, like library albums --sort year."),
    ("library artists x", "library artists takes no more arguments."),
    ("library folders x", "library folders takes no more arguments."),
    ("library album", albumSentence),
    ("library album 1440857781", albumSentence),
    ("library album local:artist:3", albumSentence),
    ("library album local:album:0", albumSentence),
    ("library album local:album:-1", albumSentence),
    ("library album local:album:9223372036854775808", albumSentence),
    ("library album local:album:1 local:album:2", albumSentence),
    ("library artist local:album:3", "library artist needs one local artist id, like library artist local:artist:7."),
    ("library folder", "library folder needs one folder, like library folder ~/Music/Jazz."),
    (
        "library folder My Music",
        "library folder takes one folder and was given 2 words. A path with spaces goes in quotes, like library folder \"/music/My Albums\"."
    ),
    ("add \"open", "a quote (\") is not closed; close it or escape it with a backslash."),
    ("add 'open", "a quote (') is not closed; close it or escape it with a backslash."),
    ("add trailing\\", "the line ends with a backslash; escape it as \\\\ or remove it."),
])
func badLinesSaySo(_ line: String, _ sentence: String) {
    #expect {
        try Command.parse(line)
    } throws: { error in
        "\(error)" == sentence
    }
}

// MARK: Fuzz

@Test func fuzzedLinesParseToStableCommandsOrThrow() {
    var random = SplitMix64(seed: 0x5E6E_C0DE)
    let verbs = CommandCompletion.verbs + ["vol", "prev", "n", "pl", "insert", "rm", "FROB"]
    let pieces = [
        " ", "  ", "\t", "\"", "'", "\\", "-", "+", "%", ":", ".", "0", "1", "9", "12", "1:23", "50%", "+10", "-3", "2-5",
        "a", "Song", "夜に駆ける", "🎧", "👩‍👩‍👧", "\u{301}", "é", "\n", "songs", "albums", "on", "off", "one", "list", "create",
        "rename", "add", "import", "export", "itunes:1", "/m/a b.mp3", "\u{3000}", "\u{0}", "99999999999999999999", "9999999", "59", "3600",
        "100",
    ]
    var parsed = 0
    for _ in 0..<5_000 {
        var line = random.int(4) == 0 ? "" : verbs[random.int(verbs.count)]
        for _ in 0..<random.int(7) {
            if random.int(5) == 0 {
                // Any printable scalar from a few ranges, ASCII most of the time.
                let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x2FF, 0x3040...0x30FF, 0x1F300...0x1F6FF]
                let range = ranges[random.int(ranges.count)]
                let value = range.lowerBound + UInt32(random.int(Int(range.upperBound - range.lowerBound + 1)))
                line.unicodeScalars.append(Unicode.Scalar(value)!)
            } else {
                line += pieces[random.int(pieces.count)]
            }
        }
        do {
            let command = try Command.parse(line)
            parsed += 1
            let again = try Command.parse(command.text)
            #expect(again == command, "\(line.debugDescription) → \(command.text.debugDescription)")
            #expect(again.text == command.text)
        } catch {
            // A sentence, never empty.
            #expect(!"\(error)".isEmpty)
        }
    }
    #expect(parsed > 200)
}

// MARK: Completion

@Test func completion() {
    #expect(CommandCompletion.verbs.count == 47)
    #expect(CommandCompletion.completions(for: "") == CommandCompletion.verbs)
    #expect(CommandCompletion.completions(for: "re") == ["restart", "repeat", "remove", "replace", "rescan"])
    #expect(CommandCompletion.completions(for: "to") == ["toggle", "topsongs"])
    #expect(CommandCompletion.completions(for: "q") == ["queue", "quit"])
    #expect(CommandCompletion.completions(for: "help qu") == ["help queue", "help quit"])
    #expect(CommandCompletion.completions(for: "VO") == ["volume"])
    #expect(CommandCompletion.completions(for: "pre") == ["previous"])
    #expect(CommandCompletion.completions(for: "repeat ") == ["repeat one", "repeat all", "repeat none"])
    #expect(CommandCompletion.completions(for: "repeat o") == ["repeat one"])
    #expect(CommandCompletion.completions(for: "pl re") == ["playlist rename", "playlist remove"])
    #expect(CommandCompletion.completions(for: "help se") == ["help seek", "help search"])
    #expect(CommandCompletion.completions(for: "seek 1") == [])
    #expect(CommandCompletion.completions(for: "frob ") == [])
    #expect(CommandCompletion.completions(for: "wor") == ["workout"])
    #expect(CommandCompletion.completions(for: "bp") == ["tempo"])
    #expect(CommandCompletion.completions(for: "workout c") == ["workout cadence"])
    #expect(
        CommandCompletion.completions(for: "workout ")
            == ["start", "pause", "resume", "end", "status", "cadence", "history", "add", "play"].map { "workout " + $0 })
    #expect(CommandCompletion.completions(for: "workout start c") == ["workout start cycling"])
    #expect(CommandCompletion.completions(for: "Workout START --") == ["workout start --cadence", "workout start --minutes"])
    #expect(
        CommandCompletion.completions(for: "workout start ")
            == ["running", "cycling", "walking", "hiit", "other", "--cadence", "--minutes"].map { "workout start " + $0 })
    #expect(CommandCompletion.completions(for: "workout cadence ") == [])
    #expect(CommandCompletion.completions(for: "fo") == ["folder"])
    #expect(CommandCompletion.completions(for: "up") == ["rescan"])
    #expect(CommandCompletion.completions(for: "st") == ["stop", "status", "stats"])
    #expect(CommandCompletion.completions(for: "folder ") == ["folder add", "folder remove", "folder list"])
    #expect(CommandCompletion.completions(for: "lib ar") == ["library artists", "library artist"])
    #expect(CommandCompletion.completions(for: "library songs --") == ["library songs --sort", "library songs --from"])
    #expect(CommandCompletion.completions(for: "library albums ") == ["library albums --sort"])
    #expect(CommandCompletion.completions(for: "library artists ") == [])
    #expect(CommandCompletion.completions(for: "workout start running --c") == [])
    // Every completed workout line parses.
    for line in CommandCompletion.completions(for: "workout start ") where !line.hasSuffix("--cadence") && !line.hasSuffix("--minutes") {
        #expect(throws: Never.self) { try Command.parse(line) }
    }
    // Every verb the completion offers parses as that verb.
    for verb in CommandCompletion.verbs {
        #expect(throws: Never.self) { try Command.parse("help \(verb)") }
    }
}
