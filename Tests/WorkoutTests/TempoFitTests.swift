import Testing
import Workout

@Suite struct TempoFitTests {
    @Test func aTempoFitsTheCadenceItsHalfOrItsDouble() {
        #expect(TempoFit.fits(bpm: 170, cadence: 170))
        #expect(TempoFit.fits(bpm: 85, cadence: 170))
        #expect(TempoFit.fits(bpm: 340, cadence: 170))
        #expect(!TempoFit.fits(bpm: 128, cadence: 170))
        // Cycling at 90 rpm: music at 90 or 180 BPM (and 45).
        #expect(TempoFit.fits(bpm: 90, cadence: 90))
        #expect(TempoFit.fits(bpm: 180, cadence: 90))
        #expect(!TempoFit.fits(bpm: 135, cadence: 90))
        #expect(TempoFit.distance(bpm: 85, cadence: 170) == 0)
        #expect(TempoFit.distance(bpm: 175.1, cadence: 170)! > TempoFit.distance(bpm: 171, cadence: 170)!)
    }

    @Test func threePercentIsTheEdgeOnEveryOctave() {
        // 170 ± 5.1, 85 ± 2.55, 340 ± 10.2.
        for (inside, outside) in [(175.1, 175.2), (164.9, 164.8), (87.55, 87.6), (82.45, 82.4), (350.2, 350.3), (329.8, 329.7)] {
            #expect(TempoFit.fits(bpm: inside, cadence: 170), "\(inside)")
            #expect(!TempoFit.fits(bpm: outside, cadence: 170), "\(outside)")
        }
    }

    @Test func anUnknownOrImpossibleTempoNeverFits() {
        for bpm in [nil, .nan, .infinity, -170, 0, 1e300] as [Double?] {
            #expect(!TempoFit.fits(bpm: bpm, cadence: 170))
            if let bpm { #expect(TempoFit.distance(bpm: bpm, cadence: 170) == nil) }
        }
        #expect(!TempoFit.fits(bpm: 170, cadence: 0))
    }
}
