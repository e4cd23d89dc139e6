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
            .filter { $0.symbol.trimmingCharacters(in: .whitespaces) != "" }
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

/// The text of a buffer's rows with, for every character, the column it starts in.
struct ScreenText {
    var rows: [(text: [Character], columns: [Int])]
    /// All the text with every whitespace removed, rows joined: wrapped sentences read whole.
    let squeezed: String

    init(_ buffer: Buffer) {
        rows = (0..<buffer.size.rows).map { y in
            var text: [Character] = []
            var columns: [Int] = []
            for x in 0..<buffer.size.columns {
                let cell = buffer[x, y]
                guard !cell.isContinuation else { continue }
                for character in cell.symbol {
                    text.append(character)
                    columns.append(x)
                }
            }
            return (text, columns)
        }
        squeezed = String(rows.flatMap(\.text).filter { !$0.isWhitespace })
    }

    /// Every place `needle` shows, as (column, row, width), not inside a longer number or
    /// price ("$9.99" is not found in "$19.99").
    func occurrences(of needle: String) -> [(x: Int, y: Int, width: Int)] {
        let pattern = Array(needle)
        guard !pattern.isEmpty else { return [] }
        var found: [(Int, Int, Int)] = []
        for (y, row) in rows.enumerated() where row.text.count >= pattern.count {
            for start in 0...(row.text.count - pattern.count)
            where Array(row.text[start..<(start + pattern.count)]) == pattern {
                if start > 0, Self.continuesNumber(row.text[start - 1]) { continue }
                let end = start + pattern.count
                if end < row.text.count, Self.continuesNumber(row.text[end]), row.text[end - 1].isNumber {
                    continue
                }
                let endColumn = end < row.columns.count ? row.columns[end] : (row.columns.last ?? 0) + 1
                found.append((row.columns[start], y, endColumn - row.columns[start]))
            }
        }
        return found
    }

    private static func continuesNumber(_ character: Character) -> Bool {
        character.isNumber || character == "." || character == ","
    }
}
