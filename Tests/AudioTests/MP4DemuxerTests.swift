import Audio
import TestSupport
import Testing

/// Reads a fixture through a FileByteSource, as the player does for local files.
private func track(_ fixture: String) throws -> MP4Track {
    try MP4Demuxer.readTrack(from: FileByteSource(path: Fixtures.path(fixture)))
}

private func track(bytes: [UInt8]) throws -> MP4Track {
    try MP4Demuxer.readTrack(from: StreamBuffer(name: "built.m4a", completeBytes: bytes))
}

/// ffprobe's packets (the oracle): (pts, size, pos) per access unit.
private func probePackets(_ fixture: String) -> [(pts: Int, size: Int, pos: Int)] {
    let result = Shell.run(
        "ffprobe",
        [
            "-v", "error", "-select_streams", "a:0", "-show_packets", "-show_entries", "packet=pos,size,pts", "-of", "csv=p=0",
            Fixtures.path(fixture),
        ])
    #expect(result.exitCode == 0)
    // Lines are "pts,size,pos", the first one followed by side data ("Skip Samples,…").
    return result.stdoutText.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: ",")
        guard fields.count >= 3, let pts = Int(fields[0]), let size = Int(fields[1]), let pos = Int(fields[2]) else { return nil }
        return (pts, size, pos)
    }
}

