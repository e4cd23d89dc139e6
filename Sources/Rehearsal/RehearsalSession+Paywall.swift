import Foundation
import Paywall
import PaywallCatalog
import StoreCore
import TerminalUI

extension RehearsalSession {
    /// Runs `body` on the paywall (when it runs) and then hands it what the store announced
    /// meanwhile, in order, as its listeners would; what that in turn makes the store announce
    /// (finishing a delivered transaction, say) is delivered the same way, a few rounds at most.
    func delivering(_ body: (inout HeadlessPaywall?) async throws -> Void) async throws {
        let store = try await openStore()
        var window = isRunning ? EventWindow(await store.backend.events(), settle: store.settle) : nil
        try await body(&paywall)
        for _ in 0..<8 {
            guard let open = window else { return }
            let events = await open.close()
            guard !events.isEmpty, isRunning else { return }
            window = EventWindow(await store.backend.events(), settle: store.settle)
            for event in events { await paywall?.send(Self.appEvent(event)) }
        }
        _ = await window?.close()
    }

    /// Runs `body` with the running paywall, delivering what it made the store announce.
    func withPaywall(_ body: (inout HeadlessPaywall) async -> Void) async throws {
        try await delivering { (paywall: inout HeadlessPaywall?) in
            guard var running = paywall else { return }
            await body(&running)
            paywall = running
        }
    }

    /// What an app's listeners post for a store event: a transaction as `updates` delivers it, a
    /// message as `messages` does, the rest as the Transaction Manager's events.
    static func appEvent(_ event: StoreEvent) -> Event {
        switch event {
        case .transaction(let result): .update(result)
        case .message(let message): .message(message)
        case .askToBuyDeclined, .clockChanged, .stateChanged: .storeEvent(event)
        }
    }

    var isRunning: Bool { paywall.map { !$0.state.shouldQuit } ?? false }

    /// Starts the paywall as an app starts: it reads the store, its `updates` listener gets every
    /// unfinished transaction and its `messages` listener every message that waited.
    func launch() async throws {
        let store = try await openStore()
        guard let catalog else { return }
        let theme = try self.theme ?? loadTheme("default")
        var content = PaywallContent(catalog: catalog)
        if let template { content.template = template }
        paywall = HeadlessPaywall(
            store: store.backend, content: content, theme: theme, size: size, controlStyle: style)
        try await withPaywall { paywall in await paywall.start() }
        let unfinished = try await store.backend.unfinished()
        let messages = await EventWindow(await store.backend.messages(), settle: store.settle).close()
        try await withPaywall { paywall in
            for transaction in unfinished { await paywall.send(.update(transaction)) }
            for message in messages { await paywall.send(.message(message)) }
        }
    }

    /// The screen to show beside a failure: the paywall's, started now if no step had started it
    /// (what the app would show at that moment); nil when even the store cannot open.
    func screenAtFailure() async -> String? {
        // The failure reported is the step's; a launch that fails as well just leaves no screen.
        if paywall == nil, store != nil { try? await launch() }
        return screenText
    }

    /// The running paywall, started on first use.
    private func requireRunning() async throws {
        if paywall == nil { try await launch() }
        guard isRunning else {
            throw StepFailure("the paywall has quit (press q): add 'launch' to start it again")
        }
    }

    func press(_ keys: [Key], count: Int) async throws {
        try await requireRunning()
        for _ in 0..<count {
            for key in keys {
                if let state = paywall?.state, let action = Self.keyAction(key, overlay: state.overlay) {
                    coverage.keys.insert(action)
                }
                try await withPaywall { paywall in await paywall.send(.key(key)) }
            }
        }
    }

    func type(_ text: String) async throws {
        try await press(text.map { Key.character($0) }, count: 1)
    }

    func resize(_ size: Size) async throws {
        self.size = size
        guard paywall != nil else { return }
        try await withPaywall { paywall in await paywall.resize(size) }
    }

    func useTheme(_ name: String, step: RehearsalStep) async throws {
        let theme = try loadTheme(name, relativeTo: step.file)
        self.theme = theme
        paywall?.theme = theme
    }

    private func loadTheme(_ name: String, relativeTo file: String? = nil) throws -> Theme {
        do {
            if name.contains("/") || name.hasSuffix(".json") {
                let path = file.map { RehearsalParser.resolve(name, relativeTo: $0) } ?? name
                return try Theme.load(path: path, bundledThemes: environment.themesDirectory)
            }
            return try Theme.load(named: name, in: environment.themesDirectory)
        } catch {
            throw StepFailure("theme \(name): \(error)")
        }
    }

