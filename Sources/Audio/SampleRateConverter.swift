/// Converts interleaved Int16 audio from one rate to another, streaming.
/// The real one is libsoxr's (`Decoders.Resampler`); the engine only sees this protocol.
public protocol SampleRateConverter: AnyObject {
    /// Converts input; returns what is ready now.
    func process(_ input: [Int16]) throws -> [Int16]
    /// Ends the input and returns the rest of the output.
    func flush() throws -> [Int16]
}

/// Makes a converter from one rate to another for a channel count.
public typealias ConverterMaker = @Sendable (_ from: Int, _ to: Int, _ channels: Int) throws -> any SampleRateConverter
