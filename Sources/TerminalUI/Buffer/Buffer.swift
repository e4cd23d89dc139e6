/// An in-memory grid of cells: what widgets draw into and what backends flush.
///
/// A pure value, so a whole screen renders without a terminal and tests compare buffers or their
/// ``plainText``/``styledText``. Writes keep one invariant that the diff relies on: a continuation
/// cell always follows the wide glyph it belongs to. Overwriting either half of a wide glyph
/// blanks the other half, as a terminal would.
public struct Buffer: Hashable, Sendable {
    public private(set) var size: Size
    /// All cells, row-major: the cell at (x, y) is `cells[y * size.columns + x]`.
    public private(set) var cells: [Cell]

    public init(size: Size, filling cell: Cell = .blank) {
        self.size = size
        cells = Array(repeating: cell, count: size.area)
    }

    /// The whole buffer as a rectangle at the origin.
    public var area: Rect { Rect(size: size) }

    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size.columns && y < size.rows
    }

    /// The cell at (x, y). Reading outside the buffer gives a blank; writing outside is ignored.
    /// Writing goes through ``set(_:x:y:)``, so wide glyphs stay consistent.
    public subscript(x: Int, y: Int) -> Cell {
        get { contains(x: x, y: y) ? cells[y * size.columns + x] : .blank }
        set { set(newValue, x: x, y: y) }
    }

    /// Places one grapheme at (x, y), taking one or two columns by its display width.
    ///
    /// A wide glyph that does not fit before the right edge becomes a space, never half a glyph.
    /// Zero-width symbols are ignored. A continuation cell is stored as given (for backends and
    /// tests that build a screen cell by cell).
    public mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard contains(x: x, y: y) else { return }
        if cell.isContinuation {
            cells[y * size.columns + x] = cell
            return
        }
        let width = cell.symbol.first.map(DisplayWidth.of) ?? 0
        guard width > 0 else { return }
        put(cell, width: width, x: x, y: y)
    }

    /// Fills `rect` (clipped to the buffer) with copies of `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let clipped = rect.intersection(area)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            // Cut any wide glyph that straddles the fill's edges before overwriting.
            unpair(x: clipped.x, y: y)
            unpair(x: clipped.maxX - 1, y: y)
            let start = y * size.columns
            for x in clipped.x..<clipped.maxX { cells[start + x] = cell }
        }
    }

    /// Lays `style` over every cell in `rect` (see ``Style/patched(with:)``), keeping the text.
    public mutating func patchStyle(_ style: Style, in rect: Rect) {
        let clipped = rect.intersection(area)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX {
                let index = y * size.columns + x
                cells[index].style = cells[index].style.patched(with: style)
            }
        }
    }

    /// Replaces the style of every cell in `rect`, keeping the text.
    public mutating func setStyle(_ style: Style, in rect: Rect) {
        let clipped = rect.intersection(area)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX { cells[y * size.columns + x].style = style }
        }
    }

    /// Writes a glyph of known width, repairing any wide glyph it partly covers.
    mutating func put(_ cell: Cell, width: Int, x: Int, y: Int) {
        let columns = size.columns
        let row = y * columns
        if width == 2 && x + 1 >= columns {
            put(Cell(" ", style: cell.style), width: 1, x: x, y: y)
            return
        }
        // Covering the right half of a wide glyph: its left half can no longer show.
        if cells[row + x].isContinuation && x > 0 {
            cells[row + x - 1] = Cell(" ", style: cells[row + x - 1].style)
        }
        let lastCovered = x + width - 1
        // Covering the left half of a wide glyph at the last covered column: blank its right half.
        if lastCovered + 1 < columns && cells[row + lastCovered + 1].isContinuation {
            cells[row + lastCovered + 1] = Cell(" ", style: cells[row + lastCovered + 1].style)
        }
        cells[row + x] = cell
        if width == 2 { cells[row + x + 1] = .continuation(style: cell.style) }
    }

    /// Splits a wide glyph at column x, if one crosses it, into plain blanks.
    private mutating func unpair(x: Int, y: Int) {
        guard contains(x: x, y: y) else { return }
        let row = y * size.columns
        if cells[row + x].isContinuation && x > 0 {
            cells[row + x - 1] = Cell(" ", style: cells[row + x - 1].style)
            cells[row + x] = Cell(" ", style: cells[row + x].style)
        }
        if x + 1 < size.columns && cells[row + x + 1].isContinuation {
            cells[row + x] = Cell(" ", style: cells[row + x].style)
            cells[row + x + 1] = Cell(" ", style: cells[row + x + 1].style)
        }
    }
}
