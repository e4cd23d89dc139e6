/// One input event from a backend: a key press, a mouse click or a terminal resize.
///
/// Both ``HeadlessTerminal`` and the ncurses backend produce these, so screens and key maps never
/// see backend-specific codes. Control letters arrive as `.ctrl("c")`, except the ones terminals
/// send for other keys (Tab = ctrl-i, Enter = ctrl-m/ctrl-j, Backspace = ctrl-h).
public enum Key: Hashable, Sendable, CustomStringConvertible {
    case character(Character)
    case up, down, left, right
    case enter, escape, tab, backTab, backspace, delete
    case home, end, pageUp, pageDown
    /// F1 is `.function(1)`.
    case function(Int)
    /// A control-letter chord; the letter is lowercase.
    case ctrl(Character)
    /// A primary-button click at a cell.
    case click(Point)
    /// The terminal now has this size; the next frame should be rendered for it.
    case resize(Size)

    private static let names: [(Key, String)] = [
        (.up, "up"), (.down, "down"), (.left, "left"), (.right, "right"), (.enter, "enter"),
        (.escape, "escape"), (.tab, "tab"), (.backTab, "backtab"), (.backspace, "backspace"),
        (.delete, "delete"), (.home, "home"), (.end, "end"), (.pageUp, "pageup"), (.pageDown, "pagedown"),
    ]

    /// A stable name: `q`, `space`, `enter`, `ctrl-c`, `f5`, `click 3,4`, `resize 80x24`.
    public var description: String {
        switch self {
        case .character(" "): return "space"
        case .character(let character): return String(character)
        case .function(let number): return "f\(number)"
        case .ctrl(let letter): return "ctrl-\(letter)"
        case .click(let point): return "click \(point.x),\(point.y)"
        case .resize(let size): return "resize \(size)"
        default: return Key.names.first { $0.0 == self }?.1 ?? "?"
        }
    }

    /// Parses a key name as written in key maps and tests (`"q"`, `"space"`, `"ctrl-c"`, `"f5"`,
    /// `"pagedown"`); nil for anything else.
    public init?(name: String) {
        let lowered = name.lowercased()
        if let named = Key.names.first(where: { $0.1 == lowered }) {
            self = named.0
        } else if lowered == "space" {
            self = .character(" ")
        } else if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, letter.isLetter {
            self = .ctrl(letter)
        } else if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...63).contains(number) {
            self = .function(number)
        } else if name.count == 1, let character = name.first {
            self = .character(character)
        } else {
            return nil
        }
    }
}
