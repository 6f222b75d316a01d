/// Where each access unit of a track lies and when it plays, stored compactly.
///
/// Per sample only its size is kept (none at all when `stsz` gives one size for all), plus a
/// running byte total every 64 samples; chunks keep their offset and first sample; `stts`
/// stays as runs. A 1-hour AAC track (about 155,000 samples) needs well under 2 MB.
///
/// Construction checks every chunk's end once, so the lookups afterwards cannot overflow.
struct MP4SampleTable: Sendable {
    struct TimeRun: Sendable {
        var firstSample: Int
        var count: Int
        var delta: Int
        var startTime: Int
    }

    /// Samples that have a size, a chunk and a time (the smallest count of the three tables).
    private(set) var sampleCount: Int
    /// The sum of the `stts` deltas of those samples.
    private(set) var mediaDuration: Int
    /// The end of the access unit that ends last in the file.
    private(set) var byteLengthNeeded: Int

    private let fixedSize: Int
    private let sizes: [UInt32]
    /// Bytes of samples 0..<64k at index k (only when sizes vary).
    private let checkpoints: [Int]
    private let chunkOffsets: [Int]
    private let chunkFirstSamples: [Int]
    private let timeRuns: [TimeRun]

    private static let stride = 64
    /// Files and durations beyond this are nonsense; capping them keeps all sums far from overflow.
    private static let limit = 1 << 52

    /// Builds the table. `fixedSize` > 0 means every sample has that size and `sizes` is empty.
    init(
        fixedSize: Int, sizeCount: Int, sizes: [UInt32], chunkOffsets: [Int],
        chunkRuns: [(firstChunk: Int, samplesPerChunk: Int)], timeRuns rawTimeRuns: [(count: Int, delta: Int)]
    ) throws {
        var count = fixedSize > 0 ? sizeCount : sizes.count

        // Which sample each chunk starts with; stsc runs last until the next run's first chunk.
        var firstSamples: [Int] = []
        firstSamples.reserveCapacity(chunkOffsets.count)
        var next = 0
        var run = -1
        for index in chunkOffsets.indices {
            let chunk = index + 1  // stsc numbers chunks from 1
            while run + 1 < chunkRuns.count && chunkRuns[run + 1].firstChunk <= chunk { run += 1 }
            firstSamples.append(next)
            if run >= 0 { next = min(next + chunkRuns[run].samplesPerChunk, Self.limit) }
        }
        count = min(count, next)

        var timeTotal = 0
        for r in rawTimeRuns { timeTotal = min(timeTotal + r.count, Self.limit) }
        count = min(count, timeTotal)

        var runs: [TimeRun] = []
        var time = 0
        var first = 0
        for r in rawTimeRuns where first < count && r.count > 0 {
            let n = min(r.count, count - first)
            let (span, overflow) = n.multipliedReportingOverflow(by: r.delta)
            guard !overflow, span <= Self.limit - time else {
                throw AudioError.corrupt("the time table (stts) adds up to an impossible duration")
            }
            runs.append(TimeRun(firstSample: first, count: n, delta: r.delta, startTime: time))
            time += span
            first += n
        }

        var marks: [Int] = []
        if fixedSize == 0 {
            marks.reserveCapacity(count / Self.stride + 1)
            var total = 0
            for i in 0..<count {
                if i % Self.stride == 0 { marks.append(total) }
                total += Int(sizes[i])
            }
            marks.append(total)
        } else {
            let (total, overflow) = count.multipliedReportingOverflow(by: fixedSize)
            guard !overflow, total <= Self.limit else {
                throw AudioError.corrupt("the sample sizes (stsz) add up to an impossible length")
            }
        }

        self.sampleCount = count
        self.mediaDuration = time
        self.fixedSize = fixedSize
        self.sizes = sizes
        self.checkpoints = marks
        self.chunkOffsets = chunkOffsets
        self.chunkFirstSamples = firstSamples
        self.timeRuns = runs
        self.byteLengthNeeded = 0

        var needed = 0
        for chunk in chunkOffsets.indices {
            let start = min(firstSamples[chunk], count)
            let end = chunk + 1 < firstSamples.count ? min(firstSamples[chunk + 1], count) : count
            guard start < end else { continue }
            let bytes = bytesBefore(end) - bytesBefore(start)
            guard chunkOffsets[chunk] <= Self.limit - bytes else {
                throw AudioError.corrupt("a chunk offset points far past any real file")
            }
            needed = max(needed, chunkOffsets[chunk] + bytes)
        }
        self.byteLengthNeeded = needed
    }

    /// Bytes of samples 0..<index (index in 0...sampleCount).
    private func bytesBefore(_ index: Int) -> Int {
        if fixedSize > 0 { return index * fixedSize }
        let mark = index / Self.stride
        var total = checkpoints[mark]
        var i = mark * Self.stride
        while i < index {
            total += Int(sizes[i])
            i += 1
        }
        return total
    }

    private func clamped(_ index: Int) -> Int { min(max(0, index), max(0, sampleCount - 1)) }

    func size(_ index: Int) -> Int {
        guard sampleCount > 0 else { return 0 }
        return fixedSize > 0 ? fixedSize : Int(sizes[clamped(index)])
    }

    func offset(_ index: Int) -> Int {
        guard sampleCount > 0, !chunkOffsets.isEmpty else { return 0 }
        let i = clamped(index)
        // The last chunk starting at or before i; empty chunks share a first sample with the next.
        var low = 0
        var high = chunkFirstSamples.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if chunkFirstSamples[mid] <= i { low = mid } else { high = mid - 1 }
        }
        return chunkOffsets[low] + bytesBefore(i) - bytesBefore(chunkFirstSamples[low])
    }

    private func run(containingSample i: Int) -> TimeRun? {
        guard !timeRuns.isEmpty else { return nil }
        var low = 0
        var high = timeRuns.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if timeRuns[mid].firstSample <= i { low = mid } else { high = mid - 1 }
        }
        return timeRuns[low]
    }

    func time(_ index: Int) -> Int {
        let i = clamped(index)
        guard let r = run(containingSample: i) else { return 0 }
        return r.startTime + (i - r.firstSample) * r.delta
    }

    func duration(_ index: Int) -> Int {
        run(containingSample: clamped(index))?.delta ?? 0
    }

    func index(containingTime t: Int) -> Int {
        guard !timeRuns.isEmpty, t > 0 else { return 0 }
        var low = 0
        var high = timeRuns.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if timeRuns[mid].startTime <= t { low = mid } else { high = mid - 1 }
        }
        let r = timeRuns[low]
        let step = r.delta == 0 ? 0 : (t - r.startTime) / r.delta
        return r.firstSample + min(step, r.count - 1)
    }
}
