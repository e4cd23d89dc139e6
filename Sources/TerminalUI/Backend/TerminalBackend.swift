/// What a screen loop needs from a terminal. ``HeadlessTerminal`` implements it in memory for
/// tests; `CursesTerminal` (module TerminalCurses) implements it with ncurses.
///
/// Backends are classes confined to one thread (the main thread of the executable): they own a
/// terminal, which is not shareable state.
public protocol TerminalBackend: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    /// Shows `buffer`, sending only what changed since the previous frame.
    func draw(_ buffer: Buffer)
    /// Shows the text cursor at `position` after the next draw, or hides it (nil).
    func setCursor(_ position: Point?)
    /// The next input event, or nil when none arrived within the timeout (-1 waits for ever).
    func readKey(timeoutMilliseconds: Int32) -> Key?
    /// Forgets the previous frame so the next draw repaints everything.
    func invalidate()
    /// Restores the terminal. Safe to call more than once.
    func end()
}
