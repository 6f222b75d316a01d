import Audio
import TestSupport
import Testing

private func sniff(_ fixture: String) -> AudioContainer {
    FormatSniffer.detect(Array(Fixtures.bytes(fixture).prefix(4096)))
}

private func sniff(text: String) -> AudioContainer {
    FormatSniffer.detect(Array(text.utf8))
}

@Suite struct FormatSnifferTests {
    @Test func audioFixtures() {
        #expect(sniff("tone.mp3") == .mp3)  // ID3 first
        #expect(sniff("tone-vbr.mp3") == .mp3)  // a Xing frame first
        #expect(sniff("tone-48k.mp3") == .mp3)
        #expect(sniff("tone-mono.mp3") == .mp3)
        #expect(sniff("tone.m4a") == .mp4)
        #expect(sniff("tone-fs.m4a") == .mp4)
        #expect(sniff("preview.m4a") == .mp4)
        #expect(sniff("tone.aac") == .adts)
        #expect(sniff("truncated.mp3") == .mp3)
        #expect(sniff("tone.wav") == .wav)
        #expect(sniff("tone.aiff") == .aiff)
        #expect(sniff("tone.flac") == .flac)
        #expect(sniff("tone.ogg") == .oggVorbis)
        #expect(sniff("tone.opus") == .opus)
    }

    @Test func oggIsTellingByItsFirstPacketNotItsPageHeader() {
        // The same first page with its packet's magic swapped: only the packet decides.
        var opus = Array(Fixtures.bytes("tone.opus").prefix(4096))
        #expect(FormatSniffer.detect(opus) == .opus)
        let packet = 27 + Int(opus[26])
        opus.replaceSubrange(packet..<packet + 8, with: Array("\u{7F}FLAC\u{01}\u{00}\u{00}".utf8))
        #expect(FormatSniffer.detect(opus) == .unknown("an Ogg file that is neither Vorbis nor Opus"))
        #expect(FormatSniffer.detect(Array(Fixtures.bytes("tone.ogg").prefix(30))) == .unknown("a truncated Ogg file"))
        // AIFF-C (a FORM with AIFC) is AIFF too; a FORM of something else is not.
        #expect(FormatSniffer.detect(Array("FORM\u{0}\u{0}\u{0}\u{4}AIFC".utf8)) == .aiff)
        #expect(FormatSniffer.detect(Array("FORM\u{0}\u{0}\u{0}\u{4}ILBM".utf8)) != .aiff)
    }

    @Test func shortPrefixes() {
        // Too short to confirm a second frame: one valid header is trusted.
        #expect(FormatSniffer.detect(Array(Fixtures.bytes("tone-vbr.mp3").prefix(100))) == .mp3)
        #expect(FormatSniffer.detect(Array(Fixtures.bytes("tone.aac").prefix(100))) == .adts)
        #expect(FormatSniffer.detect(Array(Fixtures.bytes("tone.m4a").prefix(8))) == .mp4)
        #expect(FormatSniffer.detect(Array("ID3".utf8)) == .mp3)
    }

    @Test func id3BeforeADTS() {
        let tag: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 1, 0x10] + [UInt8](repeating: 0, count: 144)
        #expect(FormatSniffer.detect(tag + Fixtures.bytes("tone.aac").prefix(2000)) == .adts)
        #expect(FormatSniffer.detect(tag + Fixtures.bytes("tone-vbr.mp3").prefix(2000)) == .mp3)
        #expect(FormatSniffer.detect(tag + Array("fLaC".utf8) + [0, 0, 0, 34]) == .flac)
    }

    @Test func otherThings() {
        #expect(sniff("notes.txt") == .unknown("text"))
        #expect(sniff("empty.mp3") == .unknown("an empty file"))
        #expect(FormatSniffer.detect([]) == .unknown("an empty file"))
        #expect(sniff("noise.bin") == .unknown("unrecognised data"))
        #expect(sniff(text: "\n  <!DOCTYPE html>\n<html><head><title>Not Found</title></head></html>") == .unknown("an HTML page"))
        #expect(sniff(text: "<HTML><BODY>Moved</BODY></HTML>") == .unknown("an HTML page"))
        #expect(sniff(text: "<?xml version=\"1.0\"?><rss></rss>") == .unknown("an XML document"))
        #expect(sniff(text: "{\"resultCount\": 0, \"results\": []}") == .unknown("JSON"))
        #expect(sniff(text: "[1, 2]") == .unknown("JSON"))
        #expect(sniff(text: "Ünïcödé text, ✓") == .unknown("text"))
        #expect(
            FormatSniffer.detect(Array("OggS".utf8) + [0, 2] + [UInt8](repeating: 0, count: 30))
                == .unknown("an Ogg file that is neither Vorbis nor Opus"))
        #expect(FormatSniffer.detect(Array("fLaC".utf8) + [0, 0, 0, 34]) == .flac)
        #expect(FormatSniffer.detect([0, 1, 2, 3, 0xFF, 0xFE]) == .unknown("unrecognised data"))
    }

    @Test func randomNoiseIsNotAudio() {
        var rng = SplitMix64(seed: 99)
        for number in 0..<2000 {
            let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let found = FormatSniffer.detect(bytes)
            #expect(found == .unknown("unrecognised data"), "noise \(number) taken for \(found)")
        }
        // Noise that happens to start with a frame sync still needs a second header.
        for number in 0..<2000 {
            var bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }
            bytes[0] = 0xFF
            bytes[1] = [0xFB, 0xF3, 0xF1, 0xFA][number % 4]
            let found = FormatSniffer.detect(bytes)
            #expect(found == .unknown("unrecognised data"), "noise \(number) taken for \(found)")
        }
    }
}
