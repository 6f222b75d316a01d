import MusicModel

/// The cover picture embedded in a music file's tags: ID3v2 `APIC` (MP3, and an ID3v2 tag in
/// front of FLAC), MP4 `covr`, FLAC `PICTURE` blocks, Ogg Vorbis/Opus `METADATA_BLOCK_PICTURE`.
/// A front cover wins over other pictures; else the first one found. The container is sniffed
/// from the bytes, not the name.
///
/// Every read is bounded: headers are walked as the tag readers walk them, only the chosen
/// picture's bytes are read, and a picture larger than `Picture.maxBytes` is not read at all
/// (nil), whatever its size field claims.
public enum EmbeddedPicture {
    /// The picture embedded in the regular file at `path`; nil when it has none (or is no music
    /// file Segue reads tags from). Throws an `AudioError` when the file cannot be opened or read.
    public static func read(path: String) throws(AudioError) -> Picture? {
        let opened: RegularFile.Opened
        switch RegularFile.open(path) {
        case .success(let file): opened = file
        case .failure(.system(let reason)): throw .file(path: path, reason: reason)
        case .failure(let refusal): throw .file(path: path, reason: "\(refusal)")
        }
        defer { close(opened.descriptor) }
        return try read(TagSource(descriptor: opened.descriptor, size: opened.size, name: path))
    }

    /// The picture embedded in the file or bytes in `source`.
    public static func read(_ source: TagSource) throws(AudioError) -> Picture? {
        guard source.size > 0 else { return nil }
        let prefix = try source.read(at: 0, count: 4096)
        switch FormatSniffer.detect(prefix) {
        case .mp3: return try ID3v2Picture.read(source)
        case .mp4: return try MP4Picture.read(source)
        case .flac:
            let start = FormatSniffer.id3v2TagLength(prefix) ?? 0
            if let picture = try FLACPicture.read(source, start: start) { return picture }
            return start > 0 ? try ID3v2Picture.read(source) : nil
        case .oggVorbis: return try OggPicture.read(source, opus: false)
        case .opus: return try OggPicture.read(source, opus: true)
        case .wav, .aiff, .adts, .unknown: return nil
        }
    }

    /// `count` bytes at `offset` read in pieces of at most `TagSource.largestRead`; nil when
    /// `count` is over `Picture.maxBytes` or the file ends first.
    static func bytes(_ source: TagSource, at offset: Int, count: Int) throws(AudioError) -> [UInt8]? {
        guard count > 0, count <= Picture.maxBytes, offset >= 0, offset <= source.size, count <= source.size - offset else {
            return nil
        }
        var result: [UInt8] = []
        result.reserveCapacity(count)
        while result.count < count {
            let piece = try source.read(at: offset + result.count, count: count - result.count)
            guard !piece.isEmpty else { return nil }
            result += piece
        }
        return result
    }

    /// A picture of `bytes` with the type its tag gave, or the one its first bytes show when the
    /// tag gave none (or a link, `-->`).
    static func picture(_ bytes: [UInt8], mimeType: String?) -> Picture {
        let given = mimeType.flatMap { $0.isEmpty || $0 == "-->" ? nil : $0.lowercased() }
        return Picture(bytes: bytes, mimeType: given ?? sniffedType(bytes))
    }

    /// The image type its first bytes show: JPEG, PNG, GIF, WebP, BMP; nil otherwise.
    public static func sniffedType(_ bytes: [UInt8]) -> String? {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && bytes[offset..<offset + magic.count].elementsEqual(magic)
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if starts(Array("BM".utf8)) { return "image/bmp" }
        return nil
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