    /// Before the paywall starts, the template it starts in; after, `d` until it shows (the key a
    /// user would press).
    func useTemplate(_ template: PaywallTemplate) async throws {
        self.template = template
        guard paywall != nil else { return }
        for _ in PaywallTemplate.allCases where paywall?.state.content.template != template {
            try await press([.character("d")], count: 1)
        }
    }

    /// Before the paywall starts, the style it starts in; after, `s` until it shows (the key
    /// a user would press).
    func useStyle(_ name: String) async throws {
        guard let style = ControlStyle(rawValue: name) else {
            throw StepFailure(
                "unknown style '\(name)': one of \(ControlStyle.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        self.style = style
        guard paywall != nil else { return }
        for _ in ControlStyle.allCases where paywall?.state.controlStyle != style {
            try await press([.character("s")], count: 1)
        }
    }

    func screenshot(_ name: String) async throws {
        try await requireRunning()
        guard let text = screenText else { return }
        screenshots.append((name, text))
        guard let directory = environment.screenshotDirectory else { return }
        do {
            try savePicture(name: name, title: "\(script.name) · \(name)", directory: directory)
        } catch {
            throw StepFailure("cannot write screenshot \(name) into \(directory): \(error)")
        }
    }

    /// With `--screenshots DIR`, the screen at a failure as `DIR/REHEARSAL/failure-line-N.txt`
    /// and `.svg`; returns the `.svg`'s path, or nil when there is no directory or no screen.
    /// - Throws: the error writing the files (the failure's report says it was not saved).
    func saveFailureScreenshot(line: Int) throws -> String? {
        guard let directory = environment.screenshotDirectory else { return nil }
        return try savePicture(
            name: "failure-line-\(line)", title: "\(script.name) · failed at line \(line)",
            directory: directory)
    }

    /// Writes the paywall's screen as `NAME.txt` and `NAME.svg` in the rehearsal's folder of
    /// `directory`; returns the `.svg`'s path, or nil when the paywall has not started.
    @discardableResult
    private func savePicture(name: String, title: String, directory: String) throws -> String? {
        guard let paywall, let text = screenText else { return nil }
        let picture = ScreenExport(
            paywall.frame().buffer, palette: ExportPalette(theme: paywall.theme), title: title)
        try Self.writeScreenshot(
            name: name, text: text, svg: picture.render(.svg), rehearsal: script.name, directory: directory)
        return URL(fileURLWithPath: directory).appendingPathComponent(script.name)
            .appendingPathComponent("\(name).svg").path
    }

    /// The action a key does on the screen in front, as `screen.action` (coverage).
    static func keyAction(_ key: Key, overlay: Overlay?) -> String? {
        switch overlay {
        case nil: KeyMaps.paywall.action(for: key).map { "paywall.\($0)" }
        case .transactionManager: KeyMaps.manager.action(for: key).map { "manager.\($0)" }
        case .sheet: KeyMaps.sheet.action(for: key).map { "sheet.\($0)" }
        case .policy: KeyMaps.policy.action(for: key).map { "policy.\($0)" }
        case .redeem: KeyMaps.redeem.action(for: key).map { "redeem.\($0)" }
        case .accounts: KeyMaps.accounts.action(for: key).map { "accounts.\($0)" }
        case .help: KeyMaps.help.action(for: key).map { "help.\($0)" }
        case .cancelSheet: KeyMaps.cancelSheet.action(for: key).map { "cancelSheet.\($0)" }
        }
    }
}

extension RehearsalCoverage {
    /// Every key action of every screen, as the coverage names them (`manager.approve`).
    public static var allKeyActions: [String] {
        PaywallAction.allCases.map { "paywall.\($0)" } + ManagerAction.allCases.map { "manager.\($0)" }
            + SheetAction.allCases.map { "sheet.\($0)" } + PolicyAction.allCases.map { "policy.\($0)" }
            + RedeemAction.allCases.map { "redeem.\($0)" } + AccountsAction.allCases.map { "accounts.\($0)" }
            + HelpAction.allCases.map { "help.\($0)" }
            + CancelSheetAction.allCases.map { "cancelSheet.\($0)" }
    }
}
