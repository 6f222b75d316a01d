import Library
import MusicModel
import Testing

@Suite struct ConcurrencyAndValueTests {
    @Test func concurrentCallsAreSerialized() async throws {
        let (library, _) = try TestDatabase.library()
        let id = try library.createPlaylist(name: "Shared")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for play in 0..<25 {
                        try library.recordPlay(PlayableItem(location: "/shared.mp3"), at: Double(play))
                        try library.addToPlaylist(id, items: [PlayableItem(location: "/\(task)/\(play).mp3")])
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try library.playCount(location: "/shared.mp3") == 200)
        let items = try library.playlistItems(id)
        #expect(items.count == 200)
        #expect(Set(items.map(\.location)).count == 200)
    }

    @Test func valueAccessors() {
        #expect(SQLValue.integer(3).int == 3)
        #expect(SQLValue.integer(3).double == 3)
        #expect(SQLValue.real(2.9).int64 == 2)
        #expect(SQLValue.real(-2.9).int64 == -2)
        #expect(SQLValue.real(1e30).int64 == nil)
        #expect(SQLValue.real(.nan).int64 == nil)
        #expect(SQLValue.text("x").int == nil)
        #expect(SQLValue.text("夜").string == "夜")
        #expect(SQLValue.blob([1]).bytes == [1])
        #expect(SQLValue.integer(0).bool == false)
        #expect(SQLValue.null.isNull)
        #expect(SQLValue(nil as String?) == .null)
        #expect(SQLValue(true) == .integer(1))
        #expect(SQLValue(2.5 as Double?) == .real(2.5))
    }
}
