import Foundation

/// Turns a request into a plan: finds the test target (by scheme or name, in an Xcode project
/// or a Swift package), the modules its tests import and the modules those import (app,
/// framework and library targets, local packages' targets, modules named on the command line),
/// the StoreKit configuration, and what of it Linux cannot compile. Nothing is written here.
public enum XCTestPlanner {
    public static func plan(_ request: XCTestRequest) throws(XCTestPlanningError) -> XCTestPlan {
        do {
            return try makePlan(request)
        } catch let error as XCTestPlanningError {
            throw error
        } catch let error as XcodeProjectError {
            throw .project(error)
        } catch {
            throw .project(XcodeProjectError("\(error)"))
        }
    }

    private static func makePlan(_ request: XCTestRequest) throws -> XCTestPlan {
        let input = try ProjectInput.resolve(request.projectPath)
        let side = try testSide(request, input: input)
        let testFacts = try side.files.map { path throws(XcodeProjectError) in
            try SwiftSourceFacts.read(path: path, defaultMainActor: side.settings.defaultIsolationIsMainActor)
        }
        try requireStoreKit(testFacts, target: input.isFiles ? nil : side.name)

        let pool = try ModulePool(request: request, input: input, testFacts: testFacts, testName: side.name)
        let resolution = try pool.resolve(testFacts: testFacts, testName: side.name)
        var blockers = resolution.blockers
        var notes = pool.fetchNotes
        var testSettings = side.settings.withoutDefaultMainActor
        if let call = mainActorSuperCall(testFacts, settings: side.settings) {
            testSettings.languageMode = 5
            testSettings.upcomingFeatures.append("StrictConcurrency")
            notes.append(
                SourceFinding(
                    file: call.file, line: call.line, kind: .bridged,
                    message:
                        "awaits super.\(call.method)() in a @MainActor test class, which Xcode's XCTest isolates to the "
                        + "main actor and Linux's does not, so the Swift 6 language mode refuses it; the test target is "
                        + "built in the Swift 5 mode with complete concurrency checking, where it is a warning"
                ))
        }
        let testModule = try pool.testModule(
            name: side.name, files: side.files, facts: testFacts, settings: testSettings, root: side.root,
            blockers: &blockers)
        for facts in testFacts + resolution.keptFacts {
            findLinuxGaps(facts, blockers: &blockers, notes: &notes)
        }
        var seen = Set<String>()
        blockers = blockers.filter { seen.insert($0.description).inserted }
        guard blockers.isEmpty else { throw XCTestPlanningError.cannotCompileOnLinux(blockers) }

        let configurations = try side.configurations(request)
        let root = request.outputRoot ?? input.folder
        let packageFolder = ((root as NSString).appendingPathComponent(".kiosk/xctest") as NSString)
            .appendingPathComponent(side.name)
        return XCTestPlan(
            projectFolder: input.folder, packageFolder: packageFolder, appModules: resolution.modules,
            testModule: testModule, storeKitConfigurations: configurations,
            usesExpectFailure: testFacts.contains { $0.identifiers.contains("XCTExpectFailure") },
            notes: notes, bundleResources: side.bundleResources + resolution.bundleResources)
    }

    /// The test target's files and settings, from the project, the package or `--tests`.
    private static func testSide(_ request: XCTestRequest, input: ProjectInput) throws -> TestSide {
        var side: TestSide
        switch input {
        case .xcode(let project):
            let schemes = XcodeScheme.schemes(ofProject: project.path)
            let (target, scheme) = try chooseTestTarget(request, project: project, schemes: schemes)
            side = TestSide(xcode: target, scheme: scheme, project: project)
        case .package(let package):
            side = try TestSide(package: package, named: request.schemeOrTarget)
        case .files(let folder):
            guard !request.tests.isEmpty else {
                throw XcodeProjectError(
                    "give an .xcodeproj or a Swift package, or the test files with --tests FILE_OR_FOLDER")
            }
            side = TestSide(name: "Tests", files: [], settings: SwiftBuildSettings([:]), root: folder)
        }
        if !request.tests.isEmpty { side.files = try swiftFiles(in: request.tests) }
        guard !side.files.isEmpty else {
            throw XcodeProjectError(
                "the test target \(side.name) has no Swift files; give them with --tests FILE_OR_FOLDER")
        }
        return side
    }

