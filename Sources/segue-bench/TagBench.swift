import Audio
import Decoders
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 13's tag reader alone, over a warm tree (`scripts/make-library-tree.py`): every regular
/// file opened with `RegularFile.open` and read with `TagReader.read`, as the scanner does, with
/// no walk, no database and no thread in the way. The tree's paths are listed first (not timed);
/// three passes, the best one reported (the first also warms the page cache).
enum TagBench {
    static func run(folder: String) {
        var paths: [String] = []
        collect(folder, into: &paths)
        guard !paths.isEmpty else {
            Console.error("segue-bench: no files under \(folder)")
            exit(1)
        }
        var best = Double.infinity
        var bestCPU = Double.infinity
        var failed = 0
        var firstFailure: String?
        for _ in 0..<3 {
            failed = 0
            let start = monotonicSeconds()
            let cpuStart = processCPUSeconds()
            for path in paths {
                switch RegularFile.open(path) {
                case .success(let opened):
                    do throws(AudioError) {
                        _ = try TagReader.read(opened, name: path)
                    } catch {
                        failed += 1
                        if firstFailure == nil { firstFailure = "\(path): \(error)" }
                    }
                    close(opened.descriptor)
                case .failure:
                    failed += 1
                }
            }
            best = min(best, monotonicSeconds() - start)
            bestCPU = min(bestCPU, processCPUSeconds() - cpuStart)
        }
        print("tags-per-second \(Double(paths.count) / best) files/s")
        print("tags-cpu-per-file \(bestCPU / Double(paths.count) * 1e6) us")
        print("tags-failed \(failed) files")
        if let firstFailure { Console.error("segue-bench: the tag reader refused \(failed) files, first \(firstFailure)") }
    }

    /// Regular files under `folder`, depth first (symlinks not followed: the tree has none).
    private static func collect(_ folder: String, into paths: inout [String]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): collect(path, into: &paths)
            case Int32(DT_REG): paths.append(path)
            default: break
            }
        }
    }

}
