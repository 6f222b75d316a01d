/// MPD's `single`: what happens when the current entry ends, beside repeat. With repeat `one`
/// the entry plays again whatever this says; otherwise `on` stops after every entry, and
/// `oneshot` stops after this one and then turns itself off.
public enum SingleMode: String, Sendable, CaseIterable {
    /// Play on through the queue.
    case off
    /// Stop when the current entry ends (with repeat `one`, play it again).
    case on
    /// Stop when the current entry ends, once; the mode is then `off`.
    case oneshot
}
