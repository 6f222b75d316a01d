/// Whether entries play in queue order or in a shuffled order.
public enum ShuffleMode: String, Sendable, CaseIterable {
    /// Play order is queue order.
    case off
    /// Play order is a shuffle of every entry, each once, starting from the entry current when shuffle was turned on.
    case songs
}
