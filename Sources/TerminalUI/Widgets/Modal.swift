/// A centred panel over the current screen (confirm purchase, errors, help).
///
/// Rendering first dims everything under it (or clears it, with `backdrop: .clear`) so the panel
/// reads as in front, then draws a filled box. Draw the panel's content into ``contentRect(in:)``
/// afterwards.
public struct Modal: Widget, Sendable {
    /// What happens to the screen behind the panel.
    public enum Backdrop: Hashable, Sendable {
        case dim
        case clear
        case keep
    }

    public var title: String
    /// The panel's preferred size, including its border; shrunk to fit the screen.
    public var size: Size
    public var border: Border
    public var style: Style
    public var borderStyle: Style
    public var backdrop: Backdrop

    public init(
        title: String = "", size: Size, border: Border = .rounded, style: Style = .plain,
        borderStyle: Style? = nil, backdrop: Backdrop = .dim
    ) {
        self.title = title
        self.size = size
        self.border = border
        self.style = style
        self.borderStyle = borderStyle ?? style
        self.backdrop = backdrop
    }

    /// The panel's rectangle, border included.
    public func panelRect(in area: Rect) -> Rect { area.centered(size) }

    /// The rectangle inside the border, with one column of padding each side.
    public func contentRect(in area: Rect) -> Rect {
        panelRect(in: area).inset(top: 1, left: 2, bottom: 1, right: 2)
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        switch backdrop {
        case .dim: buffer.patchStyle(Style(dim: true), in: area)
        case .clear: buffer.fill(area, with: .blank)
        case .keep: break
        }
        Box(title: title, border: border, style: borderStyle, fill: style).render(
            in: panelRect(in: area), buffer: &buffer)
    }
}
