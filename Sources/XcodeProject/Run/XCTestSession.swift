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
    /// The test plan to run (`--test-plan`: a name among the scheme's, or an `.xctestplan`);
    /// nil for the scheme's default one, if it has one.
    public var testPlan: String?
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
        generateOnly: Bool = false, testPlan: String? = nil, echo: @escaping @Sendable (String) -> Void
    ) {
        self.request = request
        self.kioskPath = kioskPath
        self.scratchPath = scratchPath
        self.junitPath = junitPath
        self.generateOnly = generateOnly
        self.testPlan = testPlan
        self.echo = echo
    }

    /// Runs every test target the request means (a scheme's testables, each in a package of
    /// its own), writes one JUnit report of all of them, and ends as the worst of them ended.
    /// - Throws: `XCTestPlanningError` when the project cannot be used or cannot compile on
    ///   Linux (nothing is then built), `XcodeProjectError` when a file cannot be written.
    public func run() throws -> Ending {
        let plans = try XCTestPlanner.plans(request, testPlan: testPlan)
        var targets: [JUnitReport.Target] = []
        var outcomes: [XCTestRunner.Outcome] = []
        var folder = ""
        for plan in plans {
            for note in plan.notes { echo(note.description) }
            for module in plan.appModules {
                for file in module.leftOut {
                    echo("kiosk xctest: left out of \(module.name): \(file.path) (\(file.reason))")
                }
            }
            folder = try XCTestPackageWriter(kioskPath: kioskPath).write(plan)
            echo("kiosk xctest: package written to \(folder)")
            if generateOnly { continue }
            let outcome = try runner(for: plan, folder: folder).run()
            targets.append(
                JUnitReport.Target(
                    name: plan.testModule.name,
                    results: outcome.compiled
                        ? outcome.results : JUnitReport.buildFailure(outcome.compilerErrors)))
            outcomes.append(outcome)
            echo(summary(outcome, target: plans.count > 1 ? plan.testModule.name : nil))
            if let timings = outcome.timings.line { echo(timings) }
        }
        if generateOnly { return .generated(folder) }
        let report =
            targets.count == 1
            ? JUnitReport(name: targets[0].name, results: targets[0].results)
            : JUnitReport(
                name: request.schemeOrTarget ?? targets.map(\.name).joined(separator: "+"), targets: targets)
        if let junitPath {
            do {
                try Data(report.xml.utf8).write(to: URL(fileURLWithPath: junitPath))
            } catch {
                throw XcodeProjectError("cannot write the JUnit report to \(junitPath): \(error)")
            }
        }
        if outcomes.count > 1 { echo(total(outcomes)) }
        if outcomes.contains(where: { !$0.compiled }) { return .didNotCompile }
        return outcomes.allSatisfy(\.succeeded) ? .passed : .testsFailed
    }

    /// The runner of one plan's package, with the tests its scheme or test plan skips or selects.
    private func runner(for plan: XCTestPlan, folder: String) -> XCTestRunner {
        var runner = XCTestRunner(
            packageFolder: folder,
            scratchPath: scratchPath ?? (folder as NSString).appendingPathComponent(".build"),
            linkedPaths: LinkedPaths(plan: plan), bundleResources: plan.bundleResources,
            skip: plan.selection.skipPatterns(module: plan.testModule.name),
            filter: plan.selection.filterPatterns(module: plan.testModule.name), echo: echo)
        runner.packageModules = plan.appModules.map(\.name) + [plan.testModule.name]
        return runner
    }

    /// `kiosk xctest: 2 targets: 9 tests: 7 passed, 1 failed, 1 skipped, 0 expected failures`.
    func total(_ outcomes: [XCTestRunner.Outcome]) -> String {
        let counts = Counts(outcomes.flatMap(\.results))
        let unbuilt = outcomes.filter { !$0.compiled }.count
        return "kiosk xctest: \(outcomes.count) targets: \(counts)"
            + (unbuilt == 0 ? "" : " (\(unbuilt) did not compile)")
    }

    /// `kiosk xctest: 7 tests: 5 passed, 1 failed, 0 skipped, 1 expected failure`, the target
    /// named after `kiosk xctest:` when the run has several.
    func summary(_ outcome: XCTestRunner.Outcome, target: String? = nil) -> String {
        let prefix = "kiosk xctest: " + (target.map { "\($0): " } ?? "")
        guard outcome.compiled else {
            return prefix + "the package did not compile (\(outcome.compilerErrors.count) errors above)"
        }
        var line = prefix + Counts(outcome.results).description
        if outcome.results.isEmpty || outcome.testStatus >= 128 {
            line += " (swift test ended with status \(outcome.testStatus) before reporting every test)"
        }
        return line
    }

    /// How many tests ended each way, as the summary says it.
    private struct Counts: CustomStringConvertible {
        var total = 0, passed = 0, failed = 0, skipped = 0, expected = 0

        init(_ results: [XCTestCaseResult]) {
            total = results.count
            for result in results {
                switch result.outcome {
                case .passed: passed += 1
                case .failed: failed += 1
                case .skipped: skipped += 1
                case .expectedFailure: expected += 1
                }
            }
        }

        var description: String {
            "\(total) tests: \(passed) passed, \(failed) failed, \(skipped) skipped, "
                + "\(expected) expected failure\(expected == 1 ? "" : "s")"
        }
    }
}
