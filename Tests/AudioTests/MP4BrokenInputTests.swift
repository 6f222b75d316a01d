import Audio
import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

private func parse(_ bytes: [UInt8]) throws -> MP4Track {
    try MP4Demuxer.readTrack(from: StreamBuffer(name: "test.m4a", completeBytes: bytes))
}

/// The error `parse` throws; records an issue when it returns a track or throws something else.
private func failure(of bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> AudioError? {
    do {
        let track = try parse(bytes)
        Issue.record("expected an error, got a track of \(track.sampleCount) samples", sourceLocation: sourceLocation)
    } catch let error as AudioError {
        let text = error.description
        #expect(text.first?.isUppercase == true && text.last == ".", "not a sentence: \(text)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("not an AudioError: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

private func isCorrupt(_ error: AudioError?) -> Bool {
    if case .corrupt = error { return true }
    return false
}

/// Offset of the first box of `type` found by a flat scan (good enough for ffmpeg's files).
private func find(_ type: String, in bytes: [UInt8]) -> Int {
    let pattern = MP4Builder.fourCC(type)
    for i in 4..<(bytes.count - 4) where Array(bytes[i..<i + 4]) == pattern { return i - 4 }
    fatalError("no \(type) box")
}

private func setU32(_ bytes: inout [UInt8], at offset: Int, _ value: Int) {
    bytes.replaceSubrange(offset..<offset + 4, with: MP4Builder.u32(value))
}

@Suite struct MP4BrokenInputTests {
    @Test func truncatedFixtureIsCutShort() throws {
        let source = try FileByteSource(path: Fixtures.path("truncated.m4a"))
        // truncated.m4a is the first 30000 bytes of tone-fs.m4a, whose audio runs to its last byte.
        let fullLength = Fixtures.bytes("tone-fs.m4a").count
        #expect(
            throws: AudioError.corrupt("the file is cut short (its audio runs to byte \(fullLength) but the file has only 30000 bytes)")
        ) {
            try MP4Demuxer.readTrack(from: source)
        }
    }

    @Test func emptyAndNonMP4() throws {
        #expect(failure(of: []) == .empty)
        #expect(failure(of: Fixtures.bytes("empty.mp3")) == .empty)
        #expect(failure(of: Fixtures.bytes("notes.txt")) == .unsupportedFormat("it is not an MP4 file"))
        #expect(failure(of: Fixtures.bytes("noise.bin")) == .unsupportedFormat("it is not an MP4 file"))
        #expect(failure(of: Fixtures.bytes("tone.mp3")) == .unsupportedFormat("it is not an MP4 file"))
        #expect(failure(of: [0, 0, 0]) != nil)
    }

    @Test func movieBoxCutInHalf() {
        let bytes = Fixtures.bytes("tone-fs.m4a")
        let moov = find("moov", in: bytes)
        let size = Int(bytes[moov]) << 24 | Int(bytes[moov + 1]) << 16 | Int(bytes[moov + 2]) << 8 | Int(bytes[moov + 3])
        #expect(failure(of: Array(bytes[..<(moov + size / 2)])) == .corrupt("the file ends in the middle of its track index (moov box)"))
        // moov at the end, and the file stops inside mdat.
        let plain = Fixtures.bytes("tone.m4a")
        #expect(failure(of: Array(plain[..<(plain.count / 2)])) == .corrupt("the file ends before its track index (moov box)"))
    }

    @Test func oddTopLevelSizes() {
        let ftyp = MP4Builder.box("ftyp", MP4Builder.fourCC("M4A ") + MP4Builder.u32(0))
        // Size 0: the free box runs to the end, so there is no moov.
        #expect(
            failure(of: ftyp + MP4Builder.u32(0) + MP4Builder.fourCC("free") + [1, 2, 3])
                == .corrupt("the file has no track index (moov box)"))
        // Size 1 with a largesize smaller than the 16-byte header.
        #expect(isCorrupt(failure(of: ftyp + MP4Builder.u32(1) + MP4Builder.fourCC("free") + MP4Builder.u64(9) + [0, 0])))
        // Size 7 is smaller than any box header.
        #expect(isCorrupt(failure(of: ftyp + MP4Builder.u32(7) + MP4Builder.fourCC("free") + [0, 0, 0, 0])))
        // Huge sizes.
        #expect(isCorrupt(failure(of: ftyp + MP4Builder.u32(-1) + MP4Builder.fourCC("moov") + [0, 0, 0, 0])))
        #expect(isCorrupt(failure(of: ftyp + MP4Builder.u32(1) + MP4Builder.fourCC("moov") + MP4Builder.u64(Int.max) + [0])))
        #expect(isCorrupt(failure(of: ftyp + MP4Builder.u32(1) + MP4Builder.fourCC("mdat") + [0xFF] + [UInt8](repeating: 0xFF, count: 7))))
        #expect(isCorrupt(failure(of: ftyp + MP4Builder.u32(-1) + MP4Builder.fourCC("mdat") + [0, 0, 0, 0])))
    }

    @Test func movieBoxOfSizeZeroRunsToTheEnd() throws {
        var b = MP4Builder()
        b.moovFirst = false
        var bytes = b.build()
        setU32(&bytes, at: find("moov", in: bytes), 0)
        #expect(try parse(bytes).sampleCount == 20)
    }

    @Test func childBoxesThatOverrunTheirParent() {
        var bytes = MP4Builder().build()
        let stbl = find("stbl", in: bytes)
        setU32(&bytes, at: stbl, 1_000_000)
        #expect(failure(of: bytes) == .corrupt("the 'stbl' box runs past the end of the box holding it"))
    }

    @Test func hugeSampleCounts() {
        // A variable-size stsz claiming 2^31 entries it does not hold.
        var b = MP4Builder()
        b.sampleSizeBoxOverride = MP4Builder.fullBox("stsz", MP4Builder.u32(0) + MP4Builder.u32(1 << 31) + MP4Builder.u32(100))
        #expect(failure(of: b.build()) == .corrupt("the sample size table (stsz) is shorter than its entry count says"))

        // One size for all, 2^31 samples in one chunk: nothing is allocated per sample, and the
        // samples run far past the end of the file.
        var fixed = MP4Builder()
        fixed.sampleSizes = [77]
        fixed.sampleSizeBoxOverride = MP4Builder.fullBox("stsz", MP4Builder.u32(77) + MP4Builder.u32(1 << 31))
        fixed.samplesPerChunk = [1 << 31]
        // A delta of 1 keeps the length (13.5 hours) plausible, so the byte check is the one that speaks.
        fixed.timeRuns = [(1 << 31, 1)]
        let error = failure(of: fixed.build())
        #expect(isCorrupt(error))
        #expect(error?.description.contains("cut short") == true)

        // Counts that multiply past Int.max.
        var wide = MP4Builder()
        wide.sampleSizes = [1]
        wide.sampleSizeBoxOverride = MP4Builder.fullBox("stsz", MP4Builder.u32(-1) + MP4Builder.u32(-1))
        wide.samplesPerChunk = [-1]
        wide.timeRuns = [(-1, -1), (-1, -1)]
        #expect(isCorrupt(failure(of: wide.build())))
    }

    /// Each table's entry count set to 0xFFFFFFFF in a box that holds one or two entries: a
    /// sentence before anything is reserved for the entries.
    @Test(arguments: [
        ("stts", false, "the time table (stts) is shorter than its entry count says"),
        ("stsc", false, "the chunk map (stsc) is shorter than its entry count says"),
        ("stsz", false, "the sample size table (stsz) is shorter than its entry count says"),
        ("stco", false, "the chunk offset table (stco) is shorter than its entry count says"),
        ("co64", true, "the chunk offset table (co64) is shorter than its entry count says"),
    ])
    func entryCountsLargerThanTheirBox(type: String, co64: Bool, message: String) throws {
        var builder = MP4Builder()
        builder.useCo64 = co64
        var bytes = builder.build()
        let box = try #require(MP4Builder.boxes(in: bytes).first { $0.type == type })
        // The count follows version and flags; stsz has its fixed size (0) first.
        setU32(&bytes, at: box.bodyStart + (type == "stsz" ? 8 : 4), 0xFFFF_FFFF)
        #expect(failure(of: bytes) == .corrupt(message))
    }

    /// The edit list is read entry by entry up to the first real edit, never sized by its count.
    @Test func anEditListCountLargerThanItsBox() throws {
        var builder = MP4Builder()
        builder.emptyEditFirst = true
        var bytes = builder.build()
        let elst = try #require(MP4Builder.boxes(in: bytes).first { $0.type == "elst" })
        setU32(&bytes, at: elst.bodyStart + 4, 0xFFFF_FFFF)
        #expect(try parse(bytes).primingFrames == 1024)
        // Only empty edits, then the box ends: a sentence.
        bytes.replaceSubrange((elst.bodyStart + 24)..<(elst.bodyStart + 28), with: MP4Builder.u32(-1))
        #expect(failure(of: bytes) == .corrupt("the edit list (elst) is cut short"))
    }

    /// A table whose durations add up to more than `Limits.maxDurationSeconds` is refused; one
    /// just inside it is a track.
    @Test func aLengthBeyondTenDaysIsRefused() throws {
        var long = MP4Builder()
        long.timeRuns = [(20, 0xFFFF_FFFF)]  // 20 × 97,000 s at 44.1 kHz: 22 days
        #expect(failure(of: long.build()) == .corrupt("the time table (stts) says the track lasts more than 10 days"))
        var slow = MP4Builder()
        slow.timescale = 1
        slow.timeRuns = [(20, 43_200)]  // 20 × 12 hours at a timescale of 1: 10 days exactly
        #expect(try parse(slow.build()).mediaDuration == 864_000)
    }

    /// The fields that are only read for their value: an mdhd duration nobody uses, a
    /// timescale of 0 (the entry's rate stands in), channels the AudioSpecificConfig overrides.
    @Test func headerFieldsAtTheirExtremes() throws {
        var bytes = MP4Builder().build()
        let boxes = MP4Builder.boxes(in: bytes)
        let mdhd = try #require(boxes.first { $0.type == "mdhd" })
        setU32(&bytes, at: mdhd.bodyStart + 12, 0)  // timescale
        setU32(&bytes, at: mdhd.bodyStart + 16, 0xFFFF_FFFF)  // duration
        let mp4a = try #require(boxes.first { $0.type == "mp4a" })
        bytes.replaceSubrange((mp4a.bodyStart + 16)..<(mp4a.bodyStart + 18), with: [0xFF, 0xFF])  // channels
        let track = try parse(bytes)
        #expect(track.sampleRate == 44_100)
        #expect(track.channels == 2)
        #expect(track.mediaDuration == 20 * 1024)
        // With no rate anywhere, a sentence.
        setU32(&bytes, at: mp4a.bodyStart + 24, 0)
        #expect(failure(of: bytes) == .corrupt("the audio track has no sample rate"))
    }

    /// An esds descriptor whose length claims 256 MB: a sentence, nothing read past the box.
    @Test func anEsdsLengthPastItsBox() throws {
        var bytes = MP4Builder().build()
        let esds = try #require(MP4Builder.boxes(in: bytes).first { $0.type == "esds" })
        // The ES_Descriptor's tag, then its 4-byte length: 0x7F in each byte is 2^28 - 1.
        bytes.replaceSubrange((esds.bodyStart + 5)..<(esds.bodyStart + 9), with: [0xFF, 0xFF, 0xFF, 0x7F])
        #expect(failure(of: bytes) == .corrupt("the decoder configuration (esds) runs past the end of its box"))
    }

    @Test func missingPieces() {
        var noASC = MP4Builder()
        noASC.audioSpecificConfig = []
        #expect(failure(of: noASC.build()) == .corrupt("the AAC track's decoder configuration is empty"))
        var noSamples = MP4Builder()
        noSamples.sampleSizes = []
        noSamples.timeRuns = []
        #expect(failure(of: noSamples.build()) == .empty)
        var encrypted = MP4Builder()
        encrypted.sampleEntryType = "enca"
        #expect(failure(of: encrypted.build()) == .unsupportedFormat("the audio is encrypted (DRM-protected)"))
    }
}

// MARK: - Streaming

/// Runs `body` on a new POSIX thread: blocking reads must not sit on Swift's cooperative pool,
/// which has only as many threads as cores and is shared with the other tests.
private func startThread(_ body: @escaping @Sendable () -> Void) { startThread(name: "mp4-read", body) }

/// readTrack running on its own thread; `result(within:)` waits for it.
private final class BackgroundRead: Sendable {
    let outcome = ConditionLock<Result<MP4Track, AudioError>?>(nil)

    init(_ source: StreamBuffer) {
        startThread { [outcome] in
            let result: Result<MP4Track, AudioError>
            do { result = .success(try MP4Demuxer.readTrack(from: source)) } catch let error as AudioError {
                result = .failure(error)
            } catch {
                result = .failure(.corrupt("unexpected error \(error)"))
            }
            outcome.withLockBroadcast { $0 = result }
        }
    }

    /// The outcome, or nil if readTrack has not returned within `seconds`.
    func result(within seconds: Double) -> Result<MP4Track, AudioError>? {
        outcome.wait(until: { $0 != nil }, timeout: seconds) { $0 }
    }
}

private func feed(_ buffer: StreamBuffer, _ bytes: ArraySlice<UInt8>, piece: Int) {
    var at = bytes.startIndex
    while at < bytes.endIndex {
        let end = min(at + piece, bytes.endIndex)
        buffer.append(bytes[at..<end])
        at = end
    }
}

@Suite struct MP4StreamingTests {
    @Test func faststartReturnsBeforeTheDownloadEnds() throws {
        let bytes = Fixtures.bytes("tone-fs.m4a")
        let buffer = StreamBuffer(name: "tone-fs.m4a")
        let read = BackgroundRead(buffer)
        let firstPart = 4096
        startThread { feed(buffer, bytes[..<firstPart], piece: 97) }
        let result = read.result(within: 30)
        #expect(buffer.count <= firstPart)
        #expect(!buffer.isComplete)
        let track = try #require(try result?.get())
        #expect(track.sampleCount == 217)
        #expect(track.validFrames == 220_500)
        #expect(track.metadata.title == "Tone A")
        feed(buffer, bytes[firstPart...], piece: 4096)
        buffer.finish()
        if result == nil { buffer.cancel() }
    }

    @Test func movieAtTheEndWaitsForTheLastBytes() throws {
        let bytes = Fixtures.bytes("tone.m4a")
        let buffer = StreamBuffer(name: "tone.m4a")
        let read = BackgroundRead(buffer)
        let withheld = 200
        feed(buffer, bytes[..<(bytes.count - withheld)], piece: 1500)
        #expect(read.result(within: 0.3) == nil)
        feed(buffer, bytes[(bytes.count - withheld)...], piece: 50)
        buffer.finish()
        let result = read.result(within: 30)
        if result == nil { buffer.cancel() }
        let track = try #require(try result?.get())
        let local = try MP4Demuxer.readTrack(from: FileByteSource(path: Fixtures.path("tone.m4a")))
        #expect(track.sampleCount == 217)
        #expect(track.byteLengthNeeded == local.byteLengthNeeded)
        #expect((0..<217).allSatisfy { track.sampleOffset($0) == local.sampleOffset($0) })
    }

    @Test func aFailedDownloadGivesItsFailure() {
        let buffer = StreamBuffer(name: "tone.m4a")
        let read = BackgroundRead(buffer)
        feed(buffer, Fixtures.bytes("tone.m4a")[..<1000], piece: 100)
        buffer.fail(.network("The connection was lost."))
        let result = read.result(within: 30)
        if result == nil { buffer.cancel() }
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(String(describing: result))")
            return
        }
        #expect(error == .network("The connection was lost."))
    }

    @Test func cancellingStopsAWaitingRead() {
        let buffer = StreamBuffer(name: "tone.m4a")
        let read = BackgroundRead(buffer)
        feed(buffer, Fixtures.bytes("tone.m4a")[..<5000], piece: 1000)
        buffer.cancel()
        guard case .failure(let error) = read.result(within: 30) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error == .cancelled)
    }
}
