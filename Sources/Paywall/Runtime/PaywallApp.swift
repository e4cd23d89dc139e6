import Foundation
import StoreCore
import TerminalUI

/// The main loop: drain the inbox, update, render, draw the diff, wait for a key. Runs on the
/// main thread with the terminal; the store is only reached through the effect runner.
public struct PaywallApp: Sendable {
    /// When things happened, for the first-frame benchmark.
    public struct Report: Sendable {
        /// Seconds from `start` to the first frame drawn (the loading screen).
        public var firstFrame: Double?
        /// Seconds from `start` to the first frame showing the store's products.
        public var firstLoadedFrame: Double?
    }

    public var store: EffectRunner.Backend
    public var content: PaywallContent
    public var theme: Theme
    public var controlStyle: ControlStyle = .buttons
    public var log = PaywallLog(path: nil)
    /// Stop as soon as the store's products are on screen (benchmarks, smoke tests).
    public var exitsAfterFirstLoadedFrame = false
    /// How long one wait for input lasts; the inbox is drained at least this often.
    public var pollMilliseconds: Int32 = 100
    /// How long one wait lasts while effects are in flight.
    public var busyPollMilliseconds: Int32 = 5
    /// Where background work leaves events; others may post too (a change of backend).
    public let inbox = Inbox()
    /// Saves the screen when the screenshot key is pressed; nil says the key is not available.
    public var screenSaver: ScreenSaver?
    /// Makes a reloaded theme drawable on this terminal (``Theme/resolved(for:)``).
    public var resolveTheme: @Sendable (Theme) -> Theme = { $0 }
    /// This run's session in the store's QA journal (nil: the store journals it as the app's).
    public var journal: JournalContext?

    public init(store: EffectRunner.Backend, content: PaywallContent, theme: Theme) {
        self.store = store
        self.content = content
        self.theme = theme
    }

    /// Runs until the user quits. `start` is when the process began, for the report.
    public func run(on terminal: some TerminalBackend, start: ContinuousClock.Instant = .now) -> Report {
        var report = Report()
        var state = AppState(content: content, size: terminal.size, controlStyle: controlStyle)
        let runner = EffectRunner(
            store: store, inbox: inbox, log: log, groupID: content.leadingGroupID, journal: journal)
        defer { runner.stop() }
        runner.listen()
        // Through `update`, so the first read counts as pending and the loop polls fast for it.
        runner.send(.started, to: &state)
        var frame: Frame?
        var isDirty = true
        var lastTick = ContinuousClock.now
        var theme = self.theme
        var screenSaver = self.screenSaver
        var screenshots = state.screenshotRequests
        var reactions = ReactionJournal()
        while !state.shouldQuit {
            for event in inbox.drain() {
                reactions.observe(event, in: state, at: .now)
                if case .reloaded(let reload) = event {
                    theme = resolveTheme(reload.theme)
                    screenSaver?.theme = reload.theme
                }
                runner.send(event, to: &state)
                isDirty = true
            }
            reactions.noteOwnWork(in: state, at: .now)
            if state.screenshotRequests != screenshots {
                screenshots = state.screenshotRequests
                saveScreen(state, with: screenSaver)
            }
            if lastTick.duration(to: .now) >= .seconds(1) {
                lastTick = .now
                runner.send(.tick, to: &state)
            }
            if isDirty {
                // A size the terminal changed without a resize key is still an event: `update`
                // stays the only place the state changes.
                if state.size != terminal.size {
                    runner.send(.resize(terminal.size), to: &state)
                }
                let rendered = PaywallProgram.render(state, theme: theme, size: terminal.size)
                terminal.setCursor(rendered.cursor)
                terminal.draw(rendered.buffer)
                frame = rendered
                isDirty = false
                let elapsed = seconds(start.duration(to: .now))
                if let change = reactions.takeDue(in: state) {
                    runner.journalScreen(
                        state.journalScreenName, picture: ScreenExport(rendered.buffer).render(.ansi),
                        note: .paywallRedrawn(after: change))
                }
                if report.firstFrame == nil { report.firstFrame = elapsed }
                if state.isLoaded && report.firstLoadedFrame == nil {
                    report.firstLoadedFrame = elapsed
                    if exitsAfterFirstLoadedFrame { break }
                }
            }
            // Short waits while the store works, so its answer is drawn as soon as it posts;
            // long ones when idle, so an idle paywall costs no CPU.
            let wait = state.isBusy || !inboxIsEmpty(inbox) ? busyPollMilliseconds : pollMilliseconds
            guard let key = terminal.readKey(timeoutMilliseconds: wait) else { continue }
            var event = Event.key(key)
            if case .click(let point) = key {
                guard let target = frame?.target(at: point) else { continue }
                event = .activate(target)
            }
            log.write("key \(key)")
            // For the journal: the screen as the tester saw it when the key was pressed, in its
            // colours (the ANSI form; `kiosk report` reads it back with `ANSIScreen`).
            runner.send(event, to: &state, picture: frame.map { ScreenExport($0.buffer).render(.ansi) })
            isDirty = true
        }
        return report
    }

    private func inboxIsEmpty(_ inbox: Inbox) -> Bool { inbox.isEmpty }

    /// Writes the screen and says where in a banner (through the inbox, so `update` stays the
    /// only place the state changes).
    private func saveScreen(_ state: AppState, with saver: ScreenSaver?) {
        guard let saver else {
            inbox.post(.failed(.savingScreen, .invalidAction("no screenshot folder is configured")))
            return
        }
        do {
            inbox.post(.done(.screenSaved(path: try saver.save(state))))
        } catch {
            inbox.post(.failed(.savingScreen, .backend(error.message)))
        }
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
