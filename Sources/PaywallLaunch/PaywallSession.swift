import Foundation
import Paywall
import SharedState
import StoreCore
import TerminalUI

/// What `kiosk` does around the paywall's screen: the app made on the store the command opened
/// (or one still opening while the loading screen paints), its status line told when this
/// process takes the state over and its problems written to the log, and the session's start
/// and end in the store's journal (what `kiosk report --session last` reads).
public struct PaywallSession: Sendable {
    public var app: PaywallApp
    public let store: any Store & StoreControl

    /// - Parameters:
    ///   - opening: the open still under way, when `opened` stands in for it: once it is done,
    ///     the status line names the real backend and hears of takeovers.
    ///   - screenshots: where `S` saves pictures.
    ///   - logPath: the diagnostics log (`$KIOSK_LOG`), nil for none.
    public init(
        opened: OpenedStore, opening: OpeningStore? = nil, content: PaywallContent, theme: Theme,
        style: ControlStyle, screenshots: String, logPath: String?, journal: JournalContext?
    ) async {
        var app = PaywallApp(store: opened.store, content: content, theme: theme)
        app.controlStyle = style
        app.screenSaver = ScreenSaver(directory: screenshots, theme: theme)
        app.log = PaywallLog(path: logPath)
        app.journal = journal
        let (inbox, log) = (app.inbox, app.log)
        if let ownership = opened.ownership {
            // A client that takes the state over says so in its status line.
            await ownership.onTakeover { inbox.post(.backendChanged("sim (took over)")) }
            await ownership.onProblem { line in log.write(line) }
        }
        if let opening {
            let nameWhileOpening = opened.backendName
            Task {
                // A failed open leaves the status line as it is; the failure ends the run.
                guard let opened = try? await opening.opened() else { return }
                if opened.backendName != nameWhileOpening { inbox.post(.backendChanged(opened.backendName)) }
                await opened.ownership?.onTakeover { inbox.post(.backendChanged("sim (took over)")) }
                await opened.ownership?.onProblem { line in log.write(line) }
            }
        }
        self.app = app
        store = opened.store
    }

    /// Journals the session's start in the background, beside the first frame rather than before
    /// it (the open may still be under way); the task keeps the caller's journal context. Curses
    /// owns the screen, so a line that cannot be written goes to the log.
    public func journalStart() {
        let (store, log) = (store, app.log)
        Task {
            do {
                _ = try await store.perform(.paywallOpened)
            } catch {
                log.write("journal: the paywall's start was not recorded: \(error)")
            }
        }
    }

    /// Journals the session's end (a killed paywall has none).
    public func journalEnd() async {
        do {
            _ = try await store.perform(.paywallClosed)
        } catch {
            app.log.write("journal: the paywall's end was not recorded: \(error)")
        }
    }
}
