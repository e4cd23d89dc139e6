import Foundation

/// Reads Swift Testing's event stream (`swift test --event-stream-output-path FILE
/// --experimental-event-stream-version 0`, JSON Lines) into test case results, beside what
/// `XCTestLog` reads from XCTest's console, as one `swift test` runs both frameworks.
///
/// The stream is used rather than the console (whose lines are for people and change between
/// releases) or `--xunit-output` (whose Swift Testing file has no failure's `file:line` and
/// counts a known issue as a pass). Each test function is one result: its class is its suite
/// (`Outer.Inner`; empty for a free function), its name the function's (`buys()`), an issue is
/// a failure at `file:line`, a known issue (`withKnownIssue`) an expected failure, and
/// `.disabled` a skip with its comment.
public enum SwiftTestingLog {
    public static func results(from stream: String) -> [XCTestCaseResult] {
        let decoder = JSONDecoder()
        var tests: [String: Record.Payload] = [:]
        var started: [String: Double] = [:]
        var failures: [String: [String]] = [:]
        var known: [String: [(message: String, comment: String?)]] = [:]
        var results: [XCTestCaseResult] = []
        for line in stream.split(separator: "\n") {
            // A line that is not a record (a test killed while writing) is passed over.
            guard let record = try? decoder.decode(Record.self, from: Data(line.utf8)) else { continue }
            let payload = record.payload
            if record.kind == "test" {
                if let id = payload.id { tests[id] = payload }
                continue
            }
            guard record.kind == "event", let id = payload.testID, let test = tests[id],
                test.kind == "function"
            else { continue }
            switch payload.kind {
            case "testStarted":
                started[id] = payload.instant?.absolute
            case "issueRecorded":
                let text = payload.messages?.map(\.text) ?? []
                let location = payload.issue?.sourceLocation ?? payload.sourceLocation
                let message =
                    (location.map { "\($0.filePath):\($0.line): " } ?? "") + (text.first ?? "issue recorded")
                    + text.dropFirst().map { " - \($0)" }.joined()
                if payload.issue?.isKnown == true {
                    known[id, default: []].append(
                        (message, payload.comments?.first ?? text.dropFirst().first))
                } else {
                    failures[id, default: []].append(message)
                }
            case "testSkipped":
                results.append(
                    result(
                        test, id: id, outcome: .skipped(reason: payload.comments?.first ?? "skipped"),
                        failures: [],
                        seconds: 0))
            case "testEnded":
                let seconds = max(
                    0, (payload.instant?.absolute ?? 0) - (started[id] ?? payload.instant?.absolute ?? 0))
                let outcome: XCTestCaseResult.Outcome
                if failures[id] != nil {
                    outcome = .failed
                } else if let known = known[id] {
                    outcome = .expectedFailure(reason: known.first?.comment ?? "known issue")
                } else {
                    outcome = .passed
                }
                results.append(
                    result(
                        test, id: id, outcome: outcome,
                        failures: failures[id] ?? known[id]?.map(\.message) ?? [], seconds: seconds))
            default:
                continue
            }
        }
        return results
    }

    /// The result of test `id`: `Module.Outer/Inner/name()/File.swift:4:6` has the class
    /// `Outer.Inner`.
    private static func result(
        _ test: Record.Payload, id: String, outcome: XCTestCaseResult.Outcome, failures: [String],
        seconds: Double
    ) -> XCTestCaseResult {
        var path = id.split(separator: "/").map(String.init)
        if let last = path.last, last.contains(".swift:") { path.removeLast() }
        if !path.isEmpty { path.removeLast() }
        // The first component is `Module.Suite` (or `Module` alone for a free function).
        if let first = path.first {
            let suite = first.split(separator: ".", maxSplits: 1).dropFirst().first.map(String.init)
            path = (suite.map { [$0] } ?? []) + path.dropFirst()
        }
        return XCTestCaseResult(
            className: path.joined(separator: "."), name: test.name ?? id, outcome: outcome,
            failures: failures,
            seconds: seconds)
    }

    /// The part of a stream record this reads.
    struct Record: Decodable {
        var kind: String
        var payload: Payload

        struct Payload: Decodable {
            var kind: String?
            var id: String?
            var name: String?
            var testID: String?
            var instant: Instant?
            var messages: [Message]?
            var issue: Issue?
            var comments: [String]?
            var sourceLocation: Location?

            enum CodingKeys: String, CodingKey {
                case kind, id, name, testID, instant, messages, issue
                case comments = "_comments"
                case sourceLocation = "_sourceLocation"
            }
        }

        struct Instant: Decodable { var absolute: Double }
        struct Message: Decodable { var text: String }
        struct Issue: Decodable {
            var isKnown: Bool?
            var sourceLocation: Location?
        }
        struct Location: Decodable {
            var filePath: String
            var line: Int

            enum CodingKeys: String, CodingKey {
                case filePath = "_filePath"
                case line
            }
        }
    }
}
