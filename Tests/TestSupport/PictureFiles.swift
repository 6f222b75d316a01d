import Audio

#if canImport(Glibc)
    import Glibc
#endif

/// Music files with covers embedded, made once per test process by ffmpeg: a front cover (a
/// 24×16 blue PNG) and a back cover (a 16×16 red JPEG), stored in each container the way
/// taggers store them. `front` and `back` are the picture files' own bytes, which a reader
/// must give back exactly.
public struct PictureFiles: Sendable {
    /// The folder holding everything.
    public var folder: String
    /// The front cover's bytes (PNG).
    public var front: [UInt8]
    /// The back cover's bytes (JPEG).
    public var back: [UInt8]

    /// MP3, ID3v2.3: the back cover first, then the front.
    public var mp3: String { folder + "/two-pictures.mp3" }
    /// MP3, ID3v2.4: the front cover only.
    public var mp3v24: String { folder + "/front.mp3" }
    /// MP3 without any picture.
    public var bare: String { folder + "/bare.mp3" }
    /// FLAC: the back cover's PICTURE block first, then the front's.
    public var flac: String { folder + "/two-pictures.flac" }
    /// M4A: `covr` with the JPEG first, then the PNG (MP4 has no picture types).
    public var m4a: String { folder + "/two-pictures.m4a" }
    /// Ogg Vorbis and Opus: a METADATA_BLOCK_PICTURE comment holding the front cover.
    public var ogg: String { folder + "/front.ogg" }
    public var opus: String { folder + "/front.opus" }

    /// The files, made once (a failure is a sentence).
    public static let made: Result<PictureFiles, MusicTreeError> = Result { () throws(MusicTreeError) -> PictureFiles in
        try make(into: Fixtures.temporaryDirectory())
    }

    /// Makes the files into `folder` (an existing empty folder).
    public static func make(into folder: String) throws(MusicTreeError) -> PictureFiles {
        let quiet = ["-nostdin", "-loglevel", "error", "-y"]
        func ffmpeg(_ arguments: [String]) throws(MusicTreeError) {
            let result = Shell.run("ffmpeg", quiet + arguments, timeout: 60)
            guard result.exitCode == 0 else { throw MusicTreeError("ffmpeg \(arguments.last ?? "") failed: \(result.stderr)") }
        }
        let frontPath = folder + "/picture-front.png"
        let backPath = folder + "/picture-back.jpg"
        try ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=24x16", "-frames:v", "1", frontPath])
        try ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", backPath])
        guard let front = Shell.readFile(frontPath), let back = Shell.readFile(backPath) else {
            throw MusicTreeError("ffmpeg made no cover pictures in \(folder)")
        }
        let files = PictureFiles(folder: folder, front: front, back: back)
        let sine = ["-f", "lavfi", "-i", "sine=frequency=440:duration=0.5"]
        let both =
            sine + [
                "-i", backPath, "-i", frontPath, "-map", "0:a", "-map", "1:v", "-map", "2:v", "-c:v", "copy", "-disposition:v",
                "attached_pic", "-metadata:s:v:0", "comment=Cover (back)", "-metadata:s:v:1", "comment=Cover (front)",
            ]
        try ffmpeg(both + ["-c:a", "libmp3lame", "-id3v2_version", "3", files.mp3])
        try ffmpeg(both + ["-c:a", "flac", files.flac])
        try ffmpeg(both + ["-c:a", "aac", files.m4a])
        try ffmpeg(
            sine + [
                "-i", frontPath, "-map", "0:a", "-map", "1:v", "-c:v", "copy", "-disposition:v", "attached_pic", "-metadata:s:v:0",
                "comment=Cover (front)", "-c:a", "libmp3lame", "-id3v2_version", "4", files.mp3v24,
            ])
        try ffmpeg(sine + ["-c:a", "libmp3lame", files.bare])
        let block = base64(pictureBlock(front, type: 3, mimeType: "image/png", description: "front"))
        try ffmpeg(sine + ["-c:a", "libvorbis", "-metadata", "METADATA_BLOCK_PICTURE=\(block)", files.ogg])
        try ffmpeg(sine + ["-c:a", "libopus", "-metadata", "METADATA_BLOCK_PICTURE=\(block)", files.opus])
        return files
    }

    /// A FLAC PICTURE block's body (as Ogg carries it in METADATA_BLOCK_PICTURE).
    public static func pictureBlock(_ bytes: [UInt8], type: Int, mimeType: String, description: String) -> [UInt8] {
        func u32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return u32(type) + u32(mimeType.utf8.count) + Array(mimeType.utf8) + u32(description.utf8.count) + Array(description.utf8)
            + u32(24) + u32(16) + u32(24) + u32(0) + u32(bytes.count) + bytes
    }

    /// Standard base64 with padding.
    public static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[value >> (18 - 6 * position) & 63] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