@Suite struct MP4DemuxerFixtureTests {
    @Test(arguments: ["tone-fs.m4a", "tone.m4a"])
    func toneTrack(_ fixture: String) throws {
        let t = try track(fixture)
        #expect(t.sampleRate == 44100)
        #expect(t.channels == 2)
        #expect(t.sampleCount == 217)
        #expect(t.mediaDuration == 221_524)
        #expect(t.primingFrames == 1024)
        #expect(t.validFrames == 220_500)
        #expect(t.objectTypeIndication == 0x40)
        #expect(t.audioSpecificConfig == [0x12, 0x10, 0x56, 0xE5, 0x00])
        #expect(t.metadata == TrackMetadata(title: "Tone A", artist: "Test Artist", album: "Test Album", trackNumber: 3, trackCount: 12))
        #expect(t.sampleTime(0) == 0)
        #expect(t.sampleTime(216) == 216 * 1024)
        #expect(t.sampleDuration(216) == 340)
        #expect(t.byteLengthNeeded == t.sampleOffset(216) + t.sampleSize(216))
        if fixture == "tone-fs.m4a" { #expect(t.byteLengthNeeded == Fixtures.bytes(fixture).count) }
    }

    @Test(arguments: ["tone-fs.m4a", "tone.m4a", "tone-48k.m4a", "tone-mono.m4a", "preview.m4a"])
    func offsetsAndSizesMatchFFprobe(_ fixture: String) throws {
        let t = try track(fixture)
        let packets = probePackets(fixture)
        #expect(packets.count == t.sampleCount)
        var mismatches = 0
        for (i, p) in packets.enumerated() {
            if t.sampleOffset(i) != p.pos || t.sampleSize(i) != p.size || t.sampleTime(i) - t.primingFrames != p.pts {
                mismatches += 1
                if mismatches < 5 {
                    Issue.record(
                        "AU \(i): ours \(t.sampleOffset(i))/\(t.sampleSize(i))/\(t.sampleTime(i)), ffprobe \(p.pos)/\(p.size)/\(p.pts)")
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func plainAndFaststartDifferOnlyInOffsets() throws {
        let plain = try track("tone.m4a")
        let fast = try track("tone-fs.m4a")
        #expect(plain.sampleOffset(0) == 44)
        #expect(fast.sampleOffset(0) > 1000)
        let shift = fast.sampleOffset(0) - plain.sampleOffset(0)
        for i in 0..<plain.sampleCount {
            #expect(plain.sampleSize(i) == fast.sampleSize(i))
            #expect(fast.sampleOffset(i) - plain.sampleOffset(i) == shift)
        }
    }

    @Test func otherRatesAndChannels() throws {
        let k48 = try track("tone-48k.m4a")
        #expect(k48.sampleRate == 48000)
        #expect(k48.channels == 2)
        #expect(k48.validFrames == 240_000)
        let mono = try track("tone-mono.m4a")
        #expect(mono.sampleRate == 44100)
        #expect(mono.channels == 1)
        #expect(mono.validFrames == 220_500)
        let preview = try track("preview.m4a")
        #expect(preview.validFrames == 1_323_000)
        #expect(preview.primingFrames == 1024)
        #expect(preview.metadata.title == "Preview Tone")
        #expect(preview.metadata.trackNumber == nil)
    }

    @Test func sampleIndexForTime() throws {
        let t = try track("tone-fs.m4a")
        #expect(t.sampleIndex(containingTime: -5) == 0)
        #expect(t.sampleIndex(containingTime: 0) == 0)
        #expect(t.sampleIndex(containingTime: 1023) == 0)
        #expect(t.sampleIndex(containingTime: 1024) == 1)
        #expect(t.sampleIndex(containingTime: 216 * 1024 + 100) == 216)
        #expect(t.sampleIndex(containingTime: 10_000_000) == 216)
        // Out-of-range indices are clamped, not trapped.
        #expect(t.sampleOffset(-1) == t.sampleOffset(0))
        #expect(t.sampleSize(500) == t.sampleSize(216))
    }
}

@Suite struct MP4DemuxerBuiltFileTests {
    @Test func itunesStyleFileWithWideFields() throws {
        var b = MP4Builder()
        b.sampleSizes = (0..<30).map { 50 + ($0 * 37) % 61 }
        b.samplesPerChunk = [4, 4, 4, 5, 5, 5, 3]
        b.chunkGap = 3
        b.useCo64 = true
        b.largeMdat = true
        b.version1 = true
        b.editMediaTime = 1024  // iTunSMPB must win over this
        b.smpb = (2112, 300, 25_000)
        b.timeRuns = [(29, 1024), (1, 1000)]
        let bytes = b.build()
        let t = try track(bytes: bytes)
        #expect(t.sampleCount == 30)
        #expect(t.primingFrames == 2112)
        #expect(t.validFrames == 25_000)
        #expect(t.mediaDuration == 29 * 1024 + 1000)
        #expect(
            t.metadata == TrackMetadata(title: "Built Title", artist: "Built Artist", album: "Built Album", trackNumber: 7, trackCount: 9))
        for i in 0..<30 {
            #expect(t.sampleSize(i) == b.sampleSizes[i])
            let at = t.sampleOffset(i)
            #expect(bytes[at] == UInt8(i) && bytes[at + t.sampleSize(i) - 1] == UInt8(i))
            #expect(t.sampleTime(i) == i * 1024)
        }
        #expect(t.byteLengthNeeded == bytes.count)
    }

    @Test func moovAtEndWithFixedSizesAndVersion1Edit() throws {
        var b = MP4Builder()
        b.sampleSizes = Array(repeating: 77, count: 12)
        b.fixedSampleSize = 77
        b.samplesPerChunk = [5, 5, 2]
        b.chunkGap = 11
        b.moovFirst = false
        b.version1 = true
        b.editMediaTime = 2112
        b.emptyEditFirst = true
        let bytes = b.build()
        let t = try track(bytes: bytes)
        #expect(t.sampleCount == 12)
        #expect(t.primingFrames == 2112)
        #expect(t.validFrames == 12 * 1024 - 2112)
        for i in 0..<12 {
            #expect(t.sampleSize(i) == 77)
            #expect(bytes[t.sampleOffset(i)] == UInt8(i))
        }
    }

    @Test(arguments: [0, 1, 2])
    func quickTimeSoundDescriptions(_ version: Int) throws {
        var b = MP4Builder()
        b.soundDescriptionVersion = version
        b.channels = 1
        b.audioSpecificConfig = [0x12, 0x00]  // channelConfiguration 0: the entry's count is used
        b.timescale = 0  // falls back to the entry's rate
        b.entrySampleRate = 32000
        let t = try track(bytes: b.build())
        #expect(t.channels == 1)
        #expect(t.sampleRate == 32000)
        #expect(t.audioSpecificConfig == [0x12, 0x00])
    }

    @Test func configChannelsWinOverTheEntry() throws {
        var b = MP4Builder()
        b.channels = 2
        b.audioSpecificConfig = [0x12, 0x08, 0x56, 0xE5, 0x00]
        #expect(try track(bytes: b.build()).channels == 1)
        b.audioSpecificConfig = [0x12, 0x38]  // 7.1
        #expect(try track(bytes: b.build()).channels == 8)
    }

    @Test(arguments: [1, 2, 3, 4])
    func descriptorLengthForms(_ length: Int) throws {
        var b = MP4Builder()
        b.descriptorLengthBytes = length
        b.audioSpecificConfig = [0x13, 0x90]
        let t = try track(bytes: b.build())
        #expect(t.audioSpecificConfig == [0x13, 0x90])
    }

    @Test func noTagsNoEditList() throws {
        var b = MP4Builder()
        b.title = nil
        b.artist = nil
        b.album = nil
        b.track = nil
        b.editMediaTime = nil
        let t = try track(bytes: b.build())
        #expect(t.metadata.isEmpty)
        #expect(t.primingFrames == 0)
        #expect(t.validFrames == 20 * 1024)
    }

    @Test func otherCodecsAreNamed() throws {
        var alac = MP4Builder()
        alac.sampleEntryType = "alac"
        #expect(throws: AudioError.unsupportedFormat("Apple Lossless (ALAC) audio in an MP4 file")) { try track(bytes: alac.build()) }
        var mp3 = MP4Builder()
        mp3.objectType = 0x6B
        #expect(throws: AudioError.unsupportedFormat("MP3 audio in an MP4 file")) { try track(bytes: mp3.build()) }
        var video = MP4Builder()
        video.handler = "vide"
        #expect(throws: AudioError.unsupportedFormat("the file has no audio track")) { try track(bytes: video.build()) }
    }

    @Test func anHourLongTable() throws {
        // An hour of 44.1 kHz AAC is 155,040 access units; tiny sizes keep the payload small.
        var b = MP4Builder()
        let count = 3600 * 44100 / 1024 + 1
        b.sampleSizes = (0..<count).map { 1 + $0 % 3 }
        b.samplesPerChunk = Array(repeating: 21, count: count / 21) + [count % 21]
        b.chunkGap = 2
        let bytes = b.build()
        let t = try track(bytes: bytes)
        #expect(t.sampleCount == count)
        #expect(t.mediaDuration == count * 1024)
        var wrong = 0
        for i in 0..<count where bytes[t.sampleOffset(i)] != UInt8(i & 0xFF) || t.sampleSize(i) != 1 + i % 3 {
            wrong += 1
        }
        #expect(wrong == 0)
        #expect(t.sampleIndex(containingTime: 3000 * 44100) == 3000 * 44100 / 1024)
    }

    @Test func parsesSMPBText() throws {
        var b = MP4Builder()
        b.smpb = (2112, 0x1CA, 0)  // a zero valid count falls back to the media duration
        let t = try track(bytes: b.build())
        #expect(t.primingFrames == 2112)
        #expect(t.validFrames == 20 * 1024 - 2112)
    }
}
