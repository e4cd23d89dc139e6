/// One terminal cell: a grapheme cluster plus its style.
///
/// A double-width grapheme lives in the cell where it starts; the cell to its right holds a
/// *continuation* marker (an empty symbol) with the same style. Backends skip continuations,
/// because drawing the wide glyph already painted that column.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster shown, `" "` for an empty cell, `""` for a continuation.
    public var symbol: String
    public var style: Style

    public init(_ symbol: String = " ", style: Style = .plain) {
        self.symbol = symbol
        self.style = style
    }

    /// An empty cell with the default style.
    public static let blank = Cell()

    /// The marker for the second column of a wide glyph.
    public static func continuation(style: Style) -> Cell { Cell("", style: style) }

    /// True for the second column of a wide glyph.
    public var isContinuation: Bool { symbol.isEmpty }
}
