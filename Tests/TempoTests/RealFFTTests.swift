import Testing

@testable import FFTW

#if canImport(Glibc)
    import Glibc
#endif

/// The FFTW wrapper: the spectrum it gives, the lengths it refuses, and the sentence when the
/// library is missing.
@Suite struct RealFFTTests {
    @Test func aSineHasItsPowerInItsBin() throws {
        let fft = try RealFFT(length: 1024)
        let frame = (0..<1024).map { Float(sin(2 * Double.pi * 37 * Double($0) / 1024)) }
        var power = [Float](repeating: -1, count: 513)
        frame.withUnsafeBufferPointer { f in power.withUnsafeMutableBufferPointer { fft.powerSpectrum(of: f, into: $0) } }
        let peak = power.indices.max { power[$0] < power[$1] }
        #expect(peak == 37)
        // A unit sine of n samples has |X[k]| = n/2 at its bin.
        #expect(abs(power[37] - 512 * 512) < 512 * 512 * 1e-3)
        #expect(power.enumerated().allSatisfy { $0.offset == 37 || $0.element < 1e-2 })
    }

    @Test func lengthsThatAreNotPowersOfTwoAreRefused() {
        #expect(throws: FFTWError.badLength(1000)) { try RealFFT(length: 1000) }
        #expect(throws: FFTWError.badLength(0)) { try RealFFT(length: 0) }
        #expect(throws: FFTWError.badLength(-4)) { try RealFFT(length: -4) }
    }

    @Test func aMissingLibraryIsASentence() {
        #expect(
            FFTWLibrary.probe(["libfftw3f-does-not-exist.so.3"])
                == .unavailable("FFTW is not installed (install the Debian package libfftw3-single3)"))
        #expect(FFTWError.unavailable("FFTW is not installed").description == "FFTW is not installed.")
        #expect(FFTWLibrary.probe(["libfftw3f.so.3"]) == .ready)
    }

    /// Plans made and freed from several threads at once (FFTW's planner is not thread-safe).
    @Test func plansFromManyTasksAtOnce() async throws {
        try await withThrowingTaskGroup(of: Float.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let fft = try RealFFT(length: 256)
                    var power = [Float](repeating: 0, count: 129)
                    let frame = [Float](repeating: 1, count: 256)
                    frame.withUnsafeBufferPointer { f in power.withUnsafeMutableBufferPointer { fft.powerSpectrum(of: f, into: $0) } }
                    return power[0]
                }
            }
            for try await dc in group { #expect(dc == 256 * 256) }
        }
    }
}
