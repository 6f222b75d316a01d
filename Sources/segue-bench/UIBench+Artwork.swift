import TUI
import Terminal
import WireProtocol

/// The terminal UI's covers, in-process: from a track change (the daemon's status event) to the
/// frame with the new cover and the bytes that draw it, on a 120×40 screen showing the
/// now-playing view (`c`) and the small cover beside the status line. The cover loader's work is
/// done inline (`CoverLoader.load`, what its thread does), so the figure is the whole path, not a
/// thread's wake-up. Printed as "ui-cover-NAME VALUE UNIT", never asserted.
extension UIBench {
    static func covers() {
        let baseRSS = ArtworkBench.residentMB()
        guard let jpeg = ArtworkBench.madeJPEG() else {
            Console.error("segue-bench ui: no JPEG for the cover rows (install ffmpeg)")
            return
        }
        let made = CoverLoader(fetch: { _ in jpeg }, renderer: ArtworkCoverRenderer())
        guard let loader = made else {
            Console.error("segue-bench ui: no cover loader")
            return
        }
        defer { loader.stop() }
        var model = TUIModel()
        model.resize(rows: 40, columns: 120)
        model.setGraphics(.cells(.truecolor))
        _ = model.start()
        _ = model.handle(.key(.character("c")), now: 0)
        let screen = Screen(text: TextFit(width: Terminal.columns(of:)))

        /// Plays entry `n` (a file of its own, so its cover is a picture of its own) and draws it.
        func change(to n: Int) -> Int {
            let event =
                #"{"event":"status","status":{"status":"playing","current":{"id":\#(n),"title":"Song \#(n)","subtitle":"Band — Album","item":{"location":"/music/\#(n).mp3","duration":200}},"queuePosition":1,"queueLength":2,"position":0,"duration":200,"repeat":"none","shuffle":"off","volume":80,"crossfade":0,"prepared":true}}"#
            guard let message = try? DaemonMessage.parse(event) else { return 0 }
            _ = model.handle(message, now: 0)
            for request in model.coverRequests() { model.coverArrived(loader.load(request)) }
            let frame = screen.render(model, now: 0)
            return ImageSequence.bytes(for: frame.images, rows: 40, columns: 120).count
        }

        // First sight of each cover: decode the 600×600 JPEG, fit it, cut it into cells.
        var firstSight: [Double] = []
        var written = 0
        for n in 1...20 {
            let start = ProbeOutput.now()
            written += change(to: n)
            firstSight.append((ProbeOutput.now() - start) * 1000)
        }
        // Seen before: the cells come from the renderer's memory cache (the model keeps 16 covers).
        var again: [Double] = []
        for n in 1...40 {
            let start = ProbeOutput.now()
            written += change(to: n % 2 + 1)
            again.append((ProbeOutput.now() - start) * 1000)
        }
        report("ui-cover-track-change-to-frame-decoding", firstSight)
        report("ui-cover-track-change-to-frame-cached", again)
        if written == 0 { Console.error("segue-bench ui: no cover was drawn") }

        // The bytes of a 40×20 half-block cover alone, as the terminal is sent them.
        if case .success(let cells) = ArtworkCoverRenderer().cells(
            of: jpeg, picture: "bench", box: CoverBox(columns: 40, rows: 20), depth: .truecolor),
            let image = Frame.Image(row: 1, column: 1, width: cells.width, height: cells.height, cells: cells.cells)
        {
            print("ui-cover-40x20-halfblock-bytes \(ImageSequence.bytes(for: [image], rows: 40, columns: 120).count) B")
        }
        print("ui-cover-rss-added \(((ArtworkBench.residentMB() - baseRSS) * 100).rounded() / 100) MB")
    }
}
