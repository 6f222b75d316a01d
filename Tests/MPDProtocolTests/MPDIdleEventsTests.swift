import Library
import MPDProtocol
import Player
import Session
import Testing

/// The session's events as MPD's idle subsystems.
@Suite struct MPDIdleEventsTests {
    @Test func playerStateChangesAreSortedIntoPlayerMixerAndOptions() {
        var events = MPDIdleEvents()
        var state = PlayerState()
        #expect(events.subsystems(for: .player(.stateChanged(state))) == .player)
        state.playbackStatus = .playing
        #expect(events.subsystems(for: .player(.stateChanged(state))) == .player)
        state.volume = 0.5
        #expect(events.subsystems(for: .player(.stateChanged(state))) == .mixer)
        state.crossfadeSeconds = 3
        #expect(events.subsystems(for: .player(.stateChanged(state))) == .options)
        // Nothing visible changed: a seek within the song.
        #expect(events.subsystems(for: .player(.stateChanged(state))) == .player)
        state.isPreparedToPlay.toggle()
        #expect(events.subsystems(for: .player(.stateChanged(state))) == [])
    }

    @Test func aQueueEditIsPlaylistAndTheStateEventAfterItIsNoSeek() {
        var events = MPDIdleEvents()
        let state = PlayerState()
        _ = events.subsystems(for: .player(.stateChanged(state)))
        let queue = PlayerQueue()
        #expect(events.subsystems(for: .player(.queueChanged(queue))).contains(.playlist))
        #expect(events.subsystems(for: .player(.stateChanged(state))) == [])
        #expect(events.subsystems(for: .player(.queueChanged(queue))) == [])
        #expect(events.subsystems(for: .player(.queueEnded)) == .player)
    }

    @Test func libraryAndSessionChangesHaveTheirSubsystems() {
        var events = MPDIdleEvents()
        let progress = LibraryActivity.scanning(ScanProgress(folder: "/m", done: 1, total: nil))
        #expect(events.subsystems(for: .library(progress)) == .update)
        #expect(events.subsystems(for: .library(progress)) == [])
        #expect(events.subsystems(for: .library(.changed)) == .database)
        #expect(events.subsystems(for: .changed(.playlists)) == .storedPlaylist)
        #expect(events.subsystems(for: .changed(.outputs)) == .output)
        #expect(events.subsystems(for: .notice("hello")) == [])
    }
}
