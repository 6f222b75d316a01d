import MPDProtocol
import MusicModel
import Session
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `albumart` and `readpicture` as a client pages through them: the header lines, chunks of the
/// connection's `binarylimit`, the whole picture put back together, and MPD's answers when
/// there is no picture.
@Suite struct MPDCoverTests {
    /// One binary reply split into its header lines and its chunk.
    struct Chunk {
        var lines: [String]
        var data: [UInt8]
    }

    /// Splits `size: …`, `type: …`, `binary: N` and the N bytes after them (and checks the newline after).
    private func chunk(_ reply: [UInt8]) throws -> Chunk {
        var lines: [String] = []
        var index = 0
        while index < reply.count {
            let end = try #require(reply[index...].firstIndex(of: 10))
            let line = String(decoding: reply[index..<end], as: UTF8.self)
            lines.append(line)
            index = end + 1
            if line.hasPrefix("binary: ") {
                let count = try #require(Int(line.dropFirst(8)))
                let data = Array(reply[index..<index + count])
                #expect(reply[index + count] == 10)
                #expect(index + count + 1 == reply.count)
                return Chunk(lines: lines, data: data)
            }
        }
        return Chunk(lines: lines, data: [])
    }

    /// Reads the whole picture as clients do: offset 0, then from where the last chunk ended.
    private func wholePicture(_ rig: MPDRig, _ command: String, _ uri: String) throws -> (lines: [String], bytes: [UInt8]) {
        var bytes: [UInt8] = []
        var first: [String] = []
        var size = Int.max
        while bytes.count < size {
            let part = try chunk(try rig.bytes(command, uri, String(bytes.count)).get())
            if first.isEmpty { first = part.lines }
            size = try #require(part.lines.first { $0.hasPrefix("size: ") }.flatMap { Int($0.dropFirst(6)) })
            #expect(part.data.count <= rig.client.binaryLimit)
            try #require(!part.data.isEmpty)
            bytes += part.data
        }
        return (first, bytes)
    }

    private func uri(_ files: PictureFiles, _ path: String) -> String {
        String(files.folder.split(separator: "/").last!) + String(path.dropFirst(files.folder.count))
    }

    @Test func readPictureGivesTheEmbeddedFrontCoverInChunksOfTheBinaryLimit() throws {
        let files = try PictureFiles.made.get()
        let rig = try MPDRig(folders: [files.folder])
        rig.client.binaryLimit = 64
        let whole = try wholePicture(rig, "readpicture", uri(files, files.flac))
        #expect(whole.lines == ["size: \(files.front.count)", "type: image/png", "binary: 64"])
        #expect(whole.bytes == files.front)
    }

    @Test func albumArtHasNoTypeLine() throws {
        let files = try PictureFiles.made.get()
        let rig = try MPDRig(folders: [files.folder])
        let whole = try wholePicture(rig, "albumart", uri(files, files.mp3))
        #expect(whole.lines == ["size: \(files.front.count)", "binary: \(files.front.count)"])
        #expect(whole.bytes == files.front)
    }

    @Test func withoutAPictureReadPictureIsABareOKAndAlbumArtIsNoExist() throws {
        let files = try PictureFiles.made.get()
        let rig = try MPDRig(folders: [files.folder])
        #expect(try rig.bytes("readpicture", uri(files, files.bare), "0").get() == [])
        #expect(rig.bytes("albumart", uri(files, files.bare), "0").ack?.line == "ACK [50@0] {albumart} No file exists")
    }

    @Test func badURIsAndOffsetsAreRefused() throws {
        let files = try PictureFiles.made.get()
        let rig = try MPDRig(folders: [files.folder])
        let song = uri(files, files.flac)
        #expect(rig.bytes("albumart", song, String(files.front.count + 1)).ack?.code == .argument)
        #expect(rig.bytes("albumart", song, "-1").ack?.code == .argument)
        #expect(rig.bytes("albumart", "elsewhere/a.flac", "0").ack?.code == .noExist)
        #expect(rig.bytes("albumart", "../etc/passwd", "0").ack?.code == .noExist)
        #expect(rig.bytes("readpicture", uri(files, files.folder + "/gone.flac"), "0").ack?.code == .noExist)
        // At the very end: the size and an empty chunk, as MPD answers.
        let end = try chunk(try rig.bytes("albumart", song, String(files.front.count)).get())
        #expect(end.lines == ["size: \(files.front.count)", "binary: 0"])
    }

    @Test func aCoverFileBesideASongWithoutOneInItsTagsIsUsed() throws {
        let files = try PictureFiles.made.get()
        let folder = Fixtures.temporaryDirectory() + "/Album"
        #expect(mkdir(folder, 0o755) == 0)
        Shell.writeFile(folder + "/song.mp3", try #require(Shell.readFile(files.bare)))
        Shell.writeFile(folder + "/cover.jpg", files.back)
        let rig = try MPDRig(folders: [folder])
        let whole = try wholePicture(rig, "readpicture", "Album/song.mp3")
        #expect(whole.lines.contains("type: image/jpeg"))
        #expect(whole.bytes == files.back)
    }

    @Test func aCatalogSongsArtworkIsFetchedAtTheSizeAsked() throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 100)
        let asked = Mutex<[String]>([])
        let song = Song(
            id: "42", title: "Tone", artistName: "Test Artist",
            artwork: Artwork(url: "https://art.example/image/thumb/a/100x100bb.jpg"))
        let rig = try MPDRig(
            songs: [song],
            pictures: PictureSource(fetch: { url in
                asked.withLock { $0.append(url) }
                return Picture(bytes: jpeg, mimeType: "image/jpeg")
            }))
        rig.client.binaryLimit = 64
        let whole = try wholePicture(rig, "readpicture", "itunes:42")
        #expect(whole.bytes == jpeg)
        // Fetched once for both chunks, at the size asked for.
        #expect(asked.withLock { $0 } == ["https://art.example/image/thumb/a/600x600bb.jpg"])
        #expect(rig.bytes("albumart", "itunes:43", "0").ack?.code == .noExist)
    }
}
