/// Mixes the end of one track into the start of the next over a fixed number of frames, on the
/// decoder thread. While a track decodes, its last `frames` frames are held back; when the next
/// track starts, they are mixed into its first frames with a linear fade (out for the old track,
/// in for the new), so the ring never holds the overlap twice.
struct Crossfader {
    /// Overlap length in frames (0: off).
    let frames: Int
    let channels: Int
    private var held: [Int16] = []
    private var tail: [Int16] = []
    private var tailPosition = 0

    init(frames: Int, channels: Int) {
        self.frames = max(0, frames)
        self.channels = max(1, channels)
    }

    var isActive: Bool { frames > 0 }

    /// A new track's samples: mixes any pending tail into them, then holds back the last
    /// `frames` frames; returns what can be played now.
    mutating func process(_ samples: [Int16]) -> [Int16] {
        guard isActive else { return samples }
        var input = samples
        if tailPosition < tail.count {
            let n = min(input.count, tail.count - tailPosition)
            let total = Double(tail.count)
            for i in 0..<n {
                let t = Double(tailPosition + i) / total  // 0 → 1 across the overlap
                let mixed = Double(tail[tailPosition + i]) * (1 - t) + Double(input[i]) * t
                input[i] = Int16(clamping: Int(mixed.rounded()))
            }
            tailPosition += n
        }
        held += input
        let keep = frames * channels
        guard held.count > keep else { return [] }
        let ready = Array(held[..<(held.count - keep)])
        held.removeFirst(held.count - keep)
        return ready
    }

    /// The current track ended: its held frames become the tail mixed into the next track.
    /// Returns the unmixed rest of a previous tail that the track was too short to absorb.
    mutating func trackEnded() -> [Int16] {
        guard isActive else { return [] }
        let leftover = tailPosition < tail.count ? Array(tail[tailPosition...]) : []
        tail = held
        tailPosition = 0
        held = []
        return leftover
    }

    /// No track follows (or the next failed): returns everything still held, unmixed.
    mutating func drain() -> [Int16] {
        let rest = (tailPosition < tail.count ? Array(tail[tailPosition...]) : []) + held
        tail = []
        held = []
        tailPosition = 0
        return rest
    }

    /// True while a tail waits to be mixed into the next track.
    var hasTail: Bool { tailPosition < tail.count }
}
