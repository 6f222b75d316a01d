/// Matches channel counts between a decoder and the output: mono is copied to both sides,
/// extra channels beyond the output's are dropped (decoders already downmix 5.1 to stereo).
enum ChannelMap {
    static func convert(_ samples: [Int16], from source: Int, to output: Int) -> [Int16] {
        guard source != output, source > 0 else { return samples }
        let frames = samples.count / source
        var out = [Int16](repeating: 0, count: frames * output)
        for f in 0..<frames {
            for c in 0..<output {
                out[f * output + c] = samples[f * source + min(c, source - 1)]
            }
        }
        return out
    }
}
