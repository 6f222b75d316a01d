import TUI
import Terminal
import WireProtocol

/// The terminal UI's own share of a keystroke with 10,000 queue entries on a 120×40 screen:
/// `TUIModel.handle` of the key plus `Screen.render` of the frame, in-process (no terminal, no
/// curses, no daemon). Medians and 95th percentiles of repeated runs; printed, never asserted.
enum UIBench {
    static func run() {
        Terminal.prepareLocale()
        // A hundred rows first (a full screen too): the same figure as with 10,000 shows that the cost
        // does not grow with the list.
        measure(rows: 100, moves: false)
        measure(rows: 10_000, moves: true)
        covers()
    }

    private static func measure(rows count: Int, moves: Bool) {
        var model = TUIModel()
        model.resize(rows: 40, columns: 120)
        var effects = model.start()
        effects += model.handle(.key(.character("4")), now: 0)
        let queueIDs = effects.compactMap { effect -> Int? in
            if case .send(let id, .queue, _) = effect { return id }
            return nil
        }
        let entries = (1...count).map { n in
            #"{"id":\#(n),"title":"Song \#(n)","subtitle":"Example Band — Night Drive","item":{"location":"/music/\#(n).mp3","title":"Song \#(n)","artist":"Example Band","album":"Night Drive","duration":201}}"#
        }.joined(separator: ",")
        func reply(_ id: Int) -> String {
            #"{"id":\#(id),"ok":true,"result":{"kind":"queue","entries":[\#(entries)],"current":1,"version":1},"text":""}"#
        }
        for id in queueIDs {
            guard let message = try? DaemonMessage.parse(reply(id)) else {
                Console.error("segue-bench: the queue reply could not be read")
                return
            }
            _ = model.handle(message, now: 0)
        }
        if moves, let id = queueIDs.first {
            // What a queue change costs the UI with this many entries: the reply read, then applied.
            let line = reply(id)
            var parsing: [Double] = []
            var total: [Double] = []
            for _ in 0..<10 {
                var copy = model
                _ = copy.handle(.key(.character("4")), now: 0)
                let start = ProbeOutput.now()
                let message = try? DaemonMessage.parse(line)
                parsing.append((ProbeOutput.now() - start) * 1000)
                if let message { _ = copy.handle(message, now: 0) }
                total.append((ProbeOutput.now() - start) * 1000)
            }
            report("ui-queue-reply-\(count)-entries-parse+apply", total)
            report("ui-queue-reply-\(count)-entries-parse", parsing)
            // What one edit costs the UI now: the event, then only the change since the version shown.
            var edits: [Double] = []
            for _ in 0..<10 {
                var copy = model
                let start = ProbeOutput.now()
                guard let event = try? DaemonMessage.parse(#"{"event":"queueChanged","version":2}"#) else { break }
                let asked = copy.handle(event, now: 0).compactMap { effect -> Int? in
                    if case .send(let id, .queueChanges(since: 1), _) = effect { return id }
                    return nil
                }
                guard let sinceID = asked.first else {
                    Console.error("segue-bench: a queue change did not ask for the changes since the version shown")
                    break
                }
                let changes =
                    #"{"id":\#(sinceID),"ok":true,"result":{"kind":"queueChanges","since":1,"version":2,"changes":[{"op":"move","id":\#(count),"position":1}],"current":1,"count":\#(count)},"text":""}"#
                if let message = try? DaemonMessage.parse(changes) { _ = copy.handle(message, now: 0) }
                edits.append((ProbeOutput.now() - start) * 1000)
            }
            report("ui-queue-edit-\(count)-entries-event+changes+apply", edits)
        }
        guard model.page.rows.count == count else {
            Console.error("segue-bench: the queue page has \(model.page.rows.count) rows, not \(count)")
            return
        }
        let screen = Screen(text: TextFit(width: Terminal.columns(of:)))
        var spans = 0
        func timed(_ key: Key) -> Double {
            let start = ProbeOutput.now()
            _ = model.handle(.key(key), now: 0)
            spans += screen.render(model, now: 0).spans.count
            return (ProbeOutput.now() - start) * 1000
        }
        for _ in 0..<200 { _ = timed(.character("j")) }  // warm-up
        // Down and back up, so every press moves the cursor even in ten rows.
        var down: [Double] = []
        for i in 0..<2000 { down.append(timed(.character(i / 5 % 2 == 0 ? "j" : "k"))) }
        report("ui-j-\(count)-rows-handle+render", down)
        if moves {
            _ = timed(.character("g"))
            let jumps = (0..<1000).flatMap { _ in [timed(.character("G")), timed(.character("g"))] }
            let halfPages = (0..<500).map { _ in timed(.control("d")) }
            report("ui-G/g-\(count)-rows-handle+render", jumps)
            report("ui-ctrl-d-\(count)-rows-handle+render", halfPages)
        }
        if spans == 0 { Console.error("segue-bench: nothing was drawn") }
    }

    /// Prints the median and the 95th percentile, in milliseconds.
    static func report(_ name: String, _ values: [Double]) {
        let sorted = values.sorted()
        print("\(name)-median \(sorted[sorted.count / 2]) ms")
        print("\(name)-p95 \(sorted[min(sorted.count - 1, sorted.count * 95 / 100)]) ms")
    }
}
