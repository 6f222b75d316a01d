import TestSupport
import Testing

@testable import CoverArt

/// Cover pictures from outside (tags, files, fetched bodies), structure-aware: real PNGs and
/// JPEGs with their stated sizes set to extremes, byte damage, cuts and repeats, rendered in every
/// mode into boxes from 0×0 to wider than any terminal. Each case runs in a child under the suite's
/// memory limit (`FuzzRunner`): a size the caps missed would fail it there. Every case ends in a
/// grid no larger than its box or a `CoverArtError` with a sentence.
@Suite struct CoverArtFuzzTests {
    static let seeds: [[UInt8]] = {
        var seeds = [
            PNGWriter.png(TestImages.gradient), PNGWriter.png(TestImages.solid(TestImages.red, width: 1, height: 1)),
            PNGWriter.png(PixelImage(width: 37, height: 23) { x, y in RGB(UInt8(x * 6), UInt8(y * 11), UInt8((x * y) & 0xFF)) }),
        ]
        if let jpegs = try? JPEGFixtures.get() { seeds += [jpegs.red, jpegs.onePixel] }
        return seeds
    }()

    /// `bytes` with the size its header states (PNG IHDR, JPEG SOF0) set to `width`×`height`.
    static func restated(_ bytes: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = bytes
        if out.count >= 24, out[0] == 0x89 {
            for (offset, value) in [(16, width), (20, height)] {
                for i in 0..<4 { out[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
            }
        } else if let sof = (0..<max(0, out.count - 9)).first(where: { out[$0] == 0xFF && out[$0 + 1] == 0xC0 }) {
            out[sof + 5] = UInt8(truncatingIfNeeded: height >> 8)
            out[sof + 6] = UInt8(truncatingIfNeeded: height)
            out[sof + 7] = UInt8(truncatingIfNeeded: width >> 8)
            out[sof + 8] = UInt8(truncatingIfNeeded: width)
        }
        return out
    }

    @Test func mutatedPictures() throws {
        #expect(Self.seeds.count == 5, "the ffmpeg JPEGs were made")
        let check = FuzzRunner.check("cover-art", test: "ArtworkTests.CoverArtFuzzTests/mutatedPictures", defaultCases: 1500) { rng in
            var bytes = FuzzMutator.pick(Self.seeds, &rng)
            if rng.int(3) == 0 {
                let sides = [0, 1, 2, 4_999, 5_000, 5_001, 10_000, 65_535, Int(UInt32.max)]
                bytes = Self.restated(bytes, width: FuzzMutator.pick(sides, &rng), height: FuzzMutator.pick(sides, &rng))
            }
            if rng.int(3) != 0 { bytes = FuzzMutator.damage(bytes, &rng) }
            let hex = bytes.prefix(96).map { String($0, radix: 16) }.joined(separator: " ")
            FuzzRunner.input("\(bytes.count) bytes: \(hex)")
            let box = CellBox(columns: FuzzMutator.pick([0, 1, 2, 40, 200, 1_000], &rng), rows: FuzzMutator.pick([0, 1, 20, 300], &rng))
            let mode = FuzzMutator.pick(CellMode.allCases, &rng)
            let cell = PixelSize(width: FuzzMutator.pick([1, 8, 10, 40], &rng), height: FuzzMutator.pick([1, 16, 20, 80], &rng))
            switch Result(catching: { () throws(CoverArtError) in try CoverRenderer.render(bytes, box: box, mode: mode, cell: cell) }) {
            case .success(let grid):
                try require(grid.columns <= box.columns && grid.rows <= box.rows, "a \(grid.columns)×\(grid.rows) grid for a \(box) box")
                try require(grid.cells.count == grid.columns * grid.rows, "the cells do not fill the grid")
            case .failure(let error):
                try require(error.description.hasSuffix("."), "not a sentence: \(error)")
            }
        }
        if let check {
            print(check.summary)
            for failure in check.failures { Issue.record(Comment(rawValue: failure)) }
        }
    }

    private func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw FuzzRunner.Failure(message()) }
    }
}
