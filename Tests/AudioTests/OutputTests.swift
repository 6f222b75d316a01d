import Audio
import TestSupport
import Testing

@Suite struct OutputSpecTests {
    @Test func parsesTheFiveForms() {
        #expect(OutputSpec(parsing: "pulse") == .pulse(sink: nil))
        #expect(OutputSpec(parsing: "pulse:out") == .pulse(sink: "out"))
        #expect(OutputSpec(parsing: "pulse:out")?.description == "pulse:out")
        #expect(OutputSpec(parsing: "pulse:") == nil)
        #expect(OutputSpec(parsing: "alsa") == .alsa(device: "default"))
        #expect(OutputSpec(parsing: "alsa:hw:0,0") == .alsa(device: "hw:0,0"))
        #expect(OutputSpec(parsing: "null") == .null)
        #expect(OutputSpec(parsing: "wav:/tmp/a b.wav") == .wav(path: "/tmp/a b.wav"))
        #expect(OutputSpec(parsing: "wav:") == nil)
        #expect(OutputSpec(parsing: "pipe") == nil)
        #expect(OutputSpec(parsing: "pipe:") == nil)
        #expect(OutputSpec(parsing: "pipe:/tmp/snapfifo") == .pipe(path: "/tmp/snapfifo"))
        #expect(OutputSpec(parsing: "pipe:/tmp/snapfifo")?.description == "pipe:/tmp/snapfifo")
        #expect(OutputSpec(parsing: "alsa:pulse")?.description == "alsa:pulse")
    }
}

@Suite struct WAVFileOutputTests {
    @Test func writesAValidWAVOfExactlyTheSamples() throws {
        let path = Fixtures.temporaryDirectory() + "/out.wav"
        let output = WAVFileOutput(path: path)
        let format = try output.open(PCMFormat(sampleRate: 48_000, channels: 2))
        #expect(format.sampleRate == 48_000)
        let samples: [Int16] = (0..<9600).map { Int16(truncatingIfNeeded: $0 &* 7) }
        try samples.withUnsafeBufferPointer { try output.write($0) }
        // A second track at another rate keeps the file's format: the pipeline converts to it.
        #expect(try output.open(.cd).sampleRate == 48_000)
        try samples.withUnsafeBufferPointer { try output.write($0) }
        output.close()
        let wav = try #require(PCMCompare.readWAV(path))
        #expect(wav.format == PCMFormat(sampleRate: 48_000, channels: 2))
        #expect(wav.samples == samples + samples)
        #expect(wav.dataSizeInHeader == 2 * samples.count * 2)
    }

    @Test func anUnwritablePathIsASentence() {
        let output = WAVFileOutput(path: "/nonexistent-dir/out.wav")
        #expect(throws: AudioError.self) { _ = try output.open(.cd) }
        do { _ = try output.open(.cd) } catch { #expect("\(error)".contains("Cannot write the WAV file /nonexistent-dir/out.wav")) }
    }
}

@Suite struct NullOutputTests {
    @Test func isPacedLikeADevice() throws {
        let output = NullOutput(bufferSeconds: 0.05)
        _ = try output.open(PCMFormat(sampleRate: 8000, channels: 1))
        let clock = ContinuousClock()
        let start = clock.now
        let samples = [Int16](repeating: 0, count: 2400)  // 0.3 s at 8 kHz mono
        try samples.withUnsafeBufferPointer { try output.write($0) }
        try output.drain()
        // Not a timing assertion on speed: a paced sink cannot finish 0.3 s of audio early.
        #expect(start.duration(to: clock.now) >= .milliseconds(290))
    }
}
