import CNCursesW
import TerminalUI

/// Maps styles to ncurses attributes and colour pairs, allocating each (foreground, background)
/// pair once. Terminals have a limited number of pairs (64 on `xterm`, 65,536 on `xterm-256color`,
/// of which a `short` reaches 32,767); when they run out, further styles fall back to pair 0.
struct ColorPairs {
    private struct Key: Hashable {
        var foreground: Int16
        var background: Int16
    }

    let capability: ColorCapability
    private var pairs: [Key: Int16] = [:]

    init(capability: ColorCapability) { self.capability = capability }

    func attributes(_ style: Style) -> attr_t {
        var attributes = cncursesw_a_normal()
        if style.bold { attributes |= cncursesw_a_bold() }
        if style.dim { attributes |= cncursesw_a_dim() }
        if style.underline { attributes |= cncursesw_a_underline() }
        if style.reverse { attributes |= cncursesw_a_reverse() }
        if style.italic { attributes |= cncursesw_a_italic() }
        return attributes
    }

    mutating func pair(for style: Style) -> Int16 {
        guard capability != .none else { return 0 }
        let key = Key(foreground: number(style.foreground), background: number(style.background))
        if key.foreground == -1 && key.background == -1 { return 0 }
        if let pair = pairs[key] { return pair }
        let next = pairs.count + 1
        guard next < min(Int(cncursesw_color_pairs()), Int(Int16.max)) else { return 0 }
        init_pair(Int16(next), key.foreground, key.background)
        pairs[key] = Int16(next)
        return Int16(next)
    }

    /// The ncurses colour number: -1 for the terminal default (after `use_default_colors`).
    private func number(_ color: Color) -> Int16 {
        switch color.downgraded(to: capability) {
        case .indexed(let index): Int32(index) < cncursesw_colors() ? Int16(index) : Int16(index % 8)
        case .default, .rgb: -1
        }
    }
}
