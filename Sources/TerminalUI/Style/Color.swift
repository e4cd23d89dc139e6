/// A terminal colour.
///
/// `.default` is whatever the terminal's own foreground or background is. `.indexed` is one of the
/// xterm 256 (0–7 classic ANSI, 8–15 bright, 16–231 a 6×6×6 cube, 232–255 greys). `.rgb` keeps a
/// `#rrggbb` from a theme until it is resolved for the terminal's capability; the ncurses backend
/// only ever draws indexed colours, because `init_color` works on few terminals.
public enum Color: Hashable, Sendable, CustomStringConvertible {
    case `default`
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    public static let black = Color.indexed(0)
    public static let red = Color.indexed(1)
    public static let green = Color.indexed(2)
    public static let yellow = Color.indexed(3)
    public static let blue = Color.indexed(4)
    public static let magenta = Color.indexed(5)
    public static let cyan = Color.indexed(6)
    public static let white = Color.indexed(7)
    public static let brightBlack = Color.indexed(8)
    public static let brightWhite = Color.indexed(15)

    /// Parses the theme-file spelling: `"default"` or `"#rrggbb"` (case-insensitive).
    /// Numbers 0–255 come from JSON as integers; see ``init(index:)``.
    public init?(parsing text: String) {
        if text == "default" {
            self = .default
            return
        }
        let hex = text.utf8
        guard hex.count == 7, hex.first == UInt8(ascii: "#"), let value = UInt32(text.dropFirst(), radix: 16)
        else { return nil }
        self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// An indexed colour, or nil outside 0...255.
    public init?(index: Int) {
        guard let byte = UInt8(exactly: index) else { return nil }
        self = .indexed(byte)
    }

    /// The theme-file spelling of the colour.
    public var description: String {
        switch self {
        case .default: "default"
        case .indexed(let index): "\(index)"
        case .rgb(let r, let g, let b):
            "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }
}
