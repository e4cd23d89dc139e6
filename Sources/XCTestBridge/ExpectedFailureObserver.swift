import XCTest

/// Tells the ledger of each failure XCTest records and of each test's end.
final class ExpectedFailureObserver: XCTestObservation {
    let ledger: ExpectedFailureLedger

    init(ledger: ExpectedFailureLedger) {
        self.ledger = ledger
    }

    func testCase(
        _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
        atLine lineNumber: Int
    ) {
        ledger.failed(test: testCase.name, description: description, file: filePath, line: lineNumber)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        ledger.finished(test: testCase.name)
    }
}
