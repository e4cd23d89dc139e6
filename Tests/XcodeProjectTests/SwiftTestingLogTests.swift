import Foundation
import Testing

@testable import XcodeProject

@Suite struct SwiftTestingLogTests {
    static let file = "/tmp/st-probe/Tests/LibTests/SwiftTests.swift"

    static func results() throws -> [XCTestCaseResult] {
        let path = (Fixtures.folder as NSString).appendingPathComponent("SwiftTesting/events.jsonl")
        let data = try #require(FileManager.default.contents(atPath: path))
        return SwiftTestingLog.results(from: String(decoding: data, as: UTF8.self))
    }

    @Test func eachFunctionIsOneResultInTheOrderItEnded() throws {
        let results = try Self.results()
        #expect(
            results.map(\.name) == [
                "disabled()", "fails()", "passes()", "parameterized(value:)", "knownIssue()",
                "freeFunction()",
            ])
        #expect(results.filter { $0.name != "freeFunction()" }.allSatisfy { $0.className == "ModernTests" })
        // A function outside any suite has no class.
        #expect(results[5].className == "")
        #expect(results[5].outcome == .passed)
        #expect(results[2].outcome == .passed)
        #expect(results[2].seconds > 0 && results[2].seconds < 1)
    }

    @Test func anIssueIsAFailureAtItsFileAndLine() throws {
        let results = try Self.results()
        #expect(results[1].outcome == .failed)
        #expect(results[1].failures == ["\(Self.file):5: Expectation failed: (two() → 2) == 3 - on purpose"])
        // A parameterized test fails once, with the failing case's issue.
        #expect(results[3].outcome == .failed)
        #expect(results[3].failures == ["\(Self.file):8: Expectation failed: (value → 2) == 1"])
    }

    @Test func disabledIsASkipAndAKnownIssueAnExpectedFailure() throws {
        let results = try Self.results()
        #expect(results[0].outcome == .skipped(reason: "not on Linux"))
        #expect(results[4].outcome == .expectedFailure(reason: "a known bug"))
        #expect(results[4].failures == ["\(Self.file):7: Expectation failed: (two() → 2) == 4 - a known bug"])
    }

    @Test func linesThatAreNotRecordsArePassedOver() {
        #expect(SwiftTestingLog.results(from: "not json\n{\"kind\":\"event\"}\n").isEmpty)
    }
}
