import Foundation
import TerminalUI

/// How prominent a run of rendered cells is, decided from the cells alone (docs/catalogs.md,
/// "How prominence is judged"):
///
/// - the colour role: 0 for de-emphasised text (the theme's `muted` style, or dim), 2 for
///   emphasised text (a foreground of `accent`, `cta`, `ctaText` or `focus`, or any background
///   other than the surface's: buttons, badges, selections), 1 for anything else;
/// - bold adds 1 on top of twice the role's weight;
/// - a region taller than one row (the background reaching the rows above or below, as in a
///   large call-to-action button) adds 1.
///
/// So a bold accent price scores 5, a plain price 2, a muted per-month breakdown 0 or 1.
struct Prominence {
    let theme: Theme

    private var surface: Style { theme[.surface] }

    private func style(_ role: ThemeRole) -> Style { surface.patched(with: theme[role]) }

    /// The score of `width` cells from (x, y).
    func score(_ buffer: Buffer, x: Int, y: Int, width: Int) -> Int {
        let cells = (x..<min(buffer.size.columns, x + width)).map { buffer[$0, y] }
            .filter { !$0.symbol.unicodeScalars.allSatisfy(ScreenText.isWhitespace) }
        guard let style = cells.first?.style else { return 0 }
        var score = 2 * weight(style) + (style.bold ? 1 : 0)
        if style.background != surface.background || style.reverse {
            let above = y > 0 && buffer[x, y - 1].style.background == style.background
            let below = y + 1 < buffer.size.rows && buffer[x, y + 1].style.background == style.background
            if above || below { score += 1 }
        }
        return score
    }

    private func weight(_ style: Style) -> Int {
        let muted = self.style(.muted)
        if style.dim || (style.foreground == muted.foreground && style.background == muted.background) {
            return 0
        }
        if style.background != surface.background || style.reverse { return 2 }
        let emphasis: [ThemeRole] = [.accent, .cta, .ctaText, .focus]
        let emphasised = emphasis.contains { self.style($0).foreground == style.foreground }
        if emphasised && style.foreground != surface.foreground {
            return 2
        }
        return 1
    }
}

/// The text of a buffer's rows, as Unicode scalars with, for every scalar, the column its cell
/// starts in. Searched scalar by scalar: a review searches thousands of screens, and comparing
/// `Character`s (or bridging to `NSString`) cost most of its time.
struct ScreenText {
    var rows: [(text: [Unicode.Scalar], columns: [Int])]
    /// All the text with every whitespace removed, rows joined: wrapped sentences read whole.
    let squeezedScalars: [Unicode.Scalar]

    init(_ buffer: Buffer) {
        // One pass over the cells, in place (no copy of a cell), builds the rows and the
        // squeezed text: a review builds one of these for every screen it checks.
        let columnCount = buffer.size.columns
        var squeezed: [Unicode.Scalar] = []
        squeezed.reserveCapacity(buffer.cells.count)
        var rows: [(text: [Unicode.Scalar], columns: [Int])] = []
        rows.reserveCapacity(buffer.size.rows)
        buffer.cells.withUnsafeBufferPointer { cells in
            for y in 0..<buffer.size.rows {
                var text: [Unicode.Scalar] = []
                var columns: [Int] = []
                text.reserveCapacity(columnCount)
                columns.reserveCapacity(columnCount)
                for x in 0..<columnCount {
                    let symbol = cells[y * columnCount + x].symbol
                    let utf8 = symbol.utf8
                    // A continuation (the right half of a wide glyph) holds nothing.
                    guard let first = utf8.first else { continue }
                    if first < 0x80 {
                        // A cell that starts with an ASCII byte is that one scalar (almost all of
                        // them), but for a cluster such as "e" and a combining mark.
                        if utf8.count == 1 {
                            let scalar = Unicode.Scalar(first)
                            text.append(scalar)
                            columns.append(x)
                            if !Self.isWhitespace(scalar) { squeezed.append(scalar) }
                            continue
                        }
                    }
                    for scalar in symbol.unicodeScalars {
                        text.append(scalar)
                        columns.append(x)
                        if !Self.isWhitespace(scalar) { squeezed.append(scalar) }
                    }
                }
                rows.append((text, columns))
            }
        }
        self.rows = rows
        squeezedScalars = squeezed
    }

    /// The squeezed text as a string.
    var squeezed: String { String(String.UnicodeScalarView(squeezedScalars)) }

    /// Whether the squeezed text contains `text` with its whitespace removed.
    func squeezedContains(_ text: String) -> Bool {
        let needle = text.unicodeScalars.filter { !Self.isWhitespace($0) }
        return Self.firstIndex(of: needle, in: squeezedScalars[...]) != nil
    }

    /// Every place `needle` shows, as (column, row, width), not inside a longer number or
    /// price ("$9.99" is not found in "$19.99").
    func occurrences(of needle: String) -> [(x: Int, y: Int, width: Int)] {
        let pattern = Array(needle.unicodeScalars)
        guard !pattern.isEmpty else { return [] }
        var found: [(Int, Int, Int)] = []
        for (y, row) in rows.enumerated() where row.text.count >= pattern.count {
            var rest = row.text[...]
            while let start = Self.firstIndex(of: pattern, in: rest) {
                rest = row.text[(start + 1)...]
                if start > 0, Self.continuesNumber(row.text[start - 1]) { continue }
                let end = start + pattern.count
                if end < row.text.count, Self.continuesNumber(row.text[end]),
                    row.text[end - 1].properties.numericType != nil
                {
                    continue
                }
                let endColumn = end < row.columns.count ? row.columns[end] : (row.columns.last ?? 0) + 1
                found.append((row.columns[start], y, endColumn - row.columns[start]))
            }
        }
        return found
    }

    /// Where `pattern` first starts in `text` (an index of `text`'s base), nil when nowhere.
    static func firstIndex<Pattern: Collection<Unicode.Scalar>>(
        of pattern: Pattern, in text: ArraySlice<Unicode.Scalar>
    ) -> Int? {
        guard let first = pattern.first, pattern.count <= text.count else {
            return pattern.isEmpty ? text.startIndex : nil
        }
        let rest = pattern.dropFirst()
        var index = text.startIndex
        let last = text.endIndex - pattern.count
        while index <= last {
            if text[index] == first, text[(index + 1)...].starts(with: rest) { return index }
            index += 1
        }
        return nil
    }

    /// Unicode's White_Space property (PropList.txt, unchanged since Unicode 6.3), answered from
    /// the code point: a frame's box-drawing borders made the property lookup a review's hot spot.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            true
        default: false
        }
    }

    private static func continuesNumber(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericType != nil || scalar == "." || scalar == ","
    }
}
