import Foundation
import Testing

@testable import XcodeProject

@Suite struct XCTestLogTests {
    static let output = """
        Test Suite 'All tests' started at 2026-12-02 08:00:00.000
        Test Case 'StoreTests.testBuy' started at 2026-12-02 08:00:00.001
        Test Case 'StoreTests.testBuy' passed (0.012 seconds)
        Test Case 'StoreTests.testRefund' started at 2026-12-02 08:00:00.013
        /p/StoreTests.swift:42: error: StoreTests.testRefund : XCTAssertFalse failed - still owned
        Test Case 'StoreTests.testRefund' failed (0.5 seconds)
        Test Case 'StoreTests.testLater' started at 2026-12-02 08:00:00.600
        /p/StoreTests.swift:50: StoreTests.testLater : Test skipped - not on Linux
        Test Case 'StoreTests.testLater' skipped (0.0 seconds)
        Test Case 'BugTests.testKnown' started at 2026-12-02 08:00:00.700
        /p/BugTests.swift:7: error: BugTests.testKnown : XCTAssertEqual failed: ("2") is not equal to ("3")
        Test Case 'BugTests.testKnown' failed (0.001 seconds)
        Test Case 'BugTests.testUnfulfilled' started at 2026-12-02 08:00:00.800
        /p/BugTests.swift:12: error: BugTests.testUnfulfilled : failed - expected a failure that did not happen: nope
        Test Case 'BugTests.testUnfulfilled' failed (0.001 seconds)
        """

    static let records = [
        ExpectedFailureRecord(
            test: "BugTests.testKnown", kind: .matched, reason: "known bug",
            failure: #"/p/BugTests.swift:7: XCTAssertEqual failed: ("2") is not equal to ("3")"#),
        ExpectedFailureRecord(
            test: "BugTests.testUnfulfilled", kind: .unfulfilled, reason: "nope", failure: ""),
    ]

    @Test func readsEachCaseWithItsFailuresAndTime() {
        let results = XCTestLog.results(from: Self.output)
        #expect(
            results.map(\.name) == ["testBuy", "testRefund", "testLater", "testKnown", "testUnfulfilled"])
        #expect(results[0].outcome == .passed)
        #expect(results[0].seconds == 0.012)
        #expect(results[1].outcome == .failed)
        #expect(results[1].failures == ["/p/StoreTests.swift:42: XCTAssertFalse failed - still owned"])
        #expect(results[2].outcome == .skipped(reason: "not on Linux"))
    }

    @Test func expectedFailuresAreReportedAsExpected() {
        let results = XCTestLog.results(from: Self.output, expectations: Self.records)
        #expect(results[3].outcome == .expectedFailure(reason: "known bug"))
        #expect(results[4].outcome == .failed)
        #expect(
            results[4].failures == [
                "/p/BugTests.swift:12: failed - expected a failure that did not happen: nope"
            ])
        // A failure outside the expectation keeps the case failed.
        let other = XCTestLog.results(
            from: Self.output.replacingOccurrences(
                of: "Case 'BugTests.testKnown' failed", with: "Case 'BugTests.testKnown' failed")
                + "\n",
            expectations: [
                ExpectedFailureRecord(
                    test: "StoreTests.testRefund", kind: .matched, reason: nil, failure: "/p/Other.swift:1: x"
                )
            ])
        #expect(other[1].outcome == .failed)
    }

    @Test func theJUnitReportCountsExpectedFailuresAsSkipped() {
        let results = XCTestLog.results(from: Self.output, expectations: Self.records)
        let xml = JUnitReport(name: "AppTests", results: results).xml
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
        #expect(
            xml.contains(#"<testsuites name="AppTests" tests="5" failures="2" skipped="2" time="0.514">"#))
        #expect(xml.contains(#"<testcase classname="AppTests.StoreTests" name="testBuy" time="0.012"/>"#))
        #expect(
            xml.contains(#"<failure message="/p/StoreTests.swift:42: XCTAssertFalse failed - still owned">"#))
        #expect(xml.contains(#"<skipped message="expected failure: known bug"/>"#))
        #expect(
            xml.contains(#"XCTAssertEqual failed: (&quot;2&quot;) is not equal to (&quot;3&quot;)"#) == false)
        #expect(xml.contains(#"XCTAssertEqual failed: ("2") is not equal to ("3")</system-out>"#))
        #expect(xml.contains(#"<skipped message="not on Linux"/>"#))
    }

    @Test func aBuildFailureIsOneFailedCase() {
        let xml = JUnitReport.buildFailure(name: "AppTests", errors: ["/p/A.swift:1:2: error: <oops> & more"])
            .xml
        #expect(xml.contains(#"<testcase classname="AppTests.build" name="compile" time="0.000">"#))
        #expect(xml.contains("/p/A.swift:1:2: error: &lt;oops&gt; &amp; more</failure>"))
    }
}
