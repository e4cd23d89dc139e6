/// Apple's `struct OSLogStringAlignment`: pads an interpolated value to a number of columns,
/// on the right (`.left(columns:)`) or on the left (`.right(columns:)`).
public struct OSLogStringAlignment: Equatable, Sendable {
    /// Positive pads on the left (right-aligned), negative on the right, 0 not at all.
    let columns: Int

    public static var none: OSLogStringAlignment { OSLogStringAlignment(columns: 0) }

    public static func left(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment {
        OSLogStringAlignment(columns: -columns())
    }

    public static func right(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment {
        OSLogStringAlignment(columns: columns())
    }

    func aligning(_ text: String) -> String {
        let padding = String(repeating: " ", count: max(0, abs(columns) - text.count))
        return columns < 0 ? text + padding : padding + text
    }
}

/// Apple's `enum OSLogBoolFormat`: a `Bool` as `true`/`false` (`.truth`) or `yes`/`no` (`.answer`).
public enum OSLogBoolFormat: Equatable, Sendable {
    case truth
    case answer

    func formatting(_ value: Bool) -> String {
        switch self {
        case .truth: value ? "true" : "false"
        case .answer: value ? "yes" : "no"
        }
    }
}
