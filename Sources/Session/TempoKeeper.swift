import Library
import MusicModel
import Synchronization
import Tempo

#if canImport(Glibc)
    import Glibc
#endif

/// How a session finds a track's tempo: the item (a path, URL or `itunes:ID`) and the cadence to
/// centre the prior on (nil: 120 BPM). Throws a sentence when the item cannot be read or decoded.
/// The composition root passes `TempoAnalyzer.estimate`; tests pass a dictionary.
public typealias TempoAnalysis = @Sendable (PlayableItem, Double?) throws -> TempoEstimate

/// Finds tempos so nothing is analysed twice: the library's tempo table first (a memory table
/// when there is no library), then the analyzer, whose answer is stored. Items are keyed by what
/// stays true of their sound: a catalog item by its id, a file by its path, size and
/// modification time (an edited file is analysed again), a URL by itself.
final class TempoKeeper: Sendable {
    private let library: MusicLibrary?
    private let analyze: TempoAnalysis?
    /// Estimates kept when there is no library, at most `memoryLimit`.
    private let memory = Mutex<[String: TempoEstimate]>([:])
    static let memoryLimit = 4096

    init(library: MusicLibrary?, analyze: TempoAnalysis?) {
        self.library = library
        self.analyze = analyze
    }

    /// Whether tempos can be found beyond the stored ones.
    var canAnalyse: Bool { analyze != nil }

    /// The key `item`'s tempo is stored under, or nil when it has none (a file that cannot be
    /// examined, a location nothing opens).
    static func key(for item: PlayableItem) -> String? {
        switch item.parsedLocation {
        case .catalog(let name, let id)?: return name.rawValue + ":" + id
        case .url(let url)?: return url
        case .demo(let path)?: return "demo:" + path
        case .file(let path)?:
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return "file:\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):" + path
        case nil: return nil
        }
    }

    /// The stored estimate for `item`, without analysing it.
    func cached(_ item: PlayableItem) -> TempoEstimate? {
        guard let key = Self.key(for: item) else { return nil }
        if let library { return (try? library.tempo(forKey: key)) ?? nil }
        return memory.withLock { $0[key] }
    }

    /// The estimate for `item`: stored, or analysed now (which may take a while: the command or
    /// worker thread calling this waits) and stored. `preview` is where its sound is read from
    /// when that is not the item itself (a catalog song's preview URL, so analysis streams from
    /// the preview host instead of asking the rate-limited catalog again). Throws a sentence
    /// when there is neither.
    func estimate(_ item: PlayableItem, preview: String? = nil, cadence: Double?) throws(CommandError) -> TempoEstimate {
        if let known = cached(item) { return known }
        guard let analyze else { throw CommandError.failed("Tempo analysis is not available in this session.") }
        let estimate: TempoEstimate
        var source = item
        if let preview { source.location = preview }
        do {
            estimate = try analyze(source, cadence)
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError.failed(String(describing: error))
        }
        guard estimate.bpm.isFinite, MusicLibrary.storedTempoRange.contains(estimate.bpm) else {
            throw CommandError.failed("No steady tempo was found in \(item.title ?? item.location).")
        }
        if let key = Self.key(for: item) {
            if let library {
                try? library.storeTempo(estimate, forKey: key)
            } else {
                memory.withLock { table in
                    if table.count >= Self.memoryLimit { table.removeAll(keepingCapacity: true) }
                    table[key] = estimate
                }
            }
        }
        return estimate
    }
}
