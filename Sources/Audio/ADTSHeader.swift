/// The header of one ADTS frame (raw AAC as in `.aac` files and AAC radio streams).
///
/// A parsed header has passed the checks that matter for walking a stream: the 0xFFF
/// syncword, layer 0, a sample-rate index with a real rate, and a frame length that holds at
/// least the header itself, so stepping by `frameLength` always advances.
public struct ADTSHeader: Sendable, Equatable {
    /// The ADTS profile field (0 = Main, 1 = LC, 2 = SSR, 3 = LTP); the MPEG-4 object type is this + 1.
    public var profile: Int
    /// Index into the AAC sample-rate table (0...12).
    public var sampleRateIndex: Int
    /// Frames per second that `sampleRateIndex` stands for (before any SBR doubling).
    public var sampleRate: Int
    /// 0 (defined in the stream itself), 1-6 channels, or 7 for 7.1 (8 channels).
    public var channelConfiguration: Int
    /// Bytes in the whole frame, header included.
    public var frameLength: Int
    /// 7, or 9 when a CRC follows the fixed fields.
    public var headerLength: Int
    /// Raw data blocks (access units) in the frame: 1-4 (the header stores this minus one).
    public var rawDataBlocks: Int

    /// The rates of the sample-rate indices 0...12.
    public static let sampleRates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]

    /// The header at the start of `bytes` (at least 7 bytes are needed), or nil when there is none.
    public static func parse(_ bytes: ArraySlice<UInt8>) -> ADTSHeader? {
        guard bytes.count >= 7 else { return nil }
        let b = bytes.startIndex
        let b0 = bytes[b]
        let b1 = bytes[b + 1]
        let b2 = bytes[b + 2]
        let b3 = bytes[b + 3]
        let b4 = bytes[b + 4]
        let b5 = bytes[b + 5]
        let b6 = bytes[b + 6]
        guard b0 == 0xFF, b1 & 0xF0 == 0xF0, b1 & 0x06 == 0 else { return nil }
        let rateIndex = Int(b2 >> 2 & 0x0F)
        guard rateIndex < sampleRates.count else { return nil }
        let headerLength = b1 & 0x01 == 1 ? 7 : 9
        let frameLength = Int(b3 & 0x03) << 11 | Int(b4) << 3 | Int(b5 >> 5)
        guard frameLength >= headerLength else { return nil }
        return ADTSHeader(
            profile: Int(b2 >> 6),
            sampleRateIndex: rateIndex,
            sampleRate: sampleRates[rateIndex],
            channelConfiguration: Int(b2 & 0x01) << 2 | Int(b3 >> 6),
            frameLength: frameLength,
            headerLength: headerLength,
            rawDataBlocks: Int(b6 & 0x03) + 1)
    }

    /// The 2-byte AudioSpecificConfig for `NeAACDecInit2` that matches this header
    /// (AAC-LC, 44.1 kHz, stereo gives 12 10).
    public var audioSpecificConfig: [UInt8] {
        let objectType = profile + 1
        return [
            UInt8(truncatingIfNeeded: objectType << 3 | sampleRateIndex >> 1),
            UInt8(truncatingIfNeeded: (sampleRateIndex & 1) << 7 | channelConfiguration << 3),
        ]
    }
}
