import Testing

@testable import Terminal

/// The protocol pictures' state machine on its own: chunked transmission, pictures off the
/// screen, several pictures at once, and what a suspend or a quit leaves.
@Suite struct GraphicsPlacerTests {
    private let esc = "\u{1b}"

    private func kitty(_ name: String, data: String, row: Int = 1, column: Int = 2, width: Int = 4, height: Int = 2) throws -> Frame.Image {
        let graphic = try #require(Frame.Graphic(kind: .kitty(pixelWidth: 32, pixelHeight: 32), name: name, payload: Array(data.utf8)))
        return try #require(Frame.Image(row: row, column: column, width: width, height: height, graphic: graphic))
    }

    private func text(_ step: GraphicsPlacer.Step) -> String { String(decoding: step.bytes, as: UTF8.self) }

    @Test func aLargePictureIsSentInChunksOfAtMost4096Characters() throws {
        var placer = GraphicsPlacer()
        let data = String(repeating: "A", count: 5_000)
        let sent = text(placer.step([try kitty("big", data: data)], rows: 24, columns: 80, damaged: false))
        #expect(
            sent
                == "\(esc)_Ga=t,f=24,t=d,s=32,v=32,i=1000,q=2,m=1;\(String(repeating: "A", count: 4096))\(esc)\\"
                + "\(esc)_Gm=0;\(String(repeating: "A", count: 904))\(esc)\\"
                + "\(esc)7\(esc)[2;3H\(esc)_Ga=p,i=1000,p=1,c=4,r=2,C=1,q=2\(esc)\\\(esc)8")
    }

    /// A PNG goes as `f=100` without its size (the file holds it), once, then placed.
    @Test func aPNGIsSentAsFormat100() throws {
        var placer = GraphicsPlacer()
        let graphic = try #require(
            Frame.Graphic(kind: .kitty(pixelWidth: 32, pixelHeight: 32, format: .png), name: "p", payload: Array("iVBO".utf8)))
        let image = try #require(Frame.Image(row: 1, column: 2, width: 4, height: 2, graphic: graphic))
        #expect(
            text(placer.step([image], rows: 24, columns: 80, damaged: false))
                == "\(esc)_Ga=t,f=100,t=d,i=1000,q=2,m=0;iVBO\(esc)\\"
                + "\(esc)7\(esc)[2;3H\(esc)_Ga=p,i=1000,p=1,c=4,r=2,C=1,q=2\(esc)\\\(esc)8")
        #expect(placer.step([image], rows: 24, columns: 80, damaged: false).bytes.isEmpty)
    }

    @Test func aPictureNotWhollyOnTheScreenIsNotDrawnAndOneThatLeavesItIsDeleted() throws {
        var placer = GraphicsPlacer()
        let onScreen = try kitty("a", data: "QUFB", row: 20)
        #expect(!placer.step([onScreen], rows: 24, columns: 80, damaged: false).bytes.isEmpty)
        // The screen shrank under it before the layout followed: the picture would be cut.
        let cut = placer.step([onScreen], rows: 21, columns: 80, damaged: true)
        #expect(text(cut) == "\(esc)_Ga=d,d=I,i=1000,q=2\(esc)\\")
        #expect(!placer.holdsPictures)
    }

    @Test func twoPicturesAreTrackedApartAndASuspendDeletesBoth() throws {
        var placer = GraphicsPlacer()
        let a = try kitty("a", data: "QUFB")
        let b = try kitty("b", data: "QkJC", row: 5)
        _ = placer.step([a, b], rows: 24, columns: 80, damaged: false)
        // b goes, a stays: only b is deleted.
        #expect(text(placer.step([a], rows: 24, columns: 80, damaged: false)) == "\(esc)_Ga=d,d=I,i=1001,q=2\(esc)\\")
        _ = placer.step([a, b], rows: 24, columns: 80, damaged: false)
        #expect(
            String(decoding: placer.clearAll(), as: UTF8.self) == "\(esc)_Ga=d,d=I,i=1000,q=2\(esc)\\\(esc)_Ga=d,d=I,i=1002,q=2\(esc)\\")
        #expect(!placer.holdsPictures)
        // After the suspend, the next frame sends its picture again (the terminal holds none).
        #expect(text(placer.step([a], rows: 24, columns: 80, damaged: true)).hasPrefix("\(esc)_Ga=t,f=24,t=d,s=32,v=32,i=1003,"))
    }

    @Test func aSixelOnARowRepaintedForAnotherIsWrittenAgain() throws {
        var placer = GraphicsPlacer()
        let leftGraphic = try #require(Frame.Graphic(kind: .sixel, name: "l", payload: Array("L".utf8)))
        let rightGraphic = try #require(Frame.Graphic(kind: .sixel, name: "r", payload: Array("R".utf8)))
        let left = try #require(Frame.Image(row: 2, column: 0, width: 4, height: 2, graphic: leftGraphic))
        let right = try #require(Frame.Image(row: 3, column: 10, width: 4, height: 2, graphic: rightGraphic))
        _ = placer.step([left, right], rows: 24, columns: 80, damaged: false)
        // The left one goes: its rows 2 and 3 are repainted whole, and row 3 holds part of the right one.
        let step = placer.step([right], rows: 24, columns: 80, damaged: false)
        #expect(step.repaintRows == [2, 3])
        #expect(text(step) == "\(esc)7\(esc)[4;11HR\(esc)8")
    }
}
