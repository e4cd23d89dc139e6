import Catalog
import CommandLineOptions
import Foundation
import Paywall
import PaywallCatalog
import TerminalCurses
import TerminalUI

/// `kiosk rehearse --record FILE`: the paywall in the terminal, on the same fresh store and
/// frozen clock a rehearsal starts with, writing each key pressed (Transaction Manager actions
/// are keys too) as a rehearsal line, as Playwright's codegen writes a browser session. The user
/// adds `expect` lines after.
public struct RehearsalRecorder {
    /// The catalog's name as the rehearsal's `catalog` line gives it.
    public var catalogName: String
    public var catalog: LoadedCatalog
    /// Bundled themes and the store, as a rehearsal of `kiosk rehearse` gets them.
    public var environment: RehearsalEnvironment

    public init(catalogName: String, catalog: LoadedCatalog, environment: RehearsalEnvironment) {
        self.catalogName = catalogName
        self.catalog = catalog
        self.environment = environment
    }

    public func record(to path: String) async throws -> ExitCode {
        let store = try await environment.openStore(
            StoreRequirements(
                catalog: catalog, account: nil, clock: Date(timeIntervalSince1970: 1_767_225_600)))
        let theme = try Theme.load(named: "default", in: environment.themesDirectory)
        let app = PaywallApp(store: store.backend, content: PaywallContent(catalog: catalog), theme: theme)
        let keys = try await MainActor.run {
            let terminal: CursesTerminal
            do {
                terminal = try CursesTerminal()
            } catch {
                throw CommandFailure("kiosk rehearse --record: \(error)", exit: .failure)
            }
            let recording = KeyCapturingTerminal(terminal)
            defer { terminal.end() }
            var app = app
            app.theme = theme.resolved(for: terminal.colorCapability)
            _ = app.run(on: recording)
            return recording.keys
        }
        // The same keys again on a fresh store: where each landed, to name the manager's actions.
        let replay = try await environment.openStore(
            StoreRequirements(
                catalog: catalog, account: nil, clock: Date(timeIntervalSince1970: 1_767_225_600)))
        var paywall = HeadlessPaywall(
            store: replay.backend, content: PaywallContent(catalog: catalog), theme: theme,
            size: Size(columns: 100, rows: 30))
        await paywall.start()
        var notes: [String?] = []
        for key in keys {
            notes.append(RehearsalTranscript.note(for: key, overlay: paywall.state.overlay))
            await paywall.send(.key(key))
        }
        let lines = RehearsalTranscript.lines(keys: keys, notes: notes, catalog: catalogName)
        let text = lines.joined(separator: "\n") + "\n"
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure(
                "kiosk rehearse --record: cannot write \(path): \(error)", exit: .cannotCreate)
        }
        Console.print(
            "recorded \(keys.count) key\(keys.count == 1 ? "" : "s") into \(path): add expect lines, then kiosk rehearse \(path)"
        )
        return .success
    }
}

/// A terminal that remembers every key it hands the app (clicks and resizes are not keys a
/// rehearsal presses).
final class KeyCapturingTerminal: TerminalBackend {
    private let terminal: CursesTerminal
    private(set) var keys: [Key] = []

    init(_ terminal: CursesTerminal) { self.terminal = terminal }

    var size: Size { terminal.size }
    func draw(_ buffer: Buffer) { terminal.draw(buffer) }
    func setCursor(_ position: Point?) { terminal.setCursor(position) }
    func invalidate() { terminal.invalidate() }
    func end() { terminal.end() }

    func readKey(timeoutMilliseconds: Int32) -> Key? {
        let key = terminal.readKey(timeoutMilliseconds: timeoutMilliseconds)
        switch key {
        case .click, .resize, nil: break
        case let key?: keys.append(key)
        }
        return key
    }
}
