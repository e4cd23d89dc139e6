extension ScreenExport {
    /// Geometry of the SVG: a cell is 9 by 18 pixels at a 15-pixel font (monospace advance is
    /// 0.6 em), inside a 10-pixel margin. Every `<text>` also carries `textLength`, so a fallback
    /// font with another advance still fills exactly its columns, as Rich's export does.
    enum SVGMetrics {
        static let cellWidth = 9
        static let lineHeight = 18
        static let fontSize = 15
        static let baseline = 14
        static let margin = 10
        static let fontFamily =
            "'DejaVu Sans Mono', 'Menlo', 'Consolas', 'Liberation Mono', 'Noto Sans Mono CJK SC', monospace"
    }

    /// The SVG's width and height in pixels.
    public var svgSize: (width: Int, height: Int) {
        (
            buffer.size.columns * SVGMetrics.cellWidth + 2 * SVGMetrics.margin,
            buffer.size.rows * SVGMetrics.lineHeight + 2 * SVGMetrics.margin
        )
    }

    /// The screen as an SVG document: a background, a `<rect>` per span whose background differs
    /// from the screen's, and a `<text>` per styled span that shows something.
    func svg() -> String {
        typealias M = SVGMetrics
        let (width, height) = svgSize
        var rects: [String] = []
        var texts: [String] = []
        for y in 0..<buffer.size.rows {
            let top = M.margin + y * M.lineHeight
            for span in spans(row: y) {
                let colors = palette.colors(of: span.style)
                let left = M.margin + span.x * M.cellWidth
                let spanWidth = span.width * M.cellWidth
                if colors.background != palette.background {
                    rects.append(
                        "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(spanWidth)\" height=\"\(M.lineHeight)\" "
                            + "fill=\"\(colors.background)\"/>")
                }
                if span.isBlank { continue }
                let classes = svgClasses(span.style)
                texts.append(
                    "<text x=\"\(left)\" y=\"\(top + M.baseline)\" textLength=\"\(spanWidth)\" "
                        + "lengthAdjust=\"spacingAndGlyphs\" fill=\"\(colors.foreground)\""
                        + (classes.isEmpty ? "" : " class=\"\(classes)\"") + ">"
                        + Markup.escape(span.text) + "</text>")
            }
        }
        // The cells are already in the order they are seen (the renderer laid right-to-left text
        // out): the browser must draw them as they are, not reorder them a second time.
        let style = """
            text { font-family: \(M.fontFamily); font-size: \(M.fontSize)px; white-space: pre; \
            direction: ltr; unicode-bidi: bidi-override; }
            .b { font-weight: bold; } .i { font-style: italic; } .u { text-decoration: underline; }
            .d { opacity: 0.6; }
            """
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" role="img" aria-label="\(Markup.escape(title))">
            <title>\(Markup.escape(title))</title>
            <style>
            \(style)
            </style>
            <rect width="\(width)" height="\(height)" rx="6" fill="\(palette.background)"/>
            <g shape-rendering="crispEdges">
            \(rects.joined(separator: "\n"))
            </g>
            <g xml:space="preserve">
            \(texts.joined(separator: "\n"))
            </g>
            </svg>

            """
    }

    private func svgClasses(_ style: Style) -> String {
        var classes: [String] = []
        if style.bold { classes.append("b") }
        if style.italic { classes.append("i") }
        if style.underline { classes.append("u") }
        if style.dim { classes.append("d") }
        return classes.joined(separator: " ")
    }
}

/// Escaping for XML and HTML text and attribute values.
public enum Markup {
    /// `&`, `<`, `>` and `"` as entities, everything else as it is (line breaks included): for
    /// HTML and XML text and double-quoted attributes of pages and reports.
    public static func escapeText(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `&`, `<`, `>`, `"` and `'` as entities; control characters (which XML 1.0 forbids) as U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                    result.unicodeScalars.append("\u{FFFD}")
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
