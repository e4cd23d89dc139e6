import Catalog
import CatalogReview
import Foundation
import Paywall
import StoreCore
import TerminalUI

/// The matrix `kiosk gallery` draws: every template × theme × locale × state, each picture a
/// ``ShotScene`` exported as SVG, and the entries its `index.html` (``GalleryPage``) shows.
public struct Gallery: Sendable {
    public var catalog: LoadedCatalog
    /// Each theme with the name it was asked for by (a bundled name or a file).
    public var themes: [(name: String, theme: Theme)]
    public var templates: [PaywallTemplate]
    public var locales: [String]
    public var states: [ShotState]
    public var size: Size
    public var style: ControlStyle

    public init(
        catalog: LoadedCatalog, themes: [(name: String, theme: Theme)], templates: [PaywallTemplate],
        locales: [String], states: [ShotState], size: Size, style: ControlStyle
    ) {
        self.catalog = catalog
        self.themes = themes
        self.templates = templates
        self.locales = locales
        self.states = states
        self.size = size
        self.style = style
    }

    /// Renders every picture in order, hands each SVG and its file name (beside `index.html`)
    /// to `write`, and returns what the page shows of them. A scene that cannot be shown stops
    /// the gallery with its ``ShotSceneError``; a failed write stops it with the writer's error.
    public func render(write: (_ svg: String, _ file: String) throws -> Void) async throws -> [GalleryEntry] {
        var entries: [GalleryEntry] = []
        for template in templates {
            for (themeName, theme) in themes {
                for locale in locales {
                    for state in states {
                        let scene = ShotScene(
                            catalog: catalog, theme: theme, size: size, style: style, template: template,
                            locale: locale, state: state)
                        let file =
                            [template.rawValue, theme.name, locale, state.rawValue].joined(separator: "-")
                            + ".svg"
                        let export = ScreenExport(
                            try await scene.render(), palette: ExportPalette(theme: theme),
                            title: scene.caption)
                        try write(export.render(.svg), file)
                        let pixels = export.svgSize
                        entries.append(
                            GalleryEntry(
                                file: file, template: template.rawValue, theme: themeName, locale: locale,
                                state: state.rawValue, caption: scene.caption, width: pixels.width,
                                height: pixels.height))
                    }
                }
            }
        }
        return entries
    }

    /// The catalog's own locale, then a left-to-right European, a CJK and a right-to-left one.
    public static func defaultLocales(_ catalog: LoadedCatalog) -> [String] {
        var locales = [catalog.settings.locale]
        for locale in ["de_DE", "ja", "ar"] where !locales.contains(locale) { locales.append(locale) }
        return locales
    }

    /// The App Review causes as findings beside this gallery's pictures: each cause once
    /// beside each picture it shows in (what is wrong, where to fix it), not a line per plan
    /// and size.
    public func findings(of causes: [ReviewCause]) -> [GalleryFinding] {
        let reviewed = Set(states.map(\.rawValue))
        var seen = Set<GalleryFinding>()
        var findings: [GalleryFinding] = []
        for cause in causes {
            let place = cause.location.map { "\($0): " } ?? ""
            for finding in cause.findings
            where templates.contains(finding.template) && reviewed.contains(finding.state) {
                let item = GalleryFinding(
                    template: finding.template.rawValue, locale: finding.locale, state: finding.state,
                    message: "\(place)\(cause.problem); \(cause.fix)")
                if seen.insert(item).inserted { findings.append(item) }
            }
        }
        return findings
    }
}
