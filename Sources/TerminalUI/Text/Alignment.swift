/// Horizontal placement of a line of text inside a wider area.
public enum Alignment: Hashable, Sendable {
    case leading
    case center
    case trailing

    /// The column offset of a line `width` wide inside `available` columns.
    public func offset(width: Int, available: Int) -> Int {
        let spare = max(0, available - width)
        switch self {
        case .leading: return 0
        case .center: return spare / 2
        case .trailing: return spare
        }
    }
}
