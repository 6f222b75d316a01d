import Library
import MusicModel
import Player
import SQLiteStore
import TestSupport
import Testing

/// A real SQLite database that tells how many rows have been written through it (`total_changes()`),
/// so a test can see what one save cost.
final class CountingDatabase: SQLDatabase, @unchecked Sendable {
    let inner: SQLiteDatabase

    init(path: String) throws { inner = try SQLiteDatabase.open(path: path) }

    /// Rows inserted, updated or deleted through this connection since it opened.
    var rowsWritten: Int { (try? inner.query("SELECT total_changes()", []).first?.first?.int) ?? -1 }

    func execute(_ sql: String, _ args: [SQLValue]) throws { try inner.execute(sql, args) }
    func query(_ sql: String, _ args: [SQLValue]) throws -> [[SQLValue]] { try inner.query(sql, args) }
    func transaction<T>(_ body: () throws -> T) throws -> T { try inner.transaction(body) }
    func userVersion() throws -> Int { try inner.userVersion() }
    func setUserVersion(_ version: Int) throws { try inner.setUserVersion(version) }
}

extension SavedQueue {
    /// Saves `queue` as the session's queue keeper does: its entries, current index and modes.
    func save(_ queue: PlayerQueue, position: Double, volume: Double) throws(LibraryError) {
        try save(
            entries: queue.entries, currentIndex: queue.currentIndex, repeatMode: queue.repeatMode, shuffleMode: queue.shuffleMode,
            position: position, volume: volume)
    }
}

/// The daemon's saved queue (issue 10): saved by change, restored exactly, numbers checked when read back.
@Suite struct SavedStateTests {
    static func item(_ n: Int) -> PlayableItem {
        PlayableItem(
            location: "/music/\(n).mp3", title: "Track \(n)", artist: n % 3 == 0 ? nil : "Artist \(n % 7)", duration: Double(abs(n) % 300))
    }

    /// What the player would restore from `queue`.
    static func expected(_ queue: PlayerQueue, position: Double, volume: Double) -> QueueState {
        QueueState(
            items: queue.entries.map(\.item), currentIndex: queue.currentIndex, position: position, repeatMode: queue.repeatMode,
            shuffleMode: queue.shuffleMode, volume: volume)
    }

    @Test func aVolumeOrModeChangeOnA10000EntryQueueWritesOneRowAndAnEditAboutOne() throws {
        let path = TestDatabase.path()
        let database = try CountingDatabase(path: path)
        let saved = SavedQueue(library: try MusicLibrary(database: database))
        var queue = PlayerQueue(items: (0..<10_000).map(Self.item), startingAt: 5_000)
        try saved.save(queue, position: 12, volume: 0.5)
        var before = database.rowsWritten
        #expect(before >= 10_000)
        func written() -> Int {
            defer { before = database.rowsWritten }
            return database.rowsWritten - before
        }

        try saved.save(queue, position: 12, volume: 0.7)
        #expect(written() == 1, "a volume change writes the one state row")
        queue.setRepeatMode(.all)
        try saved.save(queue, position: 12, volume: 0.7)
        #expect(written() == 1, "so does a repeat change")
        try saved.save(queue, position: 12, volume: 0.7)
        #expect(written() == 0, "and nothing changed writes nothing")
        try saved.savePosition(30)
        #expect(written() == 1, "the once-a-second position save")
        queue.insert([Self.item(-1)], position: .tail)
        try saved.save(queue, position: 30, volume: 0.7)
        #expect(written() == 1, "appending one entry writes its row")
        queue.insert([Self.item(-2)], position: .afterCurrentEntry)
        try saved.save(queue, position: 30, volume: 0.7)
        #expect(written() == 1, "inserting one in the middle writes its row")
        queue.move(queue.entries[10].id, to: 9_000)
        try saved.save(queue, position: 30, volume: 0.7)
        #expect(written() == 2, "a move rewrites the moved row")
        queue.remove(queue.entries[20].id)
        try saved.save(queue, position: 30, volume: 0.7)
        #expect(written() == 1, "a removal deletes its row")
        #expect(try MusicLibrary.open(path: path).loadQueueState() == Self.expected(queue, position: 30, volume: 0.7))
    }

