/// Which file names the scanner reads as music: by their extension, the way MPD and cmus choose,
/// so a folder's covers, cue sheets and logs are neither opened nor reported. The tag reader
/// still sniffs the bytes; a `.mp3` that is really a web page is skipped with its reason.
enum MusicFileName {
    /// Lower-case extensions of the containers Segue plays.
    static let extensions: Set<String> = [
        "mp3", "m4a", "m4b", "mp4", "aac", "flac", "ogg", "oga", "opus", "wav", "wave", "aif", "aiff", "aifc",
    ]

    /// Whether `name` (one path component) ends in a music extension, in any case.
    static func isMusic(_ name: String) -> Bool {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = name.utf8[name.utf8.index(after: dot)...]
        guard !suffix.isEmpty, suffix.count <= 4 else { return false }
        return extensions.contains(String(decoding: suffix, as: UTF8.self).lowercased())
    }

    /// `folder` and `name` joined by one slash (the root folder `/` has one already).
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
