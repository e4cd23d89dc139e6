/// How many colours a terminal can show. Truecolor terminals are still drawn with the 256-colour
/// palette: indexed pairs work on every ncurses build, direct colour does not.
public enum ColorCapability: String, Hashable, Sendable, CaseIterable {
    case none
    case ansi8
    case ansi16
    case indexed256
    case truecolor

    /// The capability for a terminal reporting `colors` (ncurses' `COLORS`, 0 without colour
    /// support), honouring the `NO_COLOR` convention (no-color.org: any non-empty value).
    public static func detect(colors: Int, environment: [String: String]) -> ColorCapability {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        if environment["COLORTERM"] == "truecolor" || environment["COLORTERM"] == "24bit", colors >= 256 {
            return .truecolor
        }
        switch colors {
        case 256...: return .indexed256
        case 16..<256: return .ansi16
        case 8..<16: return .ansi8
        default: return .none
        }
    }
}
