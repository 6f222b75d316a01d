/// Interleaved stereo samples for `frames` frames starting at frame `start`: every frame
/// differs from its neighbours, so a lost, repeated or reordered frame shows in a comparison.
func ramp(_ frames: Int, from start: Int) -> [Int16] {
    (0..<frames * 2).map { Int16(truncatingIfNeeded: (start * 2 + $0) &* 13) }
}
