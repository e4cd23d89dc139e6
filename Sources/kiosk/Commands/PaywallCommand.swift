import Catalog
import Foundation
import Paywall
import PaywallCatalog
import SharedState
import StoreCore
import TerminalCurses
import TerminalUI

/// `kiosk` with no subcommand: the paywall on a catalog, over the simulator.
struct PaywallCommand: Command {
    static let name = "kiosk"
    static let summary = "A terminal paywall and store front-end for StoreKit 2 purchase flows."
    static let usage =
        "kiosk [--catalog FILE] [--theme NAME|PATH] [--store sim|URL] [--account NAME] [--style STYLE] "
        + "[--state DIR | --ephemeral] [--server-token TOKEN] [--root FILE]"
    static let options: [OptionSpec] =
        StoreOptions.specs + [
            .option(
                "theme", value: "NAME|PATH", help: "A bundled theme name or a theme file (default: default)."),
            .option(
                "style", value: "STYLE",
                help: "Control style: " + ControlStyle.allCases.map(\.rawValue).joined(separator: ", ") + "."),
            .option(
                "dump", value: "WxH", help: "Print the first loaded frame as text at this size and exit."),
            .flag("exit-after-first-frame", help: "Quit once the products are on screen; print the timings."),
        ]
    static let discussion = """
        Keys are listed by '?' inside the paywall. Diagnostics go to the file named by $KIOSK_LOG.
        NO_COLOR (any value) draws without colour.

        With --store URL the store is a `kiosk serve` server: products, purchases and the Transaction
        Manager go over the wire, and every signature is checked against the server's root (pinned on
        first contact, or --root FILE). The paywall's copy and policies still come from --catalog: give
        the catalog the server was started with (without --catalog, the bundled demo, as for the server).
        """

    var arguments: ParsedArguments
    var storeOptions: StoreOptions
    var style: ControlStyle
    var dumpSize: Size?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if let extra = arguments.positionals.first {
            throw UsageError("unexpected argument '\(extra)'")
        }
        self.arguments = arguments
        storeOptions = try StoreOptions(arguments)
        let styleName = arguments.value("style") ?? "buttons"
        guard let style = ControlStyle(rawValue: styleName) else {
            throw UsageError(
                "--style must be one of " + ControlStyle.allCases.map(\.rawValue).joined(separator: ", ")
                    + ", got '\(styleName)'")
        }
        self.style = style
        if let dump = arguments.value("dump") {
            let parts = dump.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                throw UsageError("--dump needs a size such as 80x24, got '\(dump)'")
            }
            dumpSize = Size(columns: parts[0], rows: parts[1])
        }
    }

    func run() async throws -> ExitCode {
        let start = ContinuousClock.now
        // Time already spent before main (exec, dynamic loading), so the report counts from exec.
        let beforeMain = ProcessAge.seconds() ?? 0
        let theme = try loadTheme(arguments.value("theme") ?? "default")
        // Read once: the store, the copy and the remote check all use this one value.
        let catalog = try storeOptions.loadCatalog()
        if storeOptions.remote == nil && dumpSize == nil {
            // The loading screen paints at once; the store opens meanwhile (reading a long
            // ledger takes a while) and the paywall's first read waits for it.
            let options = storeOptions
            let opening = OpeningStore {
                try await options.open(command: "kiosk (paywall)", catalog: catalog)
            }
            let code = try await run(
                on: OpenedStore(store: opening, ownership: nil, backendName: "sim"), opening: opening,
                catalog: catalog, theme: theme, start: start, beforeMain: beforeMain)
            await (try? await opening.opened())?.close()
            // An open that failed is reported as before, once the screen is given back.
            _ = try await opening.opened()
            return code
        }
        let opened = try await storeOptions.open(command: "kiosk (paywall)", catalog: catalog)
        do {
            let code = try await run(
                on: opened, catalog: catalog, theme: theme, start: start, beforeMain: beforeMain)
            await opened.close()
            return code
        } catch {
            await opened.close()
            throw error
        }
    }

    private func run(
        on opened: OpenedStore, opening: OpeningStore? = nil, catalog: LoadedCatalog, theme: Theme,
        start: ContinuousClock.Instant, beforeMain: Double
    ) async throws -> ExitCode {
        let store = opened.store
        let content = PaywallContent(catalog: catalog, backendName: opened.backendName)
        if let remote = storeOptions.remote {
            try await RemoteCatalogCheck.check(store: store, catalog: catalog, url: remote)
        }
        var app = PaywallApp(store: store, content: content, theme: theme)
        app.controlStyle = style
        app.log = PaywallLog(path: ProcessInfo.processInfo.environment["KIOSK_LOG"])
        if let ownership = opened.ownership {
            // A client that takes the state over says so in its status line.
            let inbox = app.inbox
            await ownership.onTakeover { inbox.post(.backendChanged("sim (took over)")) }
        }
        if let opening {
            let inbox = app.inbox
            let placeholder = opened.backendName
            Task {
                guard let opened = try? await opening.opened() else { return }
                if opened.backendName != placeholder { inbox.post(.backendChanged(opened.backendName)) }
                await opened.ownership?.onTakeover { inbox.post(.backendChanged("sim (took over)")) }
            }
        }
        if let dumpSize {
            app.exitsAfterFirstLoadedFrame = true
            let terminal = HeadlessTerminal(size: dumpSize)
            _ = app.run(on: terminal, start: start)
            Console.print(terminal.screen.plainText)
            return .success
        }
        app.exitsAfterFirstLoadedFrame = arguments.flag("exit-after-first-frame")
        let report = try await runOnMainThread(app, theme: theme, start: start)
        if app.exitsAfterFirstLoadedFrame {
            let first = report.firstFrame.map { String(format: "%.1f", ($0 + beforeMain) * 1000) } ?? "-"
            let loaded =
                report.firstLoadedFrame.map { String(format: "%.1f", ($0 + beforeMain) * 1000) } ?? "-"
            Console.print("first frame: \(first) ms; first frame with products: \(loaded) ms (since exec)")
        }
        return .success
    }

    /// The loop blocks in `readKey`, so it runs on the main thread, never on a worker the store needs.
    private func runOnMainThread(_ app: PaywallApp, theme: Theme, start: ContinuousClock.Instant) async throws
        -> PaywallApp.Report
    {
        try await MainActor.run {
            let terminal: CursesTerminal
            do {
                terminal = try CursesTerminal()
            } catch {
                throw CommandFailure("kiosk: \(error)", exit: .failure)
            }
            defer { terminal.end() }
            var app = app
            app.theme = theme.resolved(for: terminal.colorCapability)
            return app.run(on: terminal, start: start)
        }
    }

    /// A bundled theme by name, or a theme file by path.
    private func loadTheme(_ nameOrPath: String) throws -> Theme {
        do {
            if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
                return try Theme.load(path: nameOrPath, bundledThemes: BundledResources.themesDirectory.path)
            }
            let path = BundledResources.themesDirectory.appendingPathComponent("\(nameOrPath).json").path
            guard FileManager.default.fileExists(atPath: path) else {
                throw CommandFailure(
                    "kiosk: no bundled theme '\(nameOrPath)': use default, high-contrast, mono or sunset",
                    exit: .usage)
            }
            return try Theme.load(path: path)
        } catch let error as TerminalUIError {
            throw CommandFailure("kiosk: \(error)", exit: .dataError)
        }
    }
}
