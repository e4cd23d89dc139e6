import Catalog
import CommandLineOptions
import Foundation
import Paywall
import PaywallLaunch
import PaywallShots
import TerminalUI

/// `kiosk shot`: the paywall rendered headlessly in a chosen state, written as SVG, PNG, HTML,
/// text or ANSI (docs/screenshots.md).
struct ShotCommand: Command {
    static let name = "shot"
    static let summary =
        "Write a screenshot of the paywall (SVG, PNG, HTML, text or ANSI), rendered headlessly."
    static let usage =
        "kiosk shot --out FILE.svg|.png|.html|.txt|.ans [--size WxH] [--template NAME] [--style STYLE] "
        + "[--theme NAME|PATH] [--locale LOCALE] [--catalog FILE|NAME] [--scene SCENE] [--tab TAB]"
    struct Options: ParsableOptions {
        @Option(
            "out", value: "FILE",
            help: "Where to write; the extension chooses the format (.svg, .png, .html, .txt, .ans).")
        var out: String?
        @Option("size", value: "WxH", help: "Columns x rows (default 100x30).") var size: String?
        @Option(
            "template", value: "NAME",
            help: "Paywall template: " + ShotOptions.templateNames.joined(separator: ", ") + ".",
            choices: PaywallTemplate.self)
        var template: PaywallTemplate?
        @Option(
            "style", value: "STYLE",
            help: "Control style: " + ControlStyle.allCases.map(\.rawValue).joined(separator: ", ") + ".",
            choices: ControlStyle.self)
        var style: ControlStyle?
        @Option(PaywallCommand.themeOption) var theme: String?
        @Option("locale", value: "LOCALE", help: "The store's locale, e.g. de_DE (default: the catalog's).")
        var locale: String?
        @Option(StoreOptions.catalogOption) var catalog: String?
        @Option("tab", value: "TAB", help: "subscriptions (default) or shop: the screen behind the state.")
        var tab: String?
        @Option(
            "scene", value: "SCENE",
            help: "What the paywall shows: " + ShotState.names + " (default: eligible).")
        var scene: String?
        @Option(
            "state", value: "SCENE",
            help:
                "The old spelling of --scene (it names a scene, not a state directory); still read, with a notice."
        )
        var state: String?
    }
    static let discussion = """
        Each scene is reached on a fresh in-memory store through the store's own actions and the
        paywall's keys, with the store clock fixed at 2026-05-28: the same options give the same file.
        SVG keeps the theme's true colours; PNG is the SVG rasterised by rsvg-convert (librsvg2-bin).
        Inside the running paywall, S saves the screen the same way.
        """

    var out: String
    var format: ScreenFormat
    var catalogPath: String
    var themeName: String
    var size: Size
    var style: ControlStyle
    var template: PaywallTemplate
    var locale: String?
    var state: ShotState
    var tab: AppState.Tab

    init(_ arguments: Arguments<Options>) throws(UsageError) {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        let options = arguments.options
        guard let out = options.out else {
            throw UsageError("--out FILE is required (.svg, .png, .html, .txt or .ans)")
        }
        // A PNG is the SVG drawing rasterised.
        guard let format = PNGRasteriser.wants(out) ? .svg : ScreenFormat(path: out) else {
            throw UsageError("--out must end in one of \(ScreenFormat.extensionList), .png, got '\(out)'")
        }
        self.out = out
        self.format = format
        catalogPath = try ShotOptions.catalogPath(options.catalog)
        themeName = options.theme ?? "default"
        size = try ShotOptions.size(options.size ?? "100x30", option: "size")
        style = options.style ?? .buttons
        template = options.template ?? .list
        locale = try options.locale.map { (text: String) throws(UsageError) in
            try ShotOptions.locale(text)
        }
        state = try ShotOptions.state(try Self.sceneName(options), option: "scene")
        let tabName = options.tab ?? "subscriptions"
        guard let tab = AppState.Tab(shotName: tabName) else {
            throw UsageError("--tab must be subscriptions or shop, got '\(tabName)'")
        }
        self.tab = tab
    }

    func run() async throws -> ExitCode {
        let scene = ShotScene(
            catalog: try ShotOptions.loadCatalog(catalogPath, command: "kiosk shot"),
            theme: try BundledResources.theme(themeName), size: size, style: style, template: template,
            locale: locale, state: state, tab: tab)
        let picture: String
        do { picture = try await scene.export(format) } catch { throw CommandFailure(error) }
        if PNGRasteriser.wants(out) {
            do { try PNGRasteriser.write(svg: picture, to: out) } catch { throw CommandFailure(error) }
        } else {
            try ShotOptions.write(picture, to: out, command: "kiosk shot")
        }
        return .success
    }

    /// `--scene`, or its old spelling `--state` with a notice: every other `--state` names a
    /// state directory, so the scene's option has a name of its own.
    static func sceneName(_ options: Options) throws(UsageError) -> String {
        let scene = options.scene
        guard let old = options.state else { return scene ?? ShotState.eligible.rawValue }
        guard scene == nil else { throw UsageError("give --scene once (--state is its old spelling)") }
        Console.error(
            "kiosk shot: --state is now --scene (it names a scene, not a state directory): --scene \(old)")
        return old
    }
}
