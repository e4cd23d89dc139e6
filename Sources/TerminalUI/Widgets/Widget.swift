/// A widget is a pure command that paints onto a region of a ``Buffer``.
///
/// Widgets hold their inputs (text, styles, focus) as plain values, so a screen is a function
/// `(State, Theme, Size) -> Buffer` that builds widgets and renders them:
///
/// ```swift
/// var buffer = Buffer(size: size)
/// let box = Box(title: "Premium", border: .rounded, style: theme[.border])
/// box.render(in: buffer.area, buffer: &buffer)
/// Button("Subscribe", isFocused: true, style: theme[.cta], focusedStyle: theme[.focus])
///     .render(in: box.inner(buffer.area).row(2), buffer: &buffer)
/// ```
///
/// A widget draws only inside `area` and copes with any size, down to empty.
public protocol Widget {
    /// Paints the widget inside `area` of `buffer`.
    func render(in area: Rect, buffer: inout Buffer)
}
