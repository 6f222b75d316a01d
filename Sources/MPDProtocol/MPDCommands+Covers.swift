import MusicModel
import Session

extension MPDCommands {
    /// `albumart URI OFFSET`, `readpicture URI OFFSET`: a song's cover, a chunk at a time.
    ///
    /// Both answer from the session's picture source (`Command.picture`: the picture in the
    /// file's tags, a cover file in its folder, the catalog's artwork); MPD reads only folder
    /// files for `albumart` and only tags for `readpicture`. A reply is `size: N` (the whole
    /// picture), `type: MIME` (`readpicture`, when known), then `binary: M` and M bytes from
    /// OFFSET, M at most the connection's `binarylimit`. With no picture `albumart` is ACK 50
    /// and `readpicture` a bare OK, as MPD answers.
    static var covers: [MPDCommandSpec] {
        [
            MPDCommandSpec("albumart", .read) { call throws(MPDAck) in try MPDCommands.sendPicture(&call, typed: false) },
            MPDCommandSpec("readpicture", .read) { call throws(MPDAck) in try MPDCommands.sendPicture(&call, typed: true) },
        ]
    }

    private static func sendPicture(_ call: inout MPDCall, typed: Bool) throws(MPDAck) {
        try call.expectArguments(2...2)
        let uri = try call.string(0)
        let offset = try call.unsigned(1)
        guard let location = call.environment.namespace().location(for: uri) else { throw MPDAck.noExist("No file exists") }
        guard case .picture(let found) = try call.perform(.picture(location)) else { throw MPDAck(.system, "The picture did not answer.") }
        guard let picture = found, !picture.bytes.isEmpty else {
            if typed { return }
            throw MPDAck.noExist("No file exists")
        }
        let size = picture.bytes.count
        guard offset <= size else { throw MPDAck.argument("Bad file offset") }
        let end = offset + min(size - offset, call.client.binaryLimit)
        call.response.add("size", size)
        if typed, let type = picture.mimeType { call.response.add("type", type) }
        call.response.addBinary(picture.bytes[offset..<end])
    }
}
