/// A rendered ``Buffer`` as a file people can share: SVG, HTML, plain text or ANSI
/// (see ``ScreenFormat``). Pure: the same buffer and palette give the same bytes, so exported
/// screenshots can be checked in and compared.
///
/// Cells keep the colours the theme gave them, so render with the theme as written (not
/// ``Theme/resolved(for:)``) to export its true colours; the palette supplies what the
/// terminal's own `default` foreground and background would be.
///
/// ```swift
/// let export = ScreenExport(frame.buffer, palette: ExportPalette(theme: theme), title: "Paywall")
/// try export.render(.svg).write(to: url, atomically: true, encoding: .utf8)
/// ```
public struct ScreenExport: Sendable {
    public var buffer: Buffer
    public var palette: ExportPalette
    /// The document's title (SVG `<title>`, HTML `<title>`).
    public var title: String

    public init(_ buffer: Buffer, palette: ExportPalette = ExportPalette(), title: String = "Kiosk") {
        self.buffer = buffer
        self.palette = palette
        self.title = title
    }

    /// The screen in `format`.
    public func render(_ format: ScreenFormat) -> String {
        switch format {
        case .svg: svg()
        case .html: html()
        case .text: buffer.plainText + "\n"
        case .ansi: ansi()
        }
    }

    /// Row `y` cut where the style changes: each span is the text of consecutive cells sharing a
    /// style. A wide glyph's continuation widens its span without adding text.
    func spans(row y: Int) -> [Span] {
        spans(of: buffer.cells[y * buffer.size.columns..<(y + 1) * buffer.size.columns], x: 0)
    }

    func spans(of cells: ArraySlice<Cell>, x start: Int) -> [Span] {
        var spans: [Span] = []
        var x = start
        for cell in cells {
            defer { x += 1 }
            if let last = spans.last, last.style == cell.style || cell.isContinuation {
                spans[spans.count - 1].width += 1
                spans[spans.count - 1].text += cell.symbol
            } else {
                spans.append(Span(x: x, width: 1, text: cell.symbol, style: cell.style))
            }
        }
        return spans
    }
}

/// Consecutive cells of one row in one style.
struct Span: Hashable {
    /// The first column.
    var x: Int
    /// Columns covered (a wide glyph counts two).
    var width: Int
    var text: String
    var style: Style

    /// Whether the span shows nothing but its background.
    var isBlank: Bool { text.allSatisfy { $0 == " " } && !style.underline }
}

/// The colours an export paints with: the terminal's default foreground and background (for
/// cells whose colour is `default`) and the RGB of every colour a cell can hold.
public struct ExportPalette: Hashable, Sendable {
    public var foreground: RGB
    public var background: RGB

    /// A dark terminal's defaults, as most screenshots of terminal apps show.
    public init(foreground: RGB = RGB(0xE5, 0xE5, 0xE5), background: RGB = RGB(0x1C, 0x1C, 0x1C)) {
        self.foreground = foreground
        self.background = background
    }

    /// The theme's surface colours where it sets them, the dark defaults where it leaves them to
    /// the terminal.
    public init(theme: Theme) {
        self.init()
        let surface = theme[.surface]
        if let colour = Self.rgb(surface.foreground) { foreground = colour }
        if let colour = Self.rgb(surface.background) { background = colour }
    }

    /// The colour of `style`'s text and background, with reverse applied.
    public func colors(of style: Style) -> (foreground: RGB, background: RGB) {
        let fg = Self.rgb(style.foreground) ?? foreground
        let bg = Self.rgb(style.background) ?? background
        return style.reverse ? (bg, fg) : (fg, bg)
    }

    /// The RGB of a colour, nil for the terminal's default.
    public static func rgb(_ color: Color) -> RGB? {
        switch color {
        case .default: nil
        case .rgb(let r, let g, let b): RGB(r, g, b)
        case .indexed(let index):
            { RGB(UInt8($0.r), UInt8($0.g), UInt8($0.b)) }(Color.xtermRGB(index))
        }
    }
}

/// A true colour.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `#rrggbb`, lower case.
    public var description: String {
        "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
