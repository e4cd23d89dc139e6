extension Buffer {
    /// Writes `text` from (x, y) rightwards, one grapheme per cell (two for wide glyphs),
    /// clipped to `clip` and the buffer.
    ///
    /// Zero-width characters on their own (ZWJ, direction marks, stray variation selectors) take no
    /// cell and are dropped; combining marks travel inside their base character's cluster. A wide
    /// glyph cut by either edge of the clip becomes a space in its visible column. Newlines are not
    /// interpreted: use ``TextLayout/wrap(_:width:)`` or ``Paragraph`` for several lines.
    /// - Returns: the column after the last cell written (or skipped by clipping).
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil)
        -> Int
    {
        let bounds = (clip ?? area).intersection(area)
        guard y >= bounds.y, y < bounds.maxY else { return x + DisplayWidth.of(text) }
        var column = x
        if DisplayWidth.isPrintableASCII(text) {
            // One cell a byte.
            for byte in text.utf8 {
                if column >= bounds.maxX { break }
                if column >= bounds.x {
                    put(Cell(String(UnicodeScalar(byte)), style: style), width: 1, x: column, y: y)
                }
                column += 1
            }
            return column
        }
        // Scalar by scalar when each is a cluster of its own, as in most localized copy:
        // grapheme breaking cost more than the writing.
        if DisplayWidth.isScalarPerCluster(text) {
            for scalar in text.unicodeScalars {
                guard place(String(scalar), width: DisplayWidth.of(scalar), at: &column, y: y, style, bounds)
                else { break }
            }
            return column
        }
        for character in text {
            guard
                place(String(character), width: DisplayWidth.of(character), at: &column, y: y, style, bounds)
            else { break }
        }
        return column
    }

    /// Puts one cluster of `width` columns at `column` (nothing when it has no width) and moves
    /// past it; false once the row is full.
    private mutating func place(
        _ symbol: String, width: Int, at column: inout Int, y: Int, _ style: Style, _ bounds: Rect
    ) -> Bool {
        if width == 0 { return true }
        if column >= bounds.maxX { return false }
        let end = column + width
        if column >= bounds.x && end <= bounds.maxX {
            put(Cell(symbol, style: style), width: width, x: column, y: y)
        } else if end > bounds.x {
            // Half of a wide glyph is visible: show a space rather than half a glyph.
            let visible = max(column, bounds.x)
            put(Cell(" ", style: style), width: 1, x: visible, y: y)
        }
        column = end
        return true
    }

    /// Writes one line of text into the first row of `rect`: reordered for display when it holds
    /// right-to-left text, cut with an ellipsis when too wide, and aligned.
    ///
    /// ```swift
    /// buffer.writeLine("Premium · 会員プラン", in: titleRow, style: theme[.accent], alignment: .center)
    /// ```
    /// - Parameter alignment: nil aligns right-to-left paragraphs to the trailing edge, others leading.
    /// - Returns: the rectangle the text occupies.
    @discardableResult
    public mutating func writeLine(
        _ text: String, in rect: Rect, style: Style = .plain, alignment: Alignment? = nil
    ) -> Rect {
        guard !rect.isEmpty else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let isRTL = BidiText.containsRightToLeft(text)
        let resolvedAlignment =
            alignment ?? (isRTL && BidiText.baseDirection(of: text) == .rightToLeft ? .trailing : .leading)
        var line = TextLayout.truncate(text, toWidth: rect.width)
        if isRTL { line = BidiText.visualOrder(line, direction: BidiText.baseDirection(of: text)) }
        let width = DisplayWidth.of(line)
        let x = rect.x + resolvedAlignment.offset(width: width, available: rect.width)
        write(line, x: x, y: rect.y, style: style, clip: rect)
        return Rect(x: x, y: rect.y, width: min(width, rect.width), height: 1)
    }
}
