import TerminalUI

/// A rendered screen: the buffer to draw and where clicks land.
public struct Frame: Sendable {
    public var buffer: Buffer
    /// Click targets, topmost last.
    public var targets: [(rect: Rect, target: HitTarget)]
    /// Where the text cursor goes (a focused text field), if anywhere.
    public var cursor: Point?

    public init(buffer: Buffer, targets: [(rect: Rect, target: HitTarget)] = [], cursor: Point? = nil) {
        self.buffer = buffer
        self.targets = targets
        self.cursor = cursor
    }

    /// The target under `point`, the topmost when several overlap.
    public func target(at point: Point) -> HitTarget? {
        targets.last { $0.rect.contains(point) }?.target
    }
}

/// What screen renderers draw with: the buffer, the theme, and the click targets collected.
struct Canvas {
    var buffer: Buffer
    let theme: Theme
    var targets: [(rect: Rect, target: HitTarget)] = []
    var cursor: Point?

    init(size: Size, theme: Theme) {
        self.theme = theme
        buffer = Buffer(size: size, filling: Cell(" ", style: theme[.surface]))
    }

    subscript(role: ThemeRole) -> Style { theme[role].patchedOver(theme[.surface]) }

    /// Draws a `[ label ]` button and records it as a click target.
    @discardableResult
    mutating func button(
        _ label: String, at rect: Rect, focused: Bool = false, role: ThemeRole = .text,
        target: HitTarget
    ) -> Rect {
        // Buttons write their label as is: Arabic and Hebrew labels are put in display order here.
        let shown = BidiText.containsRightToLeft(label) ? BidiText.visualOrder(label) : label
        let button = Button(shown, isFocused: focused, style: self[role], focusedStyle: self[.focus])
        let area = Rect(x: rect.x, y: rect.y, width: min(button.width, rect.width), height: 1)
        button.render(in: area, buffer: &buffer)
        targets.append((area, target))
        return area
    }

    @discardableResult
    mutating func text(_ text: String, in rect: Rect, role: ThemeRole = .text, alignment: Alignment? = nil)
        -> Rect
    {
        buffer.writeLine(text, in: rect, style: self[role], alignment: alignment)
    }

    @discardableResult
    mutating func text(_ text: String, in rect: Rect, style: Style, alignment: Alignment? = nil) -> Rect {
        buffer.writeLine(text, in: rect, style: style, alignment: alignment)
    }
}

extension Style {
    /// This style on top of a surface: the surface's background shows where this has none.
    func patchedOver(_ surface: Style) -> Style { surface.patched(with: self) }
}
