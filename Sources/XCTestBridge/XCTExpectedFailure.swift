/// Xcode's `XCTExpectedFailure` for Linux's XCTest, which has none: the options of an
/// expected failure (`isEnabled`, `isStrict`) and the reason given. Apple's class also has
/// `issueMatcher` (over `XCTIssue`, which Linux lacks too); here every failure in the scope
/// matches, as Apple's does when no matcher is given.
public final class XCTExpectedFailure: Sendable {
    /// Why the test expects a failure, as given to `XCTExpectFailure`.
    public let failureReason: String?

    init(failureReason: String?) {
        self.failureReason = failureReason
    }

    /// How an expected failure is checked: Apple's `XCTExpectedFailure.Options`.
    public final class Options {
        /// False turns the expectation off: failures count as failures, the block runs normally.
        public var isEnabled = true
        /// True (the default): the test fails when no failure fulfils the expectation.
        public var isStrict = true

        public init() {}

        /// Options under which an unfulfilled expected failure does not fail the test.
        public static func nonStrict() -> Options {
            let options = Options()
            options.isStrict = false
            return options
        }
    }
}
