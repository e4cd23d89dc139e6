import Foundation
import TerminalUI

/// A finding of the App Review checks (`kiosk lint --review`) about one picture of the gallery:
/// shown beside the picture of its template, locale and state (every theme's).
struct GalleryFinding: Sendable, Hashable, Codable {
    var template: String
    var locale: String
    var state: String
    var message: String
}

/// One picture of the gallery: the file beside `index.html` and what it shows.
struct GalleryEntry: Sendable, Hashable {
    var file: String
    var template: String
    var theme: String
    var locale: String
    var state: String
    var caption: String
    /// The SVG's size in pixels, so the page lays out before the images load.
    var width: Int
    var height: Int
}

/// The gallery's `index.html`: a section per template and theme, a figure per locale and state
/// with its caption and findings. A script records, once the page has loaded, how many images
/// loaded and their natural widths in `#image-report`, which a headless browser's DOM dump shows.
enum GalleryPage {
    static func html(entries: [GalleryEntry], findings: [GalleryFinding], title: String) -> String {
        var body: [String] = []
        let shown = Set(entries.map { key($0.template, $0.locale, $0.state) })
        let orphans = findings.filter { !shown.contains(key($0.template, $0.locale, $0.state)) }
        if !orphans.isEmpty {
            body.append("<section class=\"orphans\"><h2>Findings without a picture here</h2><ul>")
            body += orphans.map {
                "<li class=\"finding\">\(Markup.escapeText("\($0.template) · \($0.locale) · \($0.state)")): \(Markup.escapeText($0.message))</li>"
            }
            body.append("</ul></section>")
        }
        var sections: [(String, [GalleryEntry])] = []
        for entry in entries {
            let heading = "\(entry.template) · \(entry.theme)"
            if sections.last?.0 == heading {
                sections[sections.count - 1].1.append(entry)
            } else {
                sections.append((heading, [entry]))
            }
        }
        for (heading, group) in sections { body.append(table(heading, group, findings: findings)) }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(Markup.escapeText(title))</title>
            <style>
            body { font-family: system-ui, sans-serif; background: #f4f4f5; color: #18181b; margin: 24px; }
            .matrix { overflow-x: auto; }
            table { border-spacing: 12px; }
            th { font-weight: 600; text-align: left; font-size: 14px; }
            td { vertical-align: top; }
            figure { margin: 0; background: #fff; padding: 8px; border-radius: 8px; width: 360px; }
            figure img { display: block; width: 360px; height: auto; }
            figcaption { font-size: 13px; margin-top: 6px; }
            .finding { color: #b91c1c; font-size: 13px; }
            figure.flagged { outline: 3px solid #b91c1c; }
            </style>
            </head>
            <body>
            <h1>\(Markup.escapeText(title))</h1>
            <p>\(entries.count) pictures, \(findings.count) findings.</p>
            \(body.joined(separator: "\n"))
            <pre id="image-report">not loaded</pre>
            <script>
            window.addEventListener("load", function () {
              var widths = Array.prototype.map.call(document.images, function (image) {
                return image.complete ? image.naturalWidth : 0;
              });
              var loaded = widths.filter(function (width) { return width > 0; }).length;
              document.getElementById("image-report").textContent =
                "images=" + widths.length + " loaded=" + loaded + " widths=" + widths.join(",");
            });
            </script>
            </body>
            </html>

            """
    }

    /// One template and theme as a matrix: a row per locale, a column per state, in the order
    /// the entries came.
    private static func table(_ heading: String, _ group: [GalleryEntry], findings: [GalleryFinding])
        -> String
    {
        var locales: [String] = []
        var states: [String] = []
        for entry in group {
            if !locales.contains(entry.locale) { locales.append(entry.locale) }
            if !states.contains(entry.state) { states.append(entry.state) }
        }
        var lines = [
            "<section><h2>\(Markup.escapeText(heading))</h2><div class=\"matrix\"><table>",
            "<tr><th></th>" + states.map { "<th>\(Markup.escapeText($0))</th>" }.joined() + "</tr>",
        ]
        for locale in locales {
            var row = "<tr><th>\(Markup.escapeText(locale))</th>"
            for state in states {
                let cell = group.first { $0.locale == locale && $0.state == state }
                row += "<td>" + (cell.map { figure($0, findings: findings) } ?? "") + "</td>"
            }
            lines.append(row + "</tr>")
        }
        lines.append("</table></div></section>")
        return lines.joined(separator: "\n")
    }

    private static func figure(_ entry: GalleryEntry, findings: [GalleryFinding]) -> String {
        let mine = findings.filter {
            $0.template == entry.template && $0.locale == entry.locale && $0.state == entry.state
        }
        var lines = [
            "<figure class=\"\(mine.isEmpty ? "shot" : "shot flagged")\" data-template=\"\(Markup.escapeText(entry.template))\" "
                + "data-theme=\"\(Markup.escapeText(entry.theme))\" data-locale=\"\(Markup.escapeText(entry.locale))\" "
                + "data-state=\"\(Markup.escapeText(entry.state))\">",
            "<a href=\"\(Markup.escapeText(entry.file))\"><img src=\"\(Markup.escapeText(entry.file))\" width=\"\(entry.width)\" "
                + "height=\"\(entry.height)\" alt=\"\(Markup.escapeText(entry.caption))\"></a>",
            "<figcaption>\(Markup.escapeText(entry.caption))</figcaption>",
        ]
        if !mine.isEmpty {
            lines.append("<ul class=\"findings\">")
            lines += mine.map { "<li class=\"finding\">\(Markup.escapeText($0.message))</li>" }
            lines.append("</ul>")
        }
        lines.append("</figure>")
        return lines.joined(separator: "\n")
    }

    private static func key(_ template: String, _ locale: String, _ state: String) -> String {
        "\(template)\u{1}\(locale)\u{1}\(state)"
    }

}
