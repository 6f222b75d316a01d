/// What the terminal delivered: a key, a mouse action, or a change of size (read the new size
/// from `Terminal.size`).
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize
}
