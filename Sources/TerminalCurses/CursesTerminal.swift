import CNCursesW
import Glibc
import TerminalUI

/// The ncurses backend: draws ``TerminalUI/Buffer``s, reads keys, clicks and resizes.
///
/// Not `Sendable`: create it and use it on the main thread of the executable only; background
/// work posts values to an inbox that the main loop drains (ncurses is not thread-safe). While it is active,
/// nothing may write to stdout or stderr.
///
/// ```swift
/// let terminal = try CursesTerminal()
/// defer { terminal.end() }
/// terminal.draw(screen.render(size: terminal.size))
/// let key = terminal.readKey(timeoutMilliseconds: 100)
/// ```
public final class CursesTerminal: TerminalBackend {
    /// Kept from `newterm` instead of reading the `stdscr` global, which Swift 6 rejects.
    let window: UnsafeMutablePointer<WINDOW>
    /// The colours the terminal is drawn with (`none` when `NO_COLOR` is set or colour is missing).
    public let colorCapability: ColorCapability
    var colors: ColorPairs
    private var previous: Buffer?
    private var cursor: Point?
    private var cleanup: SignalCleanup?
    private var hasEnded = false

    /// Takes over the terminal on stdin/stdout.
    /// - Parameter colorCapability: overrides detection (from `COLORS` and `NO_COLOR`).
    /// - Throws: ``CursesError/cannotOpenTerminal(term:)`` when terminfo does not know `$TERM`.
    public convenience init(colorCapability: ColorCapability? = nil, enablesMouse: Bool = true)
        throws(CursesError)
    {
        // Before newterm: ncursesw decides at newterm whether the locale is UTF-8, and without it
        // wide characters come out as M- sequences.
        setlocale(LC_ALL, "")
        // Threads that block signals pass their mask on; make sure the loop sees resizes and ^C.
        SignalCleanup.unblockTerminalSignals()
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r"),
            let screen = newterm(nil, output, input)
        else {
            throw .cannotOpenTerminal(term: getenv("TERM").map { String(cString: $0) } ?? "")
        }
        self.init(screen: screen, colorCapability: colorCapability, enablesMouse: enablesMouse)
        // Installed after newterm so ours replace ncurses' SIGINT/SIGTERM handlers. SIGWINCH is
        // left alone: ncurses installs its own only when none was set (resizeterm(3x)).
        cleanup = SignalCleanup()
    }

    /// Drives an existing `SCREEN` from `newterm`, e.g. one writing to /dev/null in tests.
    /// Installs no signal handlers; the caller owns the screen and ends it.
    public init(screen: OpaquePointer, colorCapability: ColorCapability? = nil, enablesMouse: Bool = false) {
        setlocale(LC_ALL, "")
        set_term(screen)
        window = cncursesw_stdscr()
        cbreak()
        noecho()
        nonl()  // lets Enter arrive as 13 and keeps newline translation out of the way
        keypad(window, true)
        set_escdelay(25)  // ESCDELAY is a global: use the setter so a lone Esc is not held 1 s
        curs_set(0)
        if has_colors() {
            // COLORS is only known after start_color; with NO_COLOR every cell just uses pair 0.
            start_color()
            use_default_colors()  // lets colour -1 mean the terminal's own foreground/background
        }
        let noColor = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
        let detected = ColorCapability.detect(
            colors: has_colors() ? Int(cncursesw_colors()) : 0, environment: ["NO_COLOR": noColor])
        self.colorCapability = has_colors() ? colorCapability ?? detected : .none
        colors = ColorPairs(capability: self.colorCapability)
        if enablesMouse {
            // Presses only, reported at once: click resolution would delay every press by 166 ms.
            mouseinterval(0)
            mousemask(cncursesw_button1_pressed() | cncursesw_button1_clicked(), nil)
        }
    }

    deinit { end() }

    /// The terminal's size; after a `.resize` key it is already the new one.
    public var size: Size { Size(columns: Int(getmaxx(window)), rows: Int(getmaxy(window))) }

    /// Shows `buffer`, sending ncurses only the cells that changed since the last draw.
    public func draw(_ buffer: Buffer) {
        guard !hasEnded else { return }
        if let previous, previous.size != buffer.size { invalidate() }
        // An empty previous frame differs in size, so the diff sends every row.
        buffer.forEachRun(from: previous ?? Buffer(size: .zero)) { run in
            var x = run.x
            for cell in run.cells {
                defer { x += 1 }
                // The wide glyph to the left already painted this column.
                if cell.isContinuation { continue }
                put(cell, x: x, y: run.y)
            }
        }
        previous = buffer
        if let cursor, cursor.x < buffer.size.columns, cursor.y < buffer.size.rows {
            curs_set(1)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            curs_set(0)
        }
        wnoutrefresh(window)
        doupdate()
    }

    /// Shows the text cursor at `position` from the next draw on (a focused text field), or hides it.
    public func setCursor(_ position: Point?) { cursor = position }

    /// Forgets the last frame and clears the screen, so the next draw repaints everything.
    public func invalidate() {
        previous = nil
        werase(window)
        clearok(window, true)
    }

    /// Restores the terminal (`endwin`) and the signal handlers it replaced. Safe to call twice.
    public func end() {
        guard !hasEnded else { return }
        hasEnded = true
        cleanup?.restore()
        curs_set(1)
        endwin()
    }

    /// Runs `body` with a terminal and always ends it, also when `body` throws.
    public static func run<Result>(_ body: (CursesTerminal) throws -> Result) throws -> Result {
        let terminal = try CursesTerminal()
        defer { terminal.end() }
        return try body(terminal)
    }

    private func put(_ cell: Cell, x: Int, y: Int) {
        var characters = cell.symbol.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) } + [0]
        var character = cchar_t()
        let style = colors.attributes(cell.style)
        let pair = colors.pair(for: cell.style)
        if setcchar(&character, &characters, style, pair, nil) == ERR {
            // A cluster with several spacing characters (a ZWJ emoji sequence) does not fit a
            // cchar_t; show its first scalar rather than nothing.
            characters = [characters[0], 0]
            setcchar(&character, &characters, style, pair, nil)
        }
        // The bottom-right cell returns ERR (the cursor cannot advance) but is drawn: ignore it.
        _ = mvwadd_wch(window, Int32(y), Int32(x), &character)
    }
}
