import Audio
import TestSupport
import Testing

@testable import Decoders

/// Segue rounds FAAD2's float output to 16 bits itself (FAAD2's own rounding calls `lrintf`
/// per sample): the samples must be the ones FAAD2's 16-bit output gives, bit for bit.
@Suite struct FAADSampleConversionTests {
    /// Every access unit of `name` through a fresh handle, all samples in order.
    private func samples(of name: String, convertsFloats: Bool) throws -> [Int16] {
        let source = try FileByteSource(path: Fixtures.path(name))
        let track = try MP4Demuxer.readTrack(from: source)
        let faad = try FAADHandle(convertsFloats: convertsFloats)
        _ = try faad.start(audioSpecificConfig: track.audioSpecificConfig)
        var samples: [Int16] = []
        for index in 0..<track.sampleCount {
            let unit = try source.readFully(at: track.sampleOffset(index), count: track.sampleSize(index))
            samples += try faad.decode(frame: unit)
        }
        return samples
    }

    /// Stereo, mono (FAAD2 copies it to both sides), 48 kHz, and a minute of real music.
    @Test(arguments: ["tone-fs.m4a", "tone-mono.m4a", "tone-48k.m4a", "preview.m4a"])
    func theSamplesAreFAAD2sOwn(name: String) throws {
        let ours = try samples(of: name, convertsFloats: true)
        let faads = try samples(of: name, convertsFloats: false)
        #expect(ours.count == faads.count)
        #expect(PCMCompare.mismatch(ours, faads) == nil)
    }

    /// Rounding is half to even and clipping saturates, as `lrintf` after FAAD2's clip; NaN is 0.
    @Test func roundsHalfToEvenAndClips() {
        let scale: Float = 1.0 / 32_768
        let cases: [(Float, Int16)] = [
            (0.5, 0), (1.5, 2), (2.5, 2), (-0.5, 0), (-1.5, -2), (-2.5, -2), (0.49, 0), (0.51, 1), (-0.51, -1),
            (32_766.5, 32_766), (32_767.4, 32_767), (40_000, 32_767), (-32_768.4, -32_768), (-50_000, -32_768),
            (1e30, 32_767), (-1e30, -32_768),
        ]
        for (value, expected) in cases {
            #expect(FAADHandle.sample(value * scale) == expected, "\(value)")
        }
        #expect(FAADHandle.sample(.nan) == 0)
        #expect(FAADHandle.sample(.infinity) == 32_767)
        #expect(FAADHandle.sample(-.infinity) == -32_768)
    }
}
