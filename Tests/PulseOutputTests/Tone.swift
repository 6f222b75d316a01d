#if canImport(Glibc)
    import Glibc
#endif

/// Test audio and what can be heard in a recording of it: stereo 44.1 kHz tones, and 10-ms
/// blocks of a recording sorted by loudness and pitch (zero crossings).
enum Tone {
    static let rate = 44_100
    /// One block of the analysis: 10 ms.
    static let blockFrames = 441

    /// `seconds` of a sine at `frequency` Hz and `amplitude` (0...1 of full scale), stereo.
    static func make(frequency: Double, seconds: Double, amplitude: Double = 0.5) -> [Int16] {
        let frames = Int(seconds * Double(rate))
        var samples = [Int16](repeating: 0, count: frames * 2)
        for i in 0..<frames {
            let value = Int16(amplitude * 32_767 * sin(2 * Double.pi * frequency * Double(i) / Double(rate)))
            samples[2 * i] = value
            samples[2 * i + 1] = value
        }
        return samples
    }

    /// What one block sounds like: its peak (0...1) and the pitch its zero crossings give.
    struct Block {
        var peak: Double
        var frequency: Double
    }

    /// The blocks of `samples` (left channel) from frame `from`.
    static func blocks(_ samples: [Int16], from: Int = 0) -> [Block] {
        let frames = samples.count / 2
        var result: [Block] = []
        var start = max(0, from)
        while start + blockFrames <= frames {
            var peak = 0
            var crossings = 0
            var previous = samples[2 * start]
            for i in start..<(start + blockFrames) {
                let s = samples[2 * i]
                peak = max(peak, abs(Int(s)))
                if (previous < 0) != (s < 0) { crossings += 1 }
                previous = s
            }
            let seconds = Double(blockFrames) / Double(rate)
            result.append(Block(peak: Double(peak) / 32_767, frequency: Double(crossings) / 2 / seconds))
            start += blockFrames
        }
        return result
    }

    /// Seconds of blocks louder than `threshold` whose pitch is within 10 % of `frequency`.
    static func seconds(of frequency: Double, in blocks: [Block], threshold: Double = 0.05) -> Double {
        let matching = blocks.filter { $0.peak > threshold && abs($0.frequency - frequency) < frequency * 0.1 }
        return Double(matching.count * blockFrames) / Double(rate)
    }

    /// Seconds of blocks louder than `threshold`.
    static func loudSeconds(in blocks: [Block], threshold: Double = 0.05) -> Double {
        Double(blocks.filter { $0.peak > threshold }.count * blockFrames) / Double(rate)
    }
}