    /// The test target a scheme or target name means, and the scheme when it was one.
    private static func chooseTestTarget(
        _ request: XCTestRequest, project: XcodeProject, schemes: [XcodeScheme]
    )
        throws(XcodeProjectError) -> (XcodeTarget, XcodeScheme?)
    {
        let unitTests = project.targets.filter(\.isUnitTestBundle)
        guard let name = request.schemeOrTarget else {
            guard unitTests.count == 1 else {
                let names = unitTests.map(\.name).joined(separator: ", ")
                throw XcodeProjectError(
                    unitTests.isEmpty
                        ? "\(project.path) has no unit-test target; give the test files with --tests"
                        : "\(project.path) has \(unitTests.count) unit-test targets (\(names)); choose one with --scheme-or-target"
                )
            }
            return (unitTests[0], schemes.first { $0.testTargets.contains(unitTests[0].name) })
        }
        if let scheme = schemes.first(where: { $0.name == name }),
            project.targets.first(where: { $0.name == name })?.isUnitTestBundle != true
        {
            let testables = scheme.testTargets.compactMap { testable in
                unitTests.first { $0.name == testable }
            }
            guard let first = testables.first else {
                throw XcodeProjectError(
                    "the scheme \(name) (\(scheme.path)) runs no unit-test target; name a test target instead: "
                        + unitTests.map(\.name).joined(separator: ", "))
            }
            return (first, scheme)
        }
        let target: XcodeTarget
        do { target = try project.target(named: name) } catch {
            let schemeNames = schemes.map(\.name)
            throw XcodeProjectError(
                error.message
                    + (schemeNames.isEmpty ? "" : "; its schemes: \(schemeNames.joined(separator: ", "))"))
        }
        guard target.isUnitTestBundle else {
            throw XcodeProjectError(
                "\(name) is not a unit-test target (its product type is \(target.productType)); its unit-test targets: "
                    + unitTests.map(\.name).joined(separator: ", "))
        }
        return (target, schemes.first { $0.testTargets.contains(name) })
    }

    /// Stops when no test file uses StoreKit: there is nothing for Kiosk to run.
    static func requireStoreKit(_ facts: [SwiftSourceFacts], target: String?)
        throws(XCTestPlanningError)
    {
        let storeKitWords: Set<String> = ["StoreKit", "StoreKitTest", "SKTestSession"]
        guard !facts.contains(where: { !$0.identifiers.isDisjoint(with: storeKitWords) }) else { return }
        throw .noStoreKit(
            XcodeProjectError(
                "the tests of \(target ?? "--tests") use no StoreKit (no file imports StoreKit or StoreKitTest or uses "
                    + "SKTestSession), so there is nothing for Kiosk to run; run them with `swift test` in a package of "
                    + "their own, or choose the target that tests your purchases"))
    }

    /// The first `await super.setUp()`/`tearDown()` in a main-actor test class of a target
    /// built in the Swift 6 mode (see `MainActorSuperCalls`).
    private static func mainActorSuperCall(_ facts: [SwiftSourceFacts], settings: SwiftBuildSettings)
        -> (file: String, line: Int, method: String)?
    {
        guard (settings.languageMode ?? 5) >= 6 else { return nil }
        for file in facts {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if let line = MainActorSuperCalls.firstLine(
                in: text, facts: file, defaultMainActor: settings.defaultIsolationIsMainActor)
            {
                let method =
                    SwiftUIUsage.codeLines(text)[line - 1].contains("tearDown") ? "tearDown" : "setUp"
                return (file.path, line, method)
            }
        }
        return nil
    }
}
