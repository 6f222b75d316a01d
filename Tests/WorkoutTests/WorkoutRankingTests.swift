import Testing
import Workout

@Suite struct WorkoutRankingTests {
    @Test func fittingTracksComeFirstClosestFirstThenTheClosestTempoThenUnknown() {
        var session = WorkoutSession.running(pool: [
            track("slow", bpm: 120), track("near", bpm: 171), track("unknown", bpm: nil), track("half", bpm: 85),
            track("fast", bpm: 200),
        ])
        #expect(session.queue(3, at: 1) == ["half", "near", "fast"])
        #expect(session.queue(2, at: 2) == ["slow", "unknown"])
    }

    @Test func featuredIsPreferredAmongEqualFits() {
        // 170.1 and 170.6 are both within half a percent: the featured one first; 170.9 is
        // a step further, featured or not.
        var session = WorkoutSession.running(pool: [
            track("closer", bpm: 170.1), track("featured", bpm: 170.6, featured: true),
            track("further featured", bpm: 170.9, featured: true),
        ])
        #expect(session.queue(3, at: 1) == ["featured", "closer", "further featured"])
    }

    @Test func neverTheSameArtistTwiceInARowHoweverTheNameIsWritten() {
        // A track by another artist that does not fit comes before a second fitting one by the same.
        var session = WorkoutSession.running(pool: [
            track("band 1", bpm: 170, artist: "The Band"), track("band 2", bpm: 170.2, artist: "the  band"),
            track("band 3", bpm: 170.3, artist: "THE BAND "), track("other", bpm: 168, artist: "Other"),
            track("other 2", bpm: 150, artist: "Other 2"),
        ])
        #expect(session.queue(3, at: 1) + session.queue(2, at: 2) == ["band 1", "other", "band 2", "other 2", "band 3"])
    }

    @Test func twoArtistsOfOneNameAreToldApartByTheirIDs() {
        var session = WorkoutSession.running(pool: [
            track("smith 1", bpm: 170, artist: "Smith", artistID: "1"), track("smith 2", bpm: 170.1, artist: "Smith", artistID: "2"),
            track("other", bpm: 169, artist: "Other"),
        ])
        #expect(session.queue(3, at: 1) == ["smith 1", "smith 2", "other"])
    }

    @Test func whenNothingFitsTheClosestTempoThatKeepsVariety() {
        var session = WorkoutSession.running(pool: [
            track("playing", bpm: 100, artist: "Same"), track("close, same artist", bpm: 150, artist: "Same"),
            track("far, other artist", bpm: 120, artist: "Other"),
        ])
        _ = session.handle(.trackStarted(location: "playing", at: 1))
        #expect(session.queue(2, at: 2) == ["far, other artist", "close, same artist"])
    }

    @Test func repeatsOnlyWhenThePoolIsExhaustedLeastRecentlyPlayedFirst() {
        // "b" is the closer fit, but "a" played longer ago.
        var session = WorkoutSession.running(pool: [track("a", bpm: 171), track("b", bpm: 170), track("slow", bpm: 120)])
        _ = session.handle(.trackStarted(location: "a", at: 0))
        #expect(session.queue(1, at: 1) == ["b"])
        _ = session.handle(.trackStarted(location: "b", at: 30))
        // The fitting "a" played 30 s ago: an unplayed track that does not fit comes first.
        #expect(session.queue(1, at: 31) == ["slow"])
        _ = session.handle(.trackStarted(location: "slow", at: 60))
        // Everything played within the hour: the music goes on with the least recently played.
        #expect(session.queue(1, at: 61) == ["a"])
    }

    @Test func aSongMayReturnOnlyAfterAnHour() {
        var session = WorkoutSession.running(pool: [
            track("a", bpm: 170), track("b", bpm: 170.5), track("slow", bpm: 120), track("slower", bpm: 119),
        ])
        _ = session.handle(.trackStarted(location: "a", at: 0))
        _ = session.handle(.trackStarted(location: "b", at: 30))
        #expect(session.queue(1, at: 3_599) == ["slow"])
        // An hour after it started, "a" is fresh again and fits: it comes before "slower".
        #expect(session.queue(1, at: 3_600) == ["a"])
    }

    @Test func aCadenceChangeRanksAgainAndSwapsWhatNoLongerFits() {
        var session = WorkoutSession.running(pool: [
            track("170", bpm: 170), track("169", bpm: 169), track("150", bpm: 150), track("151", bpm: 151),
        ])
        #expect(session.queue(1, at: 1) == ["170"])
        let actions = session.handle(.cadence(.absolute(150), at: 2))
        #expect(actions.changesStatus)
        #expect(session.cadence == 150)
        #expect(actions.withdrawn == ["170"])
        #expect(actions.enqueued == ["150"])
        #expect(session.queue(1, at: 3) == ["151"])
        let faster = session.handle(.cadence(.relative(19), at: 4))
        #expect(faster.changesStatus)
        #expect(faster.withdrawn == ["150", "151"])
        #expect(faster.enqueued == ["169", "170"])
    }
}
