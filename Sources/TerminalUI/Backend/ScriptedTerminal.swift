import Foundation

/// A ``HeadlessTerminal`` driven by a script, for tests of a whole main loop: each step waits
/// until the screen shows some text, then presses keys, resizes or runs a closure (saving a file
/// the app watches, say). When the script is done the keys stop; when a step waits past the
/// deadline, the terminal sends ctrl-c so the loop ends and says which text never appeared.
///
/// ```swift
/// let terminal = ScriptedTerminal(size: Size(columns: 80, rows: 24), steps: [
///     .init(waitFor: "Subscribe", keys: [.enter]),
///     .init(waitFor: "Confirm", keys: [.enter]),
///     .init(waitFor: "Purchased", keys: [.character("q")]),
/// ])
/// app.run(on: terminal)
/// #expect(terminal.timedOutWaitingFor == nil)
/// ```
public final class ScriptedTerminal: TerminalBackend {
    /// One step: wait for `waitFor` on screen, then act.
    public struct Step: Sendable {
        public enum Action: Sendable {
            case keys([Key])
            case resize(Size)
            case run(@Sendable () -> Void)
        }

        public var waitFor: String
        public var action: Action

        public init(waitFor: String, keys: [Key]) {
            self.init(waitFor: waitFor, action: .keys(keys))
        }

        public init(waitFor: String, action: Action) {
            self.waitFor = waitFor
            self.action = action
        }
    }

    /// The terminal the app draws on: its ``HeadlessTerminal/screen`` is what a user would see.
    public let headless: HeadlessTerminal
    private var steps: [Step]
    private let deadline: ContinuousClock.Instant
    /// The text a step waited for in vain, nil when every step ran in time.
    public private(set) var timedOutWaitingFor: String?

    /// - Parameter timeout: how long the whole script may take (generous: the machine is shared).
    public init(size: Size, steps: [Step], timeout: Duration = .seconds(60)) {
        headless = HeadlessTerminal(size: size)
        self.steps = steps
        deadline = .now + timeout
    }

    public var size: Size { headless.size }
    public func draw(_ buffer: Buffer) { headless.draw(buffer) }
    public func setCursor(_ position: Point?) { headless.setCursor(position) }
    public func invalidate() { headless.invalidate() }
    public func end() { headless.end() }

    /// A queued key; else the next step's action once its text is on screen; else a short wait.
    public func readKey(timeoutMilliseconds: Int32) -> Key? {
        if let key = headless.readKey() { return key }
        if let step = steps.first, headless.screen.plainText.contains(step.waitFor) {
            steps.removeFirst()
            switch step.action {
            case .keys(let keys): for key in keys { headless.press(key) }
            case .resize(let size): headless.resize(to: size)
            case .run(let body): body()
            }
            return headless.readKey()
        }
        if ContinuousClock.now > deadline {
            if timedOutWaitingFor == nil { timedOutWaitingFor = steps.first?.waitFor ?? "the app to quit" }
            return .ctrl("c")
        }
        // As long as a terminal would wait, but short: the script reacts quickly to new frames.
        let milliseconds = timeoutMilliseconds < 0 ? 10 : min(Int(timeoutMilliseconds), 10)
        Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
        return nil
    }
}
