import XCTest

// Xcode's XCTExpectFailure functions, with Apple's declarations (less `issueMatcher`, whose
// XCTIssue Linux lacks). A failure recorded inside the expectation's scope is reported as an
// expected failure; a strict expectation no failure fulfils fails the test. The scope of the
// forms without a block is the rest of the test; of the block forms, the block.
//
// Linux's XCTest still counts the failure (it has no notion of an expected one), so the
// meaning is carried by the record the bridge writes (`ExpectedFailureLedger`), which
// `kiosk xctest` reads when it makes the results and the JUnit report (docs/xctest.md).

/// Expects a failure in the rest of the test (Apple's `XCTExpectFailure(_:options:)`).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTExpectFailure(_ failureReason: String? = nil, options: XCTExpectedFailure.Options) {
    ExpectedFailureLedger.shared.open(reason: failureReason, options: options, block: false)
}

/// Expects a failure in the rest of the test (Apple's `XCTExpectFailure(_:enabled:strict:)`).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTExpectFailure(_ failureReason: String? = nil, enabled: Bool? = nil, strict: Bool? = nil) {
    XCTExpectFailure(failureReason, options: options(enabled: enabled, strict: strict))
}

/// Expects a failure inside `failingBlock` (Apple's `XCTExpectFailure(_:options:failingBlock:)`).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTExpectFailure<R>(
    _ failureReason: String? = nil, options: XCTExpectedFailure.Options, failingBlock: () throws -> R
) rethrows -> R {
    let scope = ExpectedFailureLedger.shared.open(reason: failureReason, options: options, block: true)
    defer { ExpectedFailureLedger.shared.close(scope) }
    return try failingBlock()
}

/// Expects a failure inside `failingBlock` (Apple's `XCTExpectFailure(_:enabled:strict:failingBlock:)`).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTExpectFailure<R>(
    _ failureReason: String? = nil, enabled: Bool? = nil, strict: Bool? = nil, failingBlock: () throws -> R
) rethrows -> R {
    try XCTExpectFailure(
        failureReason, options: options(enabled: enabled, strict: strict), failingBlock: failingBlock)
}

private func options(enabled: Bool?, strict: Bool?) -> XCTExpectedFailure.Options {
    let options = XCTExpectedFailure.Options()
    if let enabled { options.isEnabled = enabled }
    if let strict { options.isStrict = strict }
    return options
}
