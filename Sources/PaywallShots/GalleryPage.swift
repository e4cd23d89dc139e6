import CatalogReview
import Foundation
import TerminalUI

/// A finding of the App Review checks (`kiosk lint --review`) about one picture of the gallery:
/// shown beside the picture of its template, locale and state (every theme's).
public struct GalleryFinding: Sendable, Hashable, Codable {
    public var template: String
    public var locale: String
    public var state: String
    public var message: String

    public init(template: String, locale: String, state: String, message: String) {
        self.template = template
        self.locale = locale
        self.state = state
        self.message = message
    }
}

/// One picture of the gallery: the file beside `index.html` and what it shows.
public struct GalleryEntry: Sendable, Hashable {
    public var file: String
    public var template: String
    public var theme: String
    public var locale: String
    public var state: String
    public var caption: String
    /// The SVG's size in pixels, so the page lays out before the images load.
    public var width: Int
    public var height: Int

    public init(
        file: String, template: String, theme: String, locale: String, state: String, caption: String,
        width: Int, height: Int
    ) {
        self.file = file
        self.template = template
        self.theme = theme
        self.locale = locale
        self.state = state
        self.caption = caption
        self.width = width
        self.height = height
    }

    /// The figure's `id`, for links from the list of causes.
    public var anchor: String { "shot-" + file.replacingOccurrences(of: ".", with: "-") }
}

