#if canImport(Glibc)
    import Glibc
#endif

// segue-bench FILE1 FILE2 URL [ALSA-DEVICE]: prints one "name value unit" line per measurement,
// through a paced null output, or through the ALSA device when one is named.
// segue-bench ui: the terminal UI's keystroke cost (model and renderer) with 10,000 queue entries.
// segue-bench workout: a simulated 45-minute workout at 170 spm over a generated 10,000-track pool.
// segue-bench tags FOLDER: the tag reader alone over every file under FOLDER (files per second).
// segue-bench store COUNT PHRASE...: the library store alone: COUNT songs written, then `find` per keystroke.
// segue-bench artwork [JPEG]: the cover pipeline (decode, scale, cells; bytes; the RSS its libraries add).
// segue-bench wire [queue]: the native protocol's large replies (a 10,000-entry queue, a 100,000-song listing) written
// and read; `queue`: the queue reply alone (short enough to count its instructions under callgrind).
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["wire"] || arguments == ["wire", "queue"] {
    WireBench.run(queueOnly: arguments.count == 2)
    exit(0)
}
if arguments.first == "artwork", arguments.count <= 2 {
    ArtworkBench.run(jpegPath: arguments.count == 2 ? arguments[1] : nil)
    exit(0)
}
if arguments == ["ui"] {
    UIBench.run()
    exit(0)
}
if arguments == ["workout"] {
    WorkoutBench.run()
    exit(0)
}
if arguments.count == 2 && arguments[0] == "tags" {
    TagBench.run(folder: arguments[1])
    exit(0)
}
if arguments.count >= 3 && arguments[0] == "store", let count = Int(arguments[1]), (1...10_000_000).contains(count) {
    StoreBench.run(count: count, phrases: Array(arguments.dropFirst(2)))
    exit(0)
}
guard arguments.count == 3 || arguments.count == 4 else {
    Console.error(
        "usage: segue-bench FILE1 FILE2 PREVIEW-URL [ALSA-DEVICE] | segue-bench ui | segue-bench workout | segue-bench tags FOLDER | segue-bench store COUNT PHRASE... | segue-bench wire [queue] | segue-bench artwork [JPEG]"
    )
    exit(2)
}
Latency.run(first: arguments[0], second: arguments[1], url: arguments[2], alsaDevice: arguments.count == 4 ? arguments[3] : nil)
