import MPRIS
import MusicModel
import Player
import Session
import Testing

/// The Player interface's properties from a snapshot, what is announced after a change, and
/// the bus address found without loading anything.
@Suite struct MPRISPropertiesTests {
    private let entry = QueueEntry(
        id: QueueEntryID(rawValue: 12),
        item: PlayableItem(
            location: "/music/Ünder Pressure #1.mp3", title: "Under Pressure", artist: "Queen", album: "Hot Space",
            artworkURL: "https://example.invalid/a.jpg", duration: 248.1))

    private func snapshot(_ status: PlaybackStatus, position: Double, entry: QueueEntry?) -> Snapshot {
        var state = PlayerState()
        state.playbackStatus = status
        return Snapshot(
            state: state, current: entry, queuePosition: entry == nil ? nil : 1, queueLength: entry == nil ? 0 : 1, position: position,
            duration: entry?.item.duration)
    }

    @Test func metadataCarriesEveryFieldInTheBusesForms() throws {
        let properties = MPRISProperties(snapshot(.playing, position: 61.5, entry: entry))
        let metadata = try #require(properties.metadata)
        #expect(metadata.trackID == "/org/segue/track/12")
        #expect(MPRISMetadata.entryID(fromTrackID: metadata.trackID) == entry.id)
        #expect(metadata.lengthMicroseconds == 248_100_000)
        #expect(metadata.artURL == "https://example.invalid/a.jpg")
        #expect(metadata.title == "Under Pressure")
        #expect(metadata.artists == ["Queen"])
        #expect(metadata.album == "Hot Space")
        #expect(metadata.url == "file:///music/%C3%9Cnder%20Pressure%20%231.mp3")
        #expect(MPRISURI.item(from: metadata.url) == entry.item.location, "the URL reads back as the path")
        #expect(properties.positionMicroseconds == 61_500_000)
        #expect(properties.playbackStatus == "Playing")
        #expect(properties.canSeek && properties.canPlay && properties.canPause && properties.canGoPrevious)
        #expect(!properties.canGoNext, "nothing follows the only entry")
    }

    @Test func anEmptyQueueHasNoMetadataAndCanDoNothing() {
        let properties = MPRISProperties(snapshot(.stopped, position: 0, entry: nil))
        #expect(properties.metadata == nil)
        #expect(!properties.canPlay && !properties.canPause && !properties.canSeek && !properties.canGoNext)
        #expect(properties.playbackStatus == "Stopped")
    }

    @Test func outsideTrackIDsAreRefused() {
        for path in ["/org/segue/track/", "/org/segue/track/-1", "/org/segue/track/1x", "/org/segue/track/99999999999999999999999"] {
            #expect(MPRISMetadata.entryID(fromTrackID: path) == nil, "\(path)")
        }
    }

    @Test func changesNameWhatDiffersAndSeeksAreJumps() {
        var changes = MPRISChanges(MPRISProperties(snapshot(.playing, position: 10, entry: entry)), at: 100)
        // Playing on as the clock says: nothing to tell.
        var update = changes.update(MPRISProperties(snapshot(.playing, position: 15, entry: entry)), at: 105)
        #expect(update.changed.isEmpty && update.seeked == nil)
        // A pause: the status changed, the position did not jump.
        update = changes.update(MPRISProperties(snapshot(.paused, position: 15.2, entry: entry)), at: 105.2)
        #expect(update.changed == ["PlaybackStatus"] && update.seeked == nil)
        // A seek while paused.
        update = changes.update(MPRISProperties(snapshot(.paused, position: 40, entry: entry)), at: 106)
        #expect(update.changed.isEmpty && update.seeked == 40_000_000)
        // Playing again, then a jump back while playing.
        _ = changes.update(MPRISProperties(snapshot(.playing, position: 40, entry: entry)), at: 107)
        update = changes.update(MPRISProperties(snapshot(.playing, position: 3, entry: entry)), at: 110)
        #expect(update.seeked == 3_000_000)
        // Another entry: Metadata says it, it is no seek.
        let other = QueueEntry(id: QueueEntryID(rawValue: 13), item: PlayableItem(location: "https://example.invalid/b.mp3"))
        update = changes.update(MPRISProperties(snapshot(.playing, position: 0, entry: other)), at: 111)
        #expect(update.changed == ["Metadata", "CanSeek"] && update.seeked == nil)
    }

    @Test func timeConversionsNeverTrap() {
        #expect(MPRISTime.microseconds(.nan) == nil)
        #expect(MPRISTime.microseconds(-1) == nil)
        #expect(MPRISTime.microseconds(.infinity) == nil)
        #expect(MPRISTime.microseconds(1.5) == 1_500_000)
        #expect(MPRISTime.seconds(.min) < 0 && MPRISTime.seconds(.max) > 0)
    }

    @Test func theBusIsFoundOnlyWhereTheEnvironmentSaysSo() {
        let none: (String) -> String? = { _ in nil }
        #expect(MPRISBusAddress.find(environment: none, exists: { _ in true }) == nil)
        let address: (String) -> String? = { $0 == "DBUS_SESSION_BUS_ADDRESS" ? "unix:path=/tmp/x" : nil }
        #expect(MPRISBusAddress.find(environment: address, exists: { _ in false }) == "unix:path=/tmp/x")
        let runtime: (String) -> String? = { $0 == "XDG_RUNTIME_DIR" ? "/run/user/1000 x" : ($0 == "DBUS_SESSION_BUS_ADDRESS" ? "" : nil) }
        #expect(MPRISBusAddress.find(environment: runtime, exists: { $0 == "/run/user/1000 x/bus" }) == "unix:path=/run/user/1000%20x/bus")
        #expect(MPRISBusAddress.find(environment: runtime, exists: { _ in false }) == nil, "no socket there: no bus")
    }
}