/// The gallery's `index.html`, for a designer: a bar of filters (template, locale, theme, state)
/// that stays on top, a section per template and theme whose heading and column heads stay in
/// view while scrolling, a figure per locale and state (a click shows it large), and with a
/// review, each cause of its findings once at the top with links to its pictures and once beside
/// each picture it concerns. Nothing on the page is there for tests: once the images load, a
/// script records how many loaded and their widths in the root element's `data-image-report`.
public enum GalleryPage {
    public static func html(entries: [GalleryEntry], findings: [GalleryFinding], title: String) -> String {
        var body: [String] = [filters(entries)]
        body.append(causes(entries: entries, findings: findings))
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
            \(style)
            </style>
            </head>
            <body>
            <header class="bar">
            <h1>\(Markup.escapeText(title))</h1>
            \(body.joined(separator: "\n"))
            <dialog id="viewer"><figure><img alt=""><figcaption></figcaption></figure><p class="hint">Click or press Escape to close</p></dialog>
            <script>
            \(script)
            </script>
            </body>
            </html>

            """
    }

    private static let style = """
        body { font-family: system-ui, sans-serif; background: #f4f4f5; color: #18181b; margin: 0; }
        header.bar { position: sticky; top: 0; z-index: 3; background: #18181b; color: #fafafa;
          display: flex; flex-wrap: wrap; gap: 12px; align-items: center; padding: 10px 24px; }
        header.bar h1 { font-size: 18px; margin: 0 12px 0 0; }
        header.bar label { font-size: 13px; }
        header.bar select { margin-left: 4px; }
        header.bar .count { font-size: 13px; color: #a1a1aa; }
        main { padding: 0 24px 24px; }
        section h2 { position: sticky; top: 48px; z-index: 2; background: #f4f4f5; margin: 0;
          padding: 12px 0 6px; font-size: 16px; }
        /* No scroll box of its own: a sticky head inside one would stick to the box, not the window. */
        .matrix { width: max-content; }
        table { border-spacing: 12px; }
        thead th { position: sticky; top: 86px; z-index: 1; background: #f4f4f5; }
        th { font-weight: 600; text-align: left; font-size: 14px; }
        tbody th { position: sticky; left: 0; background: #f4f4f5; }
        td { vertical-align: top; }
        figure.shot { margin: 0; background: #fff; padding: 8px; border-radius: 8px; width: 360px; cursor: zoom-in; }
        figure.shot img { display: block; width: 360px; height: auto; }
        figcaption { font-size: 13px; margin-top: 6px; }
        .finding { color: #b91c1c; font-size: 13px; }
        figure.flagged { outline: 3px solid #b91c1c; }
        section.causes { background: #fff; border-left: 4px solid #b91c1c; padding: 8px 16px; margin: 16px 0; }
        section.causes li { margin: 4px 0; }
        section.causes a { font-size: 12px; margin-right: 6px; }
        .hidden { display: none !important; }
        dialog#viewer { border: none; border-radius: 10px; padding: 12px; max-width: 96vw; max-height: 96vh; }
        dialog#viewer img { display: block; width: min(1400px, 92vw); height: auto; }
        dialog#viewer::backdrop { background: rgba(0, 0, 0, 0.7); }
        dialog#viewer .hint { font-size: 12px; color: #71717a; margin: 6px 0 0; }
        """

    private static let script = """
        (function () {
          var figures = Array.prototype.slice.call(document.querySelectorAll("figure.shot"));
          var selects = Array.prototype.slice.call(document.querySelectorAll("header.bar select"));
          function apply() {
            var wanted = {};
            selects.forEach(function (select) { wanted[select.name] = select.value; });
            var shown = 0;
            figures.forEach(function (figure) {
              var match = Object.keys(wanted).every(function (key) {
                return wanted[key] === "" || figure.dataset[key] === wanted[key];
              });
              figure.closest("td").classList.toggle("hidden", !match);
              if (match) { shown += 1; }
            });
            document.querySelectorAll("section.shots").forEach(function (section) {
              var any = section.querySelector("td:not(.hidden) figure");
              section.classList.toggle("hidden", !any);
              section.querySelectorAll("tbody tr").forEach(function (row) {
                row.classList.toggle("hidden", !row.querySelector("td:not(.hidden) figure"));
              });
            });
            document.getElementById("shown").textContent = shown + " of " + figures.length + " pictures";
          }
          selects.forEach(function (select) { select.addEventListener("change", apply); });
          var viewer = document.getElementById("viewer");
          figures.forEach(function (figure) {
            figure.querySelector("a").addEventListener("click", function (event) {
              if (!viewer.showModal) { return; }
              event.preventDefault();
              var image = figure.querySelector("img");
              viewer.querySelector("img").src = image.src;
              viewer.querySelector("img").alt = image.alt;
              viewer.querySelector("figcaption").textContent = figure.querySelector("figcaption").textContent;
              viewer.showModal();
            });
          });
          viewer.addEventListener("click", function () { viewer.close(); });
          apply();
          window.addEventListener("load", function () {
            var widths = Array.prototype.map.call(document.querySelectorAll("figure.shot img"), function (image) {
              return image.complete ? image.naturalWidth : 0;
            });
            var loaded = widths.filter(function (width) { return width > 0; }).length;
            document.documentElement.dataset.imageReport =
              "images=" + widths.length + " loaded=" + loaded + " widths=" + widths.join(",");
          });
        })();
        """

    /// The filter bar's selects (closing the header the page opens) and the count shown.
    private static func filters(_ entries: [GalleryEntry]) -> String {
        func select(_ name: String, _ label: String, _ values: [String]) -> String {
            var seen: Set<String> = []
            let options = values.filter { seen.insert($0).inserted }.map {
                "<option value=\"\(Markup.escapeText($0))\">\(Markup.escapeText($0))</option>"
            }
            return "<label>\(label)<select name=\"\(name)\"><option value=\"\">all</option>"
                + options.joined() + "</select></label>"
        }
        return [
            select("template", "Template", entries.map(\.template)),
            select("locale", "Locale", entries.map(\.locale)),
            select("theme", "Theme", entries.map(\.theme)), select("state", "State", entries.map(\.state)),
            "<span class=\"count\" id=\"shown\">\(entries.count) pictures</span>", "</header>", "<main>",
        ].joined(separator: "\n")
    }

    /// Each cause of the findings once, with links to the pictures it shows in; a finding for a
    /// picture not in this gallery is listed too, never dropped.
    private static func causes(entries: [GalleryEntry], findings: [GalleryFinding]) -> String {
        guard !findings.isEmpty else { return "" }
        var order: [String] = []
        var byCause: [String: [GalleryFinding]] = [:]
        for finding in findings {
            let cause = ReviewCause.generalised(finding.message)
            if byCause[cause] == nil { order.append(cause) }
            byCause[cause, default: []].append(finding)
        }
        var lines = [
            "<section class=\"causes\"><h2>App Review: \(order.count) cause\(order.count == 1 ? "" : "s")</h2><ul>"
        ]
        for cause in order {
            let group = byCause[cause] ?? []
            let pictures = entries.filter { entry in
                group.contains {
                    $0.template == entry.template && $0.locale == entry.locale && $0.state == entry.state
                }
            }
            let links = pictures.map {
                "<a href=\"#\($0.anchor)\">\(Markup.escapeText("\($0.template) · \($0.theme) · \($0.locale) · \($0.state)"))</a>"
            }
            let elsewhere = group.filter { finding in
                !entries.contains {
                    $0.template == finding.template && $0.locale == finding.locale
                        && $0.state == finding.state
                }
            }
            var item = "<li class=\"finding\">\(Markup.escapeText(cause))<br>" + links.joined(separator: " ")
            if !elsewhere.isEmpty {
                item +=
                    "<br>Findings without a picture here: "
                    + elsewhere.map {
                        Markup.escapeText("\($0.template) · \($0.locale) · \($0.state): \($0.message)")
                    }.joined(separator: "; ")
            }
            lines.append(item + "</li>")
        }
        lines.append("</ul></section>")
        return lines.joined(separator: "\n")
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
            "<section class=\"shots\"><h2>\(Markup.escapeText(heading))</h2><div class=\"matrix\"><table>",
            "<thead><tr><th></th>" + states.map { "<th>\(Markup.escapeText($0))</th>" }.joined()
                + "</tr></thead><tbody>",
        ]
        for locale in locales {
            var row = "<tr><th>\(Markup.escapeText(locale))</th>"
            for state in states {
                let cell = group.first { $0.locale == locale && $0.state == state }
                row += "<td>" + (cell.map { figure($0, findings: findings) } ?? "") + "</td>"
            }
            lines.append(row + "</tr>")
        }
        lines.append("</tbody></table></div></section>")
        return lines.joined(separator: "\n")
    }

    /// A picture with its caption and, once each, the causes of the findings about it.
    private static func figure(_ entry: GalleryEntry, findings: [GalleryFinding]) -> String {
        var seen: Set<String> = []
        let mine = findings.filter {
            $0.template == entry.template && $0.locale == entry.locale && $0.state == entry.state
        }.map { ReviewCause.generalised($0.message) }.filter { seen.insert($0).inserted }
        var lines = [
            "<figure id=\"\(entry.anchor)\" class=\"\(mine.isEmpty ? "shot" : "shot flagged")\" "
                + "data-template=\"\(Markup.escapeText(entry.template))\" "
                + "data-theme=\"\(Markup.escapeText(entry.theme))\" data-locale=\"\(Markup.escapeText(entry.locale))\" "
                + "data-state=\"\(Markup.escapeText(entry.state))\">",
            "<a href=\"\(Markup.escapeText(entry.file))\"><img src=\"\(Markup.escapeText(entry.file))\" width=\"\(entry.width)\" "
                + "height=\"\(entry.height)\" alt=\"\(Markup.escapeText(entry.caption))\"></a>",
            "<figcaption>\(Markup.escapeText(entry.caption))</figcaption>",
        ]
        if !mine.isEmpty {
            lines.append("<ul class=\"findings\">")
            lines += mine.map { "<li class=\"finding\">\(Markup.escapeText($0))</li>" }
            lines.append("</ul>")
        }
        lines.append("</figure>")
        return lines.joined(separator: "\n")
    }
}