    @Test func afterRandomEditsAndRestartsTheRestoredQueueIsThePlayers() throws {
        let path = TestDatabase.path()
        var random = SplitMix64(seed: 10)
        var saved = SavedQueue(library: try MusicLibrary.open(path: path))
        var queue = PlayerQueue(items: (0..<50).map(Self.item), startingAt: 3, shuffleSeed: 1)
        var position = 0.0
        var volume = 1.0
        var next = 1_000
        for step in 0..<600 {
            switch random.int(10) {
            case 0, 1:
                let count = 1 + random.int(3)
                queue.insert((0..<count).map { Self.item(next + $0) }, position: random.bool() ? .tail : .afterCurrentEntry)
                next += count
            case 2:
                if let entry = queue.entries.randomElement(using: &random) { queue.move(entry.id, to: random.int(queue.entries.count)) }
            case 3:
                if let entry = queue.entries.randomElement(using: &random) { queue.remove(entry.id) }
            case 4:
                if let entry = queue.entries.randomElement(using: &random) { queue.setCurrentEntry(entry.id) }
            case 5:
                if let entry = queue.entries.randomElement(using: &random) { queue.updateItem(entry.id, to: Self.item(next)) }
                next += 1
            case 6: queue.setRepeatMode([.none, .one, .all][random.int(3)])
            case 7: queue.setShuffleMode(random.bool() ? .songs : .off)
            case 8: volume = Double(random.int(101)) / 100
            default: position = Double(random.int(600)) / 4
            }
            // Inserting after the same entry again and again runs out of room between two keys: renumbered.
            if step % 100 == 50 {
                for n in 0..<40 { queue.insert([Self.item(next + n)], position: .afterCurrentEntry) }
                next += 40
            }
            try saved.save(queue, position: position, volume: volume)
            if step % 150 == 149 {
                // A restart: a new library and saver, the player's new entries adopted for the saved rows.
                saved = SavedQueue(library: try MusicLibrary.open(path: path))
                let state = try #require(try saved.load())
                #expect(state == Self.expected(queue, position: position, volume: volume))
                var restored = PlayerQueue(items: state.items, startingAt: state.currentIndex ?? 0, shuffleSeed: UInt64(step))
                restored.setRepeatMode(state.repeatMode)
                restored.setShuffleMode(state.shuffleMode)
                saved.adopt(restored.entries, scalars: state)
                queue = restored
            }
        }
        #expect(try MusicLibrary.open(path: path).loadQueueState() == Self.expected(queue, position: position, volume: volume))
    }

    /// `save` takes the queue's parts from any caller now, not a `PlayerQueue` that keeps its
    /// current index valid: an index past the entries saves the queue with no current entry.
    @Test func aCurrentIndexPastTheEntriesIsSavedAsNoCurrentEntry() throws {
        let path = TestDatabase.path()
        let saved = SavedQueue(library: try MusicLibrary.open(path: path))
        let entries = (0..<2).map { QueueEntry(id: QueueEntryID(rawValue: UInt64($0)), item: Self.item($0)) }
        try saved.save(entries: entries, currentIndex: 5, repeatMode: .all, shuffleMode: .off, position: 3, volume: 0.5)
        let state = try #require(try MusicLibrary.open(path: path).loadQueueState())
        #expect(state.items == entries.map(\.item))
        #expect(state.currentIndex == nil)
        #expect(state.repeatMode == .all)
    }

    @Test func numbersOutOfRangeAreReadBackAsSafeValues() throws {
        let (library, path) = try TestDatabase.library()
        try library.saveQueueState(QueueState(items: [Self.item(1)], currentIndex: 0, position: 5, volume: 0.5))
        let raw = try SQLiteDatabase.open(path: path)
        // SQLite stores a NaN as NULL, which the columns refuse; text is what a hand edit could leave instead.
        let cases: [(SQLValue, SQLValue)] = [
            (.real(1e300), .real(1e300)), (.real(-3), .real(-1)), (.real(-.infinity), .real(.infinity)), (.text("nan"), .text("loud")),
        ]
        for (position, volume) in cases {
            try raw.execute("UPDATE queue_state SET position = ?1, volume = ?2, current_key = 12345", [position, volume])
            let state = try #require(try library.loadQueueState())
            #expect(state.position == 0 && state.volume == 1 && state.currentIndex == nil, "\(position), \(volume)")
        }
        for duration in [1e300, -1, .infinity] {
            try raw.execute("UPDATE queue_entry SET duration = ?1", [.real(duration)])
            #expect(try library.loadQueueState()?.items.first?.duration == nil, "\(duration)")
        }
    }

