import CNcursesw

extension Terminal {
    /// Makes the next `draw` repaint every cell (Ctrl-L), for when something scribbled on the
    /// screen that curses does not know about.
    public func invalidate() {
        guard let screen = shim_stdscr() else { return }
        imagesDamaged = true
        shim_clearok(screen, true)
    }
}
