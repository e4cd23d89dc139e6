import Foundation
import Rehearsal
import Testing

/// Rehearsals report everything (issue 27): every expectation that does not hold, the screen
/// saved with `--screenshots`, a store error as its message alone, and the run time.
@Suite struct RehearsalFailureReportTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rehearsal-report-\(UUID())")

    func run(_ text: String, screenshots: Bool = false) async throws -> RehearsalResult {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("report.rehearsal").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var environment = Library.environment
        if screenshots { environment.screenshotDirectory = folder.appendingPathComponent("shots").path }
        let script = try RehearsalParser.parse(path: path).get()
        return await RehearsalRunner(environment: environment).run(script)
    }

    @Test func everyFailingExpectationIsReportedAndTheRunGoesOn() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await run(
            """
            buy com.kiosk.lumen.lifetime
            expect no entitlements
            expect entitlement com.kiosk.lumen.filmpack
            expect entitlement com.kiosk.lumen.lifetime
            buy com.kiosk.lumen.filmpack
            expect entitlement com.kiosk.lumen.filmpack
            expect no entitlements
            """, screenshots: true)
        #expect(result.failures.map(\.line) == [2, 3, 7])
        #expect(result.steps == 7, "the steps after a failed expectation ran")
        let text = RehearsalReport(results: [result]).text()
        #expect(text.hasPrefix("FAIL \(result.path) (3 failures)"))
        #expect(text.components(separatedBy: "  the line: ").count == 4)
        #expect(text.components(separatedBy: "screen at the failure:").count == 2, "one screen, not three")
        let summary = try #require(text.split(separator: "\n").last)
        #expect(summary.hasPrefix("0 passed, 1 failed in ") && summary.hasSuffix(" s"))
        // Without times the summary is the counts alone (the screen above it may say " in ").
        let untimed = RehearsalReport(results: [result]).text(showingTime: false)
        #expect(untimed.split(separator: "\n").last == "0 passed, 1 failed")
        let saved = try #require(result.failures.first?.screenshot)
        #expect(saved.hasSuffix("report/failure-line-2.svg"))
        #expect(FileManager.default.fileExists(atPath: saved))
        #expect(text.contains("screenshot: \(saved)"))
    }

    @Test func aScreenshotThatCannotBeSavedIsSaidInTheFailure() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // The screenshot folder's place is taken by a file, so nothing can be written under it.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: folder.appendingPathComponent("shots"))
        let result = try await run("launch\nexpect entitlement com.kiosk.lumen.lifetime\n", screenshots: true)
        let failure = try #require(result.failure)
        #expect(failure.screenshot == nil)
        #expect(failure.screen != nil)
        #expect(failure.message.contains("the screenshot of it was not saved: "), "\(failure.message)")
    }

    @Test func aStoreErrorIsItsMessageWithoutAScreen() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await run("launch\nrefund 2000000000000099\nexpect no entitlements\n")
        #expect(result.failures.count == 1, "a step that cannot run stops the rehearsal")
        let failure = try #require(result.failure)
        #expect(failure.line == 2 && failure.screen == nil)
        let text = RehearsalReport(results: [result]).text(showingTime: false)
        #expect(text.split(separator: "\n").count == 4, "\(text)")
    }
}

/// The library's coverage check counts what ran (issue 25, item 10): a store action counts as
/// covered when it has run through, not when its line was read.
@Suite struct RehearsalCoverageTests {
    @Test func aRefusedStoreActionIsNotCoveredAndOneThatRanIs() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("coverage.rehearsal").path
        try """
        refund 999999
        expect error "999999"
        buy com.kiosk.lumen.filmpack
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let script = try RehearsalParser.parse(path: path).get()
        let result = await RehearsalRunner(environment: Library.environment).run(script)
        #expect(result.passed, "\(RehearsalReport(results: [result]).text())")
        #expect(!result.coverage.storeActions.contains("refund"), "the refund was refused: it did not run")
        #expect(result.coverage.storeActions.contains("buy"))
    }
}
