import CoverArt
import Testing

@Suite struct PlaceholderTests {
    @Test func emptyIsRefused() {
        #expect(throws: CoverArtError.empty) { try CoverDecoder.decode([]) }
    }
}
