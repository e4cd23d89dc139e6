import Catalog
import CatalogReview
import CommandLineOptions
import Foundation
import Paywall
import PaywallLaunch
import PaywallShots
import StoreCore
import TerminalUI

/// `kiosk gallery`: the matrix of templates × themes × locales × states as SVG screenshots
/// with captions in one `index.html`, with App Review findings beside their pictures.
struct GalleryCommand: Command {
    static let name = "gallery"
    static let summary =
        "Write an HTML gallery of paywall screenshots: templates × themes × locales × states."
    static let usage =
        "kiosk gallery --out DIR [--templates LIST] [--themes LIST] [--locales LIST] [--states LIST] "
        + "[--size WxH] [--style STYLE] [--catalog FILE|NAME] [--review] [--findings FILE]"
    struct Options: ParsableOptions {
        @Option("out", value: "DIR", help: "The directory to write index.html and the SVGs into (created).")
        var out: String?
        @Option(
            "templates", value: "LIST",
            help:
                "Comma-separated templates (default: all: \(ShotOptions.templateNames.joined(separator: ",")))."
        )
        var templates: String?
        @Option(
            "themes", value: "LIST", help: "Comma-separated bundled themes or theme files (default: default)."
        )
        var themes: String?
        @Option(
            "locales", value: "LIST", help: "Comma-separated locales (default: the catalog's, de_DE, ja, ar)."
        )
        var locales: String?
        @Option(
            "states", value: "LIST",
            help:
                "Comma-separated states (default: \(ShotState.galleryDefault.map(\.rawValue).joined(separator: ",")))."
        )
        var states: String?
        @Option("size", value: "WxH", help: "Columns x rows of every picture (default 100x30).")
        var size: String?
        @Option(
            "style", value: "STYLE", help: "Control style (default: buttons).", choices: ControlStyle.self)
        var style: ControlStyle?
        @Option(StoreOptions.catalogOption) var catalog: String?
        @Flag(
            "review",
            help:
                "Run the App Review checks (as `kiosk lint --review`) and show each finding beside its pictures."
        )
        var review: Bool
        @Option(
            "findings", value: "FILE",
            help: "A JSON array of {template, locale, state, message} to show beside the pictures.")
        var findings: String?
    }
    static let discussion = """
        Every picture is made as `kiosk shot` makes it. Findings (from --review, or `kiosk lint --review
        --json` saved to a file and given with --findings) are shown
        beside every picture of their template, locale and state; one that matches no picture is
        listed at the top, never dropped.
        """

    var out: String
    var catalogPath: String
    var templates: [PaywallTemplate]
    var themes: [String]
    var locales: [String]?
    var states: [ShotState]
    var size: Size
    var style: ControlStyle
    var findingsPath: String?
    var runsReview: Bool

    init(_ arguments: Arguments<Options>) throws(UsageError) {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        let options = arguments.options
        guard let out = options.out else { throw UsageError("--out DIR is required") }
        self.out = out
        catalogPath = try ShotOptions.catalogPath(options.catalog)
        templates =
            try Self.list(options.templates, option: "templates")?.map {
                (name: String) throws(UsageError) in try ShotOptions.template(name, option: "templates")
            } ?? PaywallTemplate.allCases
        themes = try Self.list(options.themes, option: "themes") ?? ["default"]
        locales = try Self.list(options.locales, option: "locales")?.map {
            (name: String) throws(UsageError) in try ShotOptions.locale(name, option: "locales")
        }
        states =
            try Self.list(options.states, option: "states")?.map {
                (name: String) throws(UsageError) in try ShotOptions.state(name, option: "states")
            } ?? ShotState.galleryDefault
        size = try ShotOptions.size(options.size ?? "100x30", option: "size")
        style = options.style ?? .buttons
        findingsPath = options.findings
        runsReview = options.review
    }

    static func list(_ text: String?, option: String) throws(UsageError) -> [String]? {
        guard let text else { return nil }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !items.isEmpty, !items.contains(where: \.isEmpty) else {
            throw UsageError("--\(option) needs a comma-separated list, got '\(text)'")
        }
        return items
    }

    func run() async throws -> ExitCode {
        let catalog = try ShotOptions.loadCatalog(catalogPath, command: "kiosk gallery")
        let loadedThemes = try themes.map { try BundledResources.theme($0) }
        let gallery = Gallery(
            catalog: catalog, themes: Array(zip(themes, loadedThemes)), templates: templates,
            locales: locales ?? Gallery.defaultLocales(catalog), states: states, size: size, style: style)
        var findings = try readFindings()
        if runsReview {
            let all = try await LintCommand.review(catalogAt: catalogPath, locales: gallery.locales)
            findings += gallery.findings(of: ReviewCause.of(all, catalogAt: catalogPath))
        }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(
                "kiosk gallery: cannot create \(out): \(error.localizedDescription)", exit: .cannotCreate)
        }
        let entries: [GalleryEntry]
        do {
            entries = try await gallery.render { svg, file in
                try ShotOptions.write(svg, to: out + "/" + file, command: "kiosk gallery")
            }
        } catch let error as ShotSceneError {
            throw CommandFailure(error)
        }
        let page = GalleryPage.html(entries: entries, findings: findings, title: "Kiosk paywall gallery")
        try ShotOptions.write(page, to: out + "/index.html", command: "kiosk gallery")
        Console.print("kiosk gallery: \(entries.count) pictures in \(out)/index.html")
        return .success
    }

    private func readFindings() throws -> [GalleryFinding] {
        guard let findingsPath else { return [] }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: findingsPath))
            return try JSONDecoder().decode([GalleryFinding].self, from: data)
        } catch {
            throw CommandFailure(
                "kiosk gallery: --findings \(findingsPath): \(error.localizedDescription); "
                    + "expected a JSON array of {\"template\", \"locale\", \"state\", \"message\"}",
                exit: .dataError)
        }
    }
}
