import Library
import Testing

@testable import Scanner

/// The scanner's value types on their own: inotify's records, the settling of touched folders,
/// and the merging of scan requests.
@Suite struct ScannerPartsTests {
    private func record(watch: Int32, mask: UInt32, name: [UInt8], length: UInt32? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        let words: [UInt32] = [UInt32(bitPattern: watch), mask, 0, length ?? UInt32(name.count)]
        for word in words {
            withUnsafeBytes(of: word) { bytes += $0 }
        }
        return bytes + name
    }

    @Test func inotifyRecordsAreReadWithinTheirBytesWhateverTheyClaim() {
        let good = record(watch: 1, mask: 0x100, name: Array("a.mp3".utf8) + [0, 0, 0]) + record(watch: 2, mask: 0x200, name: [])
        #expect(
            InotifyEvent.parse(good[...]) == [
                InotifyEvent(watch: 1, mask: 0x100, name: Array("a.mp3".utf8)), InotifyEvent(watch: 2, mask: 0x200, name: []),
            ])
        // A name claiming 4 GB, and a record cut short: the parse stops, nothing is read past the end.
        let lying = record(watch: 3, mask: 0x100, name: [65, 66], length: .max)
        #expect(InotifyEvent.parse((good + lying)[...]).count == 2)
        #expect(InotifyEvent.parse(good.dropLast(3)).count == 1)
        #expect(InotifyEvent.parse(good.prefix(15)).isEmpty)
    }

    @Test func touchedFoldersSettleAfterTheLastEventButNotLongerThanASecondAfterTheFirst() {
        var touched = TouchedFolders(settle: 0.3, longest: 1.0)
        #expect(touched.deadline == nil)
        touched.touch("/m/a", recursive: false, now: 10)
        #expect(touched.deadline == 10.3)
        touched.touch("/m/a", recursive: false, now: 10.2)
        #expect(touched.deadline == 10.5)
        touched.touch("/m/b", recursive: false, now: 10.9)
        #expect(touched.deadline == 11)
        touched.touch("/m", recursive: true, now: 10.95)
        touched.touch("/n/c", recursive: false, now: 10.95)
        #expect(touched.take().map(\.path) == ["/m", "/n/c"])
        #expect(touched.isEmpty && touched.deadline == nil)
    }

    @Test func scanRequestsMergeAndRunResumedFoldersFirst() {
        var request = ScanRequest()
        request.merge(["/b"])
        request.merge(nil)
        request.merge(["/b", "/a/Sub", "/nowhere"])
        let passes = request.passes(libraryFolders: ["/a", "/b", "/c"])
        #expect(passes.map(\.folder) == ["/b", "/a", "/c"])
        #expect(passes.map(\.root) == ["/b", "/a", "/c"])
        var subfolder = ScanRequest()
        subfolder.merge(["/a/Sub", "/a/Sub/Inner", "/nowhere"])
        #expect(subfolder.passes(libraryFolders: ["/a", "/b"]).map { [$0.folder, $0.root] } == [["/a", "/a/Sub"]])
        #expect(ScanRequest.owner(of: "/ab/x", among: ["/a"]) == nil)
    }
}
