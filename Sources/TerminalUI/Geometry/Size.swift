/// A size in cells: `columns` wide, `rows` high. Negative values are clamped to zero.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    public static let zero = Size(columns: 0, rows: 0)

    /// The number of cells in a grid of this size.
    public var area: Int { columns * rows }

    public var description: String { "\(columns)x\(rows)" }
}
