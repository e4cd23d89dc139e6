extension ScreenExport {
    /// The screen as a standalone HTML page: one `<pre>` with a `<span>` per styled span, in the
    /// palette's true colours (the shape of Rich's `export_html`).
    func html() -> String {
        var lines: [String] = []
        for y in 0..<buffer.size.rows {
            var line = ""
            for span in spans(row: y) {
                let declarations = cssDeclarations(span.style)
                let text = Self.htmlText(span.text)
                line += declarations.isEmpty ? text : "<span style=\"\(declarations)\">\(text)</span>"
            }
            lines.append(line)
        }
        let family = SVGMetrics.fontFamily
        return """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <title>\(Markup.escape(title))</title>
            <style>
            body { margin: 0; background: \(palette.background); }
            pre { margin: 0; padding: 10px; font-family: \(family); font-size: 15px; line-height: 18px; \
            color: \(palette.foreground); background: \(palette.background); \
            direction: ltr; unicode-bidi: bidi-override; }
            .w { display: inline-block; width: 2ch; text-align: center; }
            </style>
            </head>
            <body>
            <pre>\(lines.joined(separator: "\n"))</pre>
            </body>
            </html>

            """
    }

    /// Escaped text, each wide (two-column) character in a box exactly two columns wide, so a
    /// CJK fallback font whose glyphs are not twice the Latin advance keeps the row aligned.
    static func htmlText(_ text: String) -> String {
        var result = ""
        for character in text {
            let escaped = Markup.escape(String(character))
            result += DisplayWidth.of(character) == 2 ? "<span class=\"w\">\(escaped)</span>" : escaped
        }
        return result
    }

    /// The inline CSS of a span: only what differs from the page's defaults.
    private func cssDeclarations(_ style: Style) -> String {
        let colors = palette.colors(of: style)
        var parts: [String] = []
        if colors.foreground != palette.foreground { parts.append("color:\(colors.foreground)") }
        if colors.background != palette.background { parts.append("background:\(colors.background)") }
        if style.bold { parts.append("font-weight:bold") }
        if style.italic { parts.append("font-style:italic") }
        if style.underline { parts.append("text-decoration:underline") }
        if style.dim { parts.append("opacity:0.6") }
        return parts.joined(separator: ";")
    }
}