    @Test func aVersion2SavedQueueIsMigratedInOrderWithItsCurrentEntry() throws {
        let path = TestDatabase.path()
        do {
            // Version 2's queue tables as that release created them; the rest of v1/v2 is not needed by step 3.
            let db = try SQLiteDatabase.open(path: path)
            let item = "location TEXT NOT NULL, title TEXT, artist TEXT, album TEXT, artwork_url TEXT, duration REAL"
            try db.execute(
                """
                CREATE TABLE queue_state (id INTEGER PRIMARY KEY CHECK (id = 1), current_index INTEGER,
                position REAL NOT NULL, repeat_mode TEXT NOT NULL, shuffle_mode TEXT NOT NULL, volume REAL NOT NULL)
                """, [])
            try db.execute("CREATE TABLE queue_item (position INTEGER PRIMARY KEY, \(item))", [])
            for (position, name) in [(2, "c"), (0, "a"), (1, "b")] {
                try db.execute(
                    "INSERT INTO queue_item (position, location) VALUES (?1, ?2)", [.integer(Int64(position)), .text("/\(name).mp3")])
            }
            try db.execute("INSERT INTO queue_state VALUES (1, 1, 7.5, 'all', 'songs', 0.25)", [])
            try db.setUserVersion(2)
        }
        let state = try #require(try MusicLibrary.open(path: path).loadQueueState())
        #expect(state.items.map(\.location) == ["/a.mp3", "/b.mp3", "/c.mp3"])
        #expect(state.currentIndex == 1 && state.position == 7.5 && state.repeatMode == .all && state.shuffleMode == .songs)
        #expect(state.volume == 0.25)
        #expect(try SQLiteDatabase.open(path: path).userVersion() == 6)
    }

    @Test func theSavedQueueIsSetAsideAsAPlaylist() throws {
        let (library, _) = try TestDatabase.library()
        let items = (0..<5).map(Self.item)
        try library.saveQueueState(QueueState(items: items, currentIndex: 2, position: 9, repeatMode: .one, volume: 0.3))
        #expect(try library.setAsideQueue(as: "Queue set aside 2026-12-01 14:03") == 5)
        #expect(try library.loadQueueState() == nil)
        let playlist = try #require(try library.playlists().first { $0.name == "Queue set aside 2026-12-01 14:03" })
        #expect(try library.playlistItems(playlist.id) == items)
        #expect(try library.setAsideQueue(as: "again") == 0)
        #expect(try library.playlists().count == 1, "nothing saved: no empty playlist")
    }
}

/// SQLite's answer to `PRAGMA journal_mode=WAL` is checked, not assumed.
@Suite struct JournalModeTests {
    @Test func aFileDatabaseGetsWALAndNoWarning() throws {
        let database = try SQLiteDatabase.open(path: TestDatabase.path())
        #expect(database.journalMode == "wal")
        #expect(database.journalWarning == nil)
    }

    @Test func aDatabaseWhereWALIsRefusedIsSaidInOneSentenceAndStillWorks() throws {
        let database = try SQLiteDatabase.open(path: ":memory:")
        #expect(database.journalMode == "memory")
        let warning = try #require(database.journalWarning)
        #expect(warning.hasPrefix("The library :memory: could not use SQLite's write-ahead log (journal mode is \"memory\""))
        #expect(warning.hasSuffix(".") && !warning.dropLast().contains(". "), "one sentence: \(warning)")
        var heard: [String] = []
        let library = try MusicLibrary.open(path: ":memory:") { heard.append($0) }
        #expect(heard == [warning])
        try library.saveQueueState(QueueState(items: [SavedStateTests.item(1)]))
        #expect(try library.loadQueueState()?.items.count == 1)
        #expect(SQLiteDatabase.journalWarning(mode: "delete", path: "/nfs/x")?.contains("\"delete\"") == true)
    }
}
