extension Limits {
    /// The sample rates a decoder may report and the resampler accepts: 4 kHz to 192 kHz.
    /// Every MP3 rate (8–48 kHz) and AAC rate (7.35–96 kHz, doubled by SBR) lies inside; a
    /// stream claiming 1 Hz would make the resampler's output 48,000 times its input.
    public static let sampleRates: ClosedRange<Int> = 4_000...192_000

    /// The most channels a decoder may report: 8 (7.1), the most AAC's channel configurations
    /// name. FAAD2 mixes 5.1 down to stereo; anything wider is a damaged frame.
    public static let maxChannels = 8

    /// The track numbers accepted from tags: MP4's `trkn` holds 16 bits, and 0 means unknown.
    public static let trackNumbers: ClosedRange<Int> = 1...65_535
}
