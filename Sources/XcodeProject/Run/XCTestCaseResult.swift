/// How one XCTest test case ended, as a CI report says it.
public struct XCTestCaseResult: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case passed
        case failed
        case skipped(reason: String)
        /// Every failure it recorded was inside `XCTExpectFailure`, as Xcode reports it.
        case expectedFailure(reason: String)
    }

    /// The test class (`PurchaseTests`).
    public var className: String
    /// The test method (`testRefund`).
    public var name: String
    public var outcome: Outcome
    /// The failures it recorded, as `file:line: message`.
    public var failures: [String]
    /// Its run time in seconds, as XCTest printed it.
    public var seconds: Double

    public init(
        className: String, name: String, outcome: Outcome, failures: [String] = [], seconds: Double = 0
    ) {
        self.className = className
        self.name = name
        self.outcome = outcome
        self.failures = failures
        self.seconds = seconds
    }
}
