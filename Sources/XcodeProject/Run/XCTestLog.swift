import Foundation

/// Reads swift-corelibs-xctest's console output into test case results:
///
///     Test Case 'PurchaseTests.testRefund' started at 2026-12-02 08:00:00.000
///     /path/PurchaseTests.swift:42: error: PurchaseTests.testRefund : XCTAssertEqual failed: ...
///     Test Case 'PurchaseTests.testRefund' failed (0.012 seconds)
///
/// Expected failures (from Kiosk's `XCTExpectFailure` bridge) then turn a failed case whose
/// every failure was expected into `.expectedFailure`, and a strict expectation that saw no
/// failure into a failure, as Xcode counts them.
public enum XCTestLog {
    public static func results(from output: String, expectations: [ExpectedFailureRecord] = [])
        -> [XCTestCaseResult]
    {
        var results: [XCTestCaseResult] = []
        var failures: [String: [String]] = [:]
        var skips: [String: String] = [:]
        for line in output.split(separator: "\n").map(String.init) {
            if let (test, state, seconds) = caseEnd(line) {
                let parts = test.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                let outcome: XCTestCaseResult.Outcome =
                    switch state {
                    case "passed": .passed
                    case "skipped": .skipped(reason: skips[test] ?? "skipped")
                    default: .failed
                    }
                results.append(
                    XCTestCaseResult(
                        className: parts[0], name: parts[1], outcome: outcome, failures: failures[test] ?? [],
                        seconds: seconds))
            } else if let (test, message) = issue(line) {
                if message.hasPrefix("Test skipped") {
                    let reason = message.dropFirst("Test skipped".count).drop {
                        $0 == " " || $0 == "-" || $0 == ":"
                    }
                    skips[test] = reason.isEmpty ? "skipped" : String(reason)
                } else {
                    failures[test, default: []].append(message)
                }
            }
        }
        return results.map { apply(expectations, to: $0) }
    }

    /// The case's outcome once the expected failures it recorded are taken into account.
    static func apply(_ records: [ExpectedFailureRecord], to result: XCTestCaseResult) -> XCTestCaseResult {
        let mine = records.filter { $0.test == "\(result.className).\(result.name)" }
        guard !mine.isEmpty else { return result }
        var result = result
        let expected = mine.filter { $0.kind == .matched }.map(\.failure)
        let unmatched = mine.filter { $0.kind == .unfulfilled }
        let unexpected = result.failures.filter { !expected.contains($0) }
        if !unmatched.isEmpty {
            let said = unmatched.map {
                "expected a failure that did not happen\($0.reason.map { ": \($0)" } ?? "")"
            }
            result.outcome = .failed
            result.failures = unexpected + said.filter { line in !unexpected.contains { $0.hasSuffix(line) } }
        } else if case .failed = result.outcome, unexpected.isEmpty, !expected.isEmpty {
            let reason = mine.first { $0.kind == .matched }?.reason
            result.outcome = .expectedFailure(reason: reason ?? "expected failure")
        }
        return result
    }

    /// `Test Case 'A.b' passed (0.001 seconds)` → ("A.b", "passed", 0.001).
    private static func caseEnd(_ line: String) -> (String, String, Double)? {
        guard line.hasPrefix("Test Case '"),
            let close = line.range(of: "' ", range: line.index(line.startIndex, offsetBy: 11)..<line.endIndex)
        else { return nil }
        let test = String(line[line.index(line.startIndex, offsetBy: 11)..<close.lowerBound])
        let rest = line[close.upperBound...]
        guard let state = ["passed", "failed", "skipped"].first(where: { rest.hasPrefix($0 + " (") }) else {
            return nil
        }
        let number = rest.dropFirst(state.count + 2).prefix { $0.isNumber || $0 == "." }
        return (test, state, Double(number) ?? 0)
    }

    /// `/path/File.swift:42: error: A.b : message` → ("A.b", "/path/File.swift:42: message"); a
    /// skip is printed without `error:` (`/path/File.swift:9: A.b : Test skipped - reason`).
    private static func issue(_ line: String) -> (String, String)? {
        guard let separator = line.range(of: " : ") else { return nil }
        let left = line[..<separator.lowerBound]
        guard let nameStart = left.range(of: ": ", options: .backwards) else { return nil }
        let test = String(left[nameStart.upperBound...])
        guard test.contains("."), !test.contains(" ") else { return nil }
        var location = left[..<nameStart.lowerBound]
        if location.hasSuffix(": error") { location = location.dropLast(": error".count) }
        guard location.contains(":") else { return nil }
        let message = String(line[separator.upperBound...])
        if message.hasPrefix("Test skipped") { return (test, message) }
        return (test, "\(location): \(message)")
    }
}
