/// A one-line button drawn as `[ Label ]`, in its focused style when it has focus.
///
/// The brackets keep buttons recognisable without colour; the focused style (typically the
/// theme's `focus` role, reverse video in monochrome) marks which one Enter activates.
public struct Button: Widget, Sendable {
    public var label: String
    public var isFocused: Bool
    public var style: Style
    public var focusedStyle: Style

    public init(
        _ label: String, isFocused: Bool = false, style: Style = .plain,
        focusedStyle: Style = Style(reverse: true)
    ) {
        self.label = label
        self.isFocused = isFocused
        self.style = style
        self.focusedStyle = focusedStyle
    }

    /// Columns the button takes when not cut: the label plus `[ ` and ` ]`.
    public var width: Int { DisplayWidth.of(label) + 4 }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let label = TextLayout.truncate(self.label, toWidth: max(0, area.width - 4))
        let text = area.width >= 5 ? "[ \(label) ]" : TextLayout.truncate(self.label, toWidth: area.width)
        buffer.write(text, x: area.x, y: area.y, style: isFocused ? focusedStyle : style, clip: area.row(0))
    }
}
