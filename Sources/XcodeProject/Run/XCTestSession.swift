import Foundation

/// One `kiosk xctest` run from request to report: plan, write the package, build and test it,
/// write the JUnit report. The CLI only parses options and prints.
public struct XCTestSession {
    public var request: XCTestRequest
    public var kioskPath: String
    /// The build folder; nil for `<package>/.build`. A path shared between runs and projects
    /// keeps Kiosk's compiled modules (docs/ci.md).
    public var scratchPath: String?
    /// Where to write the JUnit report, if anywhere.
    public var junitPath: String?
    /// Only write the package (and say where), without building it.
    public var generateOnly: Bool
    public var echo: @Sendable (String) -> Void

    /// How a run ended, for the exit status.
    public enum Ending: Sendable, Equatable {
        case passed
        case testsFailed
        case didNotCompile
        case generated(String)
    }

    public init(
        request: XCTestRequest, kioskPath: String, scratchPath: String? = nil, junitPath: String? = nil,
        generateOnly: Bool = false, echo: @escaping @Sendable (String) -> Void
    ) {
        self.request = request
        self.kioskPath = kioskPath
        self.scratchPath = scratchPath
        self.junitPath = junitPath
        self.generateOnly = generateOnly
        self.echo = echo
    }

    /// - Throws: `XCTestPlanningError` when the project cannot be used or cannot compile on
    ///   Linux (nothing is then built), `XcodeProjectError` when a file cannot be written.
    public func run() throws -> Ending {
        let plan = try XCTestPlanner.plan(request)
        for note in plan.notes { echo(note.description) }
        for module in plan.appModules {
            for file in module.leftOut {
                echo("kiosk xctest: left out of \(module.name): \(file.path) (\(file.reason))")
            }
        }
        let folder = try XCTestPackageWriter(kioskPath: kioskPath).write(plan)
        echo("kiosk xctest: package written to \(folder)")
        if generateOnly { return .generated(folder) }
        let scratch = scratchPath ?? (folder as NSString).appendingPathComponent(".build")
        let runner = XCTestRunner(
            packageFolder: folder, scratchPath: scratch, linkedPaths: LinkedPaths(plan: plan),
            bundleResources: plan.bundleResources, echo: echo)
        let outcome = try runner.run()
        let report =
            outcome.compiled
            ? JUnitReport(name: plan.testModule.name, results: outcome.results)
            : JUnitReport.buildFailure(name: plan.testModule.name, errors: outcome.compilerErrors)
        if let junitPath {
            do {
                try Data(report.xml.utf8).write(to: URL(fileURLWithPath: junitPath))
            } catch {
                throw XcodeProjectError("cannot write the JUnit report to \(junitPath): \(error)")
            }
        }
        echo(summary(outcome))
        if !outcome.compiled { return .didNotCompile }
        return outcome.succeeded ? .passed : .testsFailed
    }

    /// `kiosk xctest: 7 tests: 5 passed, 1 failed, 0 skipped, 1 expected failure`.
    func summary(_ outcome: XCTestRunner.Outcome) -> String {
        guard outcome.compiled else {
            return "kiosk xctest: the package did not compile (\(outcome.compilerErrors.count) errors above)"
        }
        var passed = 0, failed = 0, skipped = 0, expected = 0
        for result in outcome.results {
            switch result.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            case .expectedFailure: expected += 1
            }
        }
        var line =
            "kiosk xctest: \(outcome.results.count) tests: \(passed) passed, \(failed) failed, \(skipped) skipped, "
            + "\(expected) expected failure\(expected == 1 ? "" : "s")"
        if outcome.results.isEmpty || outcome.testStatus >= 128 {
            line += " (swift test ended with status \(outcome.testStatus) before reporting every test)"
        }
        return line
    }
}
