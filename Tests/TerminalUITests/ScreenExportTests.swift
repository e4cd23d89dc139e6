import Testing

@testable import TerminalUI

/// Each export format from one small screen: styled spans, a wide glyph, markup to escape,
/// colours from the theme.
@Suite struct ScreenExportTests {
    let theme = Theme(
        name: "t",
        styles: [
            .surface: Style(foreground: .rgb(0x11, 0x22, 0x33), background: .rgb(0xF0, 0xF0, 0xF0)),
            .cta: Style(foreground: .indexed(231), background: .indexed(33), bold: true),
        ])

    /// Row 0: `<Buy & "go">` in the cta style from column 1; row 1: `界x` (a wide glyph), dim `d`.
    func screen() -> Buffer {
        var buffer = Buffer(size: Size(columns: 14, rows: 2), filling: Cell(" ", style: theme[.surface]))
        buffer.write("<Buy & \"go\">", x: 1, y: 0, style: theme[.cta])
        buffer.write("界x", x: 0, y: 1, style: theme[.surface])
        buffer.write(
            "d", x: 4, y: 1, style: Style(foreground: .rgb(0x11, 0x22, 0x33), dim: true, underline: true))
        return buffer
    }

    var export: ScreenExport { ScreenExport(screen(), palette: ExportPalette(theme: theme), title: "A & B") }

    @Test func formatsAreChosenByExtension() {
        #expect(ScreenFormat(path: "out/shot.SVG") == .svg)
        #expect(ScreenFormat(path: "a.html") == .html)
        #expect(ScreenFormat(path: "a.txt") == .text)
        #expect(ScreenFormat(path: "a.ans") == .ansi)
        #expect(ScreenFormat(path: "a.png") == nil)
        #expect(ScreenFormat(path: "dir.svg/file") == nil)
        #expect(ScreenFormat.extensionList == ".svg, .html, .txt, .ans")
    }

    @Test func svgHasOneTextPerStyledSpanInTheThemesColours() {
        let svg = export.render(.svg)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"146\" height=\"56\""))
        #expect(svg.contains("<title>A &amp; B</title>"))
        // The screen's background is the theme's surface, not the dark default.
        #expect(svg.contains("<rect width=\"146\" height=\"56\" rx=\"6\" fill=\"#f0f0f0\"/>"))
        // The call to action: escaped, one run, xterm 33's blue behind it, 231's white, bold.
        #expect(
            svg.contains(
                "<text x=\"19\" y=\"24\" textLength=\"108\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#ffffff\" "
                    + "class=\"b\">&lt;Buy &amp; &quot;go&quot;&gt;</text>"))
        #expect(svg.contains("<rect x=\"19\" y=\"10\" width=\"108\" height=\"18\" fill=\"#0087ff\"/>"))
        // The wide glyph, the x and a space share a span that covers four columns.
        #expect(
            svg.contains("textLength=\"36\" lengthAdjust=\"spacingAndGlyphs\" fill=\"#112233\">界x </text>"))
        #expect(svg.contains("class=\"u d\">d</text>"))
        // Blank spans in the surface colour draw nothing: three texts in all.
        #expect(svg.split(separator: "<text ", omittingEmptySubsequences: false).count - 1 == 3)
        #expect(svg.contains("font-family: 'DejaVu Sans Mono'"))
        // Cells are in visual order already (right-to-left text was laid out by the renderer): a
        // browser must not reorder Arabic or Hebrew a second time.
        #expect(svg.contains("direction: ltr; unicode-bidi: bidi-override;"))
    }

    @Test func htmlIsAPageOfStyledSpans() {
        let html = export.render(.html)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<title>A &amp; B</title>"))
        #expect(
            html.contains(
                "<span style=\"color:#ffffff;background:#0087ff;font-weight:bold\">&lt;Buy &amp; &quot;go&quot;&gt;</span>"
            ))
        let wide = "<span class=\"w\">界</span>"
        #expect(html.contains("\n\(wide)x <span style=\"text-decoration:underline;opacity:0.6\">d</span>"))
        #expect(
            html.contains("color: #112233; background: #f0f0f0; direction: ltr; unicode-bidi: bidi-override;")
        )
    }

    @Test func textIsThePlainScreen() {
        #expect(export.render(.text) == " <Buy & \"go\">\n界x d\n")
    }

    @Test func ansiResetsEachSpanAndEndsEachRowReset() {
        let ansi = export.render(.ansi)
        let rows = ansi.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.count == 3 && rows[2].isEmpty)
        #expect(
            rows[0].hasPrefix(
                "\u{1B}[0;38;2;17;34;51;48;2;240;240;240m \u{1B}[0;1;38;5;231;48;5;33m<Buy & \"go\">"))
        #expect(rows[1].contains("\u{1B}[0;2;4;38;2;17;34;51md"))
        #expect(rows.dropLast().allSatisfy { $0.hasSuffix("\u{1B}[0m") })
    }

    @Test func ansiUpdateSendsOnlyChangedRunsWithCursorMoves() {
        let before = screen()
        var after = before
        after.write("OK", x: 10, y: 1, style: .plain)
        let update = ScreenExport(after).ansiUpdate(from: before)
        #expect(update == "\u{1B}[2;11H\u{1B}[0mOK\u{1B}[0m")
        #expect(ScreenExport(after).ansiUpdate(from: after).isEmpty)
        let full = ScreenExport(after).ansiUpdate(from: nil)
        #expect(full.hasPrefix("\u{1B}[0m\u{1B}[2J\u{1B}[1;1H"))
        #expect(full.contains("\u{1B}[2;1H"))
    }

    @Test func paletteFallsBackToADarkTerminalForDefaultColours() {
        let palette = ExportPalette(theme: .monochrome)
        #expect(palette.background.description == "#1c1c1c")
        let reversed = palette.colors(of: Style(reverse: true))
        #expect(reversed.foreground == palette.background && reversed.background == palette.foreground)
        #expect(ExportPalette.rgb(.indexed(196))?.description == "#ff0000")
    }

    @Test func asciicastLinesAreJSON() {
        #expect(
            Asciicast.header(size: Size(columns: 80, rows: 24), timestamp: 5, title: "a\"b")
                == #"{"version": 2, "width": 80, "height": 24, "timestamp": 5, "idle_time_limit": 2.0, "env": {"TERM": "xterm-256color"}, "title": "a\"b"}"#
        )
        #expect(Asciicast.marker("Buying › ⌨ down", at: 2) == #"[2.000000, "m", "Buying › ⌨ down"]"#)
        #expect(Asciicast.output("\u{1B}[1mé\n", at: 1.5) == #"[1.500000, "o", "\u001b[1mé\n"]"#)
        #expect(Asciicast.resize(Size(columns: 100, rows: 30), at: 0.000001) == #"[0.000001, "r", "100x30"]"#)
    }

    @Test func controlCharactersNeverReachMarkup() {
        #expect(Markup.escape("a\u{7}b") == "a\u{FFFD}b")
    }
}
