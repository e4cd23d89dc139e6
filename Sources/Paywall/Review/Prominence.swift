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
