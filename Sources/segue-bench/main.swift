#if canImport(Glibc)
    import Glibc
#endif

// segue-bench FILE1 FILE2 URL: prints one "name value unit" line per measurement.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
    Console.error("usage: segue-bench FILE1 FILE2 PREVIEW-URL")
    exit(2)
}
Latency.run(first: arguments[0], second: arguments[1], url: arguments[2])
