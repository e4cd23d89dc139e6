import Foundation

/// How one rehearsal went.
public struct RehearsalResult: Sendable {
    public var path: String
    public var name: String
    /// Steps run (set-up, captions and waits not counted).
    public var steps: Int
    /// Every failure: each expectation that did not hold (the run goes on past one, so a
    /// report lists them all), or the one step that could not run and stopped it.
    public var failures: [RehearsalFailure] = []
    /// The first failure.
    public var failure: RehearsalFailure? { failures.first }
    /// `screenshot NAME` lines: the name and the screen's text.
    public var screenshots: [(name: String, text: String)] = []
    /// What the store steps printed, one line each, after the step they belong to.
    public var transcript: [String] = []
    /// Each store step's words as run, references resolved (what `kiosk store` would be given).
    public var storeSteps: [[String]] = []
    /// What the rehearsal exercised, for the coverage check.
    public var coverage = RehearsalCoverage()
    /// Wall time taken (reports for people and `--junit`; never in the comparable output).
    public var duration: Duration = .zero

    /// The step before which someone stopped the run (`q` in `--play`): neither passed nor
    /// failed, since what followed was never checked.
    public var stoppedAt: RehearsalStep?

    public var passed: Bool { failures.isEmpty && stoppedAt == nil }
}

/// Where and why a rehearsal failed, with the screen at that moment.
public struct RehearsalFailure: Sendable, Hashable {
    public var file: String
    public var line: Int
    /// The failing line as written.
    public var text: String
    /// `expected …, got …`.
    public var message: String
    /// The paywall's screen when it failed, if it had started; nil for a store step's error,
    /// whose message says it all.
    public var screen: String?
    /// Where `--screenshots` wrote the screen at the failure (`.txt` and `.svg`), if it did.
    public var screenshot: String?

    public var location: String { "\(file):\(line)" }
}

/// What a rehearsal exercised: store actions by name, paywall keys as `screen.action`.
public struct RehearsalCoverage: Sendable, Hashable {
    public var storeActions: Set<String> = []
    public var keys: Set<String> = []

    public init() {}

    public mutating func formUnion(_ other: RehearsalCoverage) {
        storeActions.formUnion(other.storeActions)
        keys.formUnion(other.keys)
    }
}

/// A step that did not hold: the message becomes the failure's.
struct StepFailure: Error {
    var message: String

    init(_ message: String) { self.message = message }
}
