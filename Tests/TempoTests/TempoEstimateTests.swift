import Testing
import Tempo

@Suite struct TempoEstimateTests {
    @Test func aTagIsItsOwnSource() {
        let tagged = TempoEstimate(bpm: 128, confidence: 1, source: .tag)
        #expect(tagged.source == .tag)
        #expect(tagged != TempoEstimate(bpm: 128, confidence: 1, source: .analysis))
    }
}
