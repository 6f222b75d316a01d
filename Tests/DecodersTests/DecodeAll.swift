import Audio
import Decoders
import TestSupport

/// Decodes a whole source, returning the samples and the formats seen.
func decodeAll(_ decoder: any AudioDecoder) throws -> (samples: [Int16], formats: Set<PCMFormat>) {
    var samples: [Int16] = []
    var formats = Set<PCMFormat>()
    while let chunk = try decoder.decode() {
        samples += chunk.samples
        formats.insert(chunk.format)
    }
    return (samples, formats)
}

/// Opens a fixture through the standard factory (sniffing, not the name).
func decoder(forFixture name: String) throws -> any AudioDecoder {
    try StandardDecoderFactory().makeDecoder(for: FileByteSource(path: Fixtures.path(name)))
}
