/// Why the ncurses backend could not start.
public enum CursesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `newterm` failed: the terminal type is unknown to terminfo or the streams are unusable.
    case cannotOpenTerminal(term: String)

    public var description: String {
        switch self {
        case .cannotOpenTerminal(let term):
            "cannot open the terminal (TERM=\(term.isEmpty ? "unset" : term)); run in a terminal with a known "
                + "TERM such as xterm-256color, or use a non-interactive command"
        }
    }
}
