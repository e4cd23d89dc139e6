import Catalog
import CommandLineOptions
import Foundation
import Paywall
import PaywallCatalog
import Presets
import SharedState
import SourceDiagnostics
import StoreCore
import TerminalCurses
import TerminalUI

/// `kiosk` with no subcommand: the paywall on a catalog, over the simulator.
public struct PaywallCommand: Command {
    public static let name = "kiosk"
    /// Messages name the paywall `kiosk`, as it is typed.
    public static let label = "kiosk"
    public static let summary = "A terminal paywall and store front-end for StoreKit 2 purchase flows."
    public static let usage =
        "kiosk [--catalog FILE] [--theme NAME|PATH] [--store sim|URL] [--account NAME] [--style STYLE] "
        + "[--state DIR | --ephemeral] [--server-token TOKEN] [--root FILE] [--preset NAME [--force]]"
    public struct Options: ParsableOptions {
        @OptionGroup public var store: StoreOptions.Group
        @Option(PaywallCommand.themeOption) public var theme: String?
        @Option(
            "style", value: "STYLE",
            help: "Control style: " + ControlStyle.allCases.map(\.rawValue).joined(separator: ", ") + ".",
            choices: ControlStyle.self)
        public var style: ControlStyle?
        @Option("dump", value: "WxH", help: "Print the first loaded frame as text at this size and exit.")
        public var dump: String?
        @Flag("exit-after-first-frame", help: "Quit once the products are on screen; print the timings.")
        public var exitAfterFirstFrame: Bool
        @Option(
            "template", value: "NAME",
            help: "Paywall layout: " + PaywallTemplate.allCases.map(\.rawValue).joined(separator: ", ")
                + " (default: the paywall copy's, else list).",
            choices: PaywallTemplate.self)
        public var template: PaywallTemplate?
        @Option(
            "locale", value: "LOCALE",
            help: "Switch the store's locale first (as `kiosk store locale`): copy, words and prices follow.")
        public var locale: String?
        @Option(
            "preset", value: "NAME",
            help: "Start from a named state (kiosk preset list), on an ephemeral store unless --state.",
            completion: .words(Preset.all.map(\.name)))
        public var preset: String?
        @Flag(PresetApplication.forceOption) public var force: Bool
        @Option("record", value: "FILE.cast", help: "Record the session as an asciinema (asciicast v2) file.")
        public var record: String?
        @Option(
            "screenshots", value: "DIR",
            help: "Where S saves screenshots (default: $KIOSK_SCREENSHOTS, else the current directory).")
        public var screenshots: String?

        public init() {}
    }

    /// `--theme NAME|PATH`, as `kiosk shot` takes it too.
    public static let themeOption = OptionDefinition.option(
        "theme", value: "NAME|PATH", help: "A bundled theme name or a theme file (default: default).",
        completion: CompletionValues(words: BundledResources.names("themes", suffix: ".json"), files: true))
    public static let discussion = """
        Keys are listed by '?' inside the paywall. Diagnostics go to the file named by $KIOSK_LOG.
        NO_COLOR (any value) draws without colour.

        With --store URL the store is a `kiosk serve` server: products, purchases and the Transaction
        Manager go over the wire, and every signature is checked against the server's root (pinned on
        first contact, or --root FILE). The paywall's copy and policies still come from --catalog: give
        the catalog the server was started with (without --catalog, the bundled demo, as for the server).

        --preset NAME builds a named starting state first (docs/presets.md): on a fresh ephemeral store,
        or with --state DIR in that directory, which must hold no transactions unless --force (the preset
        replaces the store's whole history).
        """

    public var options: Options
    public var storeOptions: StoreOptions
    public var style: ControlStyle
    public var dumpSize: Size?
    public var template: PaywallTemplate?
    /// `--preset NAME`: the starting state built before the paywall opens.
    public var presetName: String?

    public init(_ arguments: Arguments<Options>) throws(UsageError) {
        if let extra = arguments.positionals.first {
            throw UsageError("unexpected argument '\(extra)'")
        }
        options = arguments.options
        storeOptions = try StoreOptions(options.store)
        presetName = options.preset
        if presetName == nil, options.force {
            throw UsageError("--force goes with --preset NAME (it lets a preset replace a state's history)")
        }
        if presetName != nil, options.store.local.state == nil, storeOptions.remote == nil {
            // A fresh copy: nothing the tester keeps is touched.
            storeOptions.isEphemeral = true
        }
        style = options.style ?? .buttons
        template = options.template
        if let dump = options.dump {
            // Bounded as kiosk shot's sizes: `--dump 100000x100000` was ten billion cells
            // (and a larger one overflowed the area).
            dumpSize = try ShotOptions.size(dump, option: "dump")
        }
    }

