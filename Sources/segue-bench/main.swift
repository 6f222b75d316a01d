#if canImport(Glibc)
    import Glibc
#endif

// segue-bench FILE1 FILE2 URL [ALSA-DEVICE]: prints one "name value unit" line per measurement,
// through a paced null output, or through the ALSA device when one is named.
// segue-bench ui: the terminal UI's keystroke cost (model and renderer) with 10,000 queue entries.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["ui"] {
    UIBench.run()
    exit(0)
}
guard arguments.count == 3 || arguments.count == 4 else {
    Console.error("usage: segue-bench FILE1 FILE2 PREVIEW-URL [ALSA-DEVICE] | segue-bench ui")
    exit(2)
}
Latency.run(first: arguments[0], second: arguments[1], url: arguments[2], alsaDevice: arguments.count == 4 ? arguments[3] : nil)