    public func run() async throws -> ExitCode {
        let start = ContinuousClock.now
        if dumpSize == nil, isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
            // Without a terminal, curses would write escape codes into a pipe or file and wait
            // for keys that never come.
            throw CommandFailure(Self.noTerminalMessage, exit: .usage)
        }
        // Time already spent before main (exec, dynamic loading), so the report counts from exec.
        let beforeMain = ProcessAge.seconds() ?? 0
        let theme = try BundledResources.theme(options.theme ?? "default")
        let preset = try presetName.map { name throws(CommandFailure) in
            try PresetApplication.preset(named: name)
        }
        // Read once: the store, the copy and the remote check all use this one value.
        let catalog = try storeOptions.loadCatalog()
        if storeOptions.remote == nil && dumpSize == nil {
            // The loading screen paints at once; the store opens meanwhile (reading a long
            // ledger takes a while) and the paywall's first read waits for it.
            let force = options.force
            let options = storeOptions
            // The preset is built before the paywall's first read, which waits for the open.
            let opening = OpeningStore {
                try await Self.open(options, catalog: catalog, preset: preset, force: force)
            }
            // Stands in for the store until it is open; a reloaded catalog waits for it too.
            let standIn = OpenedStore(
                store: opening, ownership: nil, backendName: "sim", replaceCatalog: opening.replaceCatalog)
            let code = try await run(
                on: standIn, opening: opening, catalog: catalog, theme: theme, start: start,
                beforeMain: beforeMain)
            // An open that failed has nothing to close; its error is thrown on the next line.
            await (try? await opening.opened())?.close()
            // An open that failed is reported as before, once the screen is given back.
            _ = try await opening.opened()
            return code
        }
        let opened = try await Self.open(storeOptions, catalog: catalog, preset: preset, force: options.force)
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

    /// Opens the store the options name and builds the preset on it; a failed preset closes it.
    private static func open(_ options: StoreOptions, catalog: LoadedCatalog, preset: Preset?, force: Bool)
        async throws -> OpenedStore
    {
        let opened = try await options.open(command: "kiosk (paywall)", catalog: catalog)
        guard let preset else { return opened }
        do {
            try await PresetApplication.apply(
                preset, to: opened.store, force: force, stateDescription: options.placeDescription)
        } catch {
            await opened.close()
            throw error
        }
        return opened
    }

    private func run(
        on opened: OpenedStore, opening: OpeningStore? = nil, catalog: LoadedCatalog, theme: Theme,
        start: ContinuousClock.Instant, beforeMain: Double
    ) async throws -> ExitCode {
        let store = opened.store
        var content = PaywallContent(catalog: catalog, backendName: opened.backendName)
        if let template { content.template = template }
        if let locale = options.locale {
            _ = try await store.perform(.apply(.locale(locale)))
        }
        if let remote = storeOptions.remote {
            try await RemoteCatalogCheck.check(store: store, catalog: catalog, url: remote)
        }
        let session = await PaywallSession(
            opened: opened, opening: opening, content: content, theme: theme, style: style,
            screenshots: options.screenshots ?? ProcessInfo.processInfo.environment["KIOSK_SCREENSHOTS"]
                ?? FileManager.default.currentDirectoryPath,
            logPath: ProcessInfo.processInfo.environment["KIOSK_LOG"], journal: JournalContext.current)
        var app = session.app
        if let dumpSize {
            app.exitsAfterFirstLoadedFrame = true
            let terminal = HeadlessTerminal(size: dumpSize)
            _ = app.run(on: terminal, start: start)
            Console.print(terminal.screen.plainText)
            return .success
        }
        app.exitsAfterFirstLoadedFrame = options.exitAfterFirstFrame
        // Saving the catalog, its copy or the theme re-renders the running paywall.
        let reloader = LiveReloader(
            catalogPath: storeOptions.catalogPath,
            themePath: BundledResources.themeReference(options.theme ?? "default").path,
            bundledThemes: BundledResources.themesDirectory.path, locale: nil, content: content, theme: theme,
            updateStore: opened.replaceCatalog)
        let watcher = reloader.watch(posting: app.inbox)
        defer { watcher.stop() }
        session.journalStart()
        let report = try await runOnMainThread(app, theme: theme, start: start)
        // The session's end for `kiosk report --session last`.
        if !app.exitsAfterFirstLoadedFrame { await session.journalEnd() }
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
        // Read here: a public command is not implicitly Sendable, so the main actor gets the value.
        let record = options.record
        return try await MainActor.run {
            let terminal: CursesTerminal
            do {
                terminal = try CursesTerminal()
            } catch {
                throw CommandFailure("kiosk: \(error)", exit: .failure)
            }
            defer { terminal.end() }
            var app = app
            let capability = terminal.colorCapability
            app.theme = theme.resolved(for: capability)
            app.resolveTheme = { $0.resolved(for: capability) }
            if let path = record {
                let recording: RecordingTerminal<CursesTerminal>
                do {
                    recording = try RecordingTerminal(terminal, path: path)
                } catch {
                    throw CommandFailure("kiosk: \(error)", exit: .cannotCreate)
                }
                // Closes the cast (its last line gives the screen back) and says if it is incomplete.
                defer { recording.end() }
                return app.run(on: recording, start: start)
            }
            return app.run(on: terminal, start: start)
        }
    }

    public static let noTerminalMessage = """
        kiosk: the paywall needs a terminal, and standard input or output is not one. Without a \
        terminal: kiosk --dump 100x30 prints the first frame as text; kiosk shot --out paywall.svg \
        writes a picture (.svg, .html, .txt, .ans); kiosk store drives the store.
        """
}
