import Foundation

/// Turns a request into a plan: finds the test target (by scheme or name), the app targets
/// its tests `@testable import`, the StoreKit configuration, and what of it Linux cannot
/// compile. Nothing is written here.
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
        let project = try request.projectPath.map { path throws(XcodeProjectError) in
            try XcodeProject.read(at: path)
        }
        let schemes = project.map { XcodeScheme.schemes(ofProject: $0.path) } ?? []
        let (testTarget, scheme) = try chooseTestTarget(request, project: project, schemes: schemes)
        let projectFolder = project?.folder ?? FileManager.default.currentDirectoryPath
        let testName = testTarget?.moduleName ?? "Tests"

        let testFiles =
            try request.tests.isEmpty ? (testTarget?.swiftFiles ?? []) : swiftFiles(in: request.tests)
        guard !testFiles.isEmpty else {
            throw XcodeProjectError(
                "the test target \(testTarget?.name ?? "") has no Swift files; give them with --tests FILE_OR_FOLDER"
            )
        }
        let defaultMainActor = testTarget?.swiftSettings.defaultIsolationIsMainActor ?? false
        let testFacts = try testFiles.map { path throws(XcodeProjectError) in
            try SwiftSourceFacts.read(path: path, defaultMainActor: defaultMainActor)
        }
        try requireStoreKit(testFacts, target: testTarget?.name)

        // App modules: the targets the tests import, or the explicit sources as one module.
        var appTargets: [XcodeTarget] = []
        if request.sources.isEmpty, let project {
            let imported = Set(testFacts.flatMap { $0.imports.map(\.module) })
            appTargets = project.targets.filter { !$0.isUnitTestBundle && imported.contains($0.moduleName) }
        }
        var candidates: [(name: String, files: [String], settings: SwiftBuildSettings)] = appTargets.map {
            ($0.moduleName, $0.swiftFiles, $0.swiftSettings)
        }
        if !request.sources.isEmpty {
            let imported = testFacts.flatMap { $0.imports.filter(\.isTestable).map(\.module) }
            candidates = [
                (
                    imported.first ?? "App", try swiftFiles(in: request.sources),
                    testTarget?.swiftSettings ?? SwiftBuildSettings([:])
                )
            ]
        }

        var blockers: [SourceFinding] = []
        var notes: [SourceFinding] = []
        var appModules: [XCTestPlan.Module] = []
        var leftOutTypes: [String: (path: String, reason: SourceFinding)] = [:]
        var keptFacts: [SwiftSourceFacts] = []
        for candidate in candidates {
            var kept: [String] = []
            var leftOut: [(String, String)] = []
            for path in candidate.files {
                let facts = try SwiftSourceFacts.read(
                    path: path, defaultMainActor: candidate.settings.defaultIsolationIsMainActor)
                if let ui = facts.imports.first(where: {
                    !$0.isGuarded && LinuxAvailability.userInterfaceModules.contains($0.module)
                }), let finding = importBlocker(ui, in: path) {
                    leftOut.append((path, "imports \(ui.module) (line \(ui.line))"))
                    for type in facts.declaredTypes { leftOutTypes[type] = (path, finding) }
                } else {
                    kept.append(path)
                    keptFacts.append(facts)
                }
            }
            appModules.append(
                .init(name: candidate.name, swiftFiles: kept, settings: candidate.settings, leftOut: leftOut))
        }
        // A file that is compiled and uses a type of a left-out file would fail: name both.
        for facts in testFacts + keptFacts {
            for (type, origin) in leftOutTypes.sorted(by: { $0.key < $1.key })
            where facts.identifiers.contains(type) {
                blockers.append(
                    SourceFinding(
                        file: facts.path, line: facts.firstLine[type] ?? 1, kind: .blocker,
                        message: "uses \(type), declared in \(origin.path), which cannot compile on Linux"))
                blockers.append(origin.reason)
            }
        }
        for facts in testFacts + keptFacts { findLinuxGaps(facts, blockers: &blockers, notes: &notes) }
        var seen = Set<String>()
        blockers = blockers.filter { seen.insert($0.description).inserted }
        guard blockers.isEmpty else { throw XCTestPlanningError.cannotCompileOnLinux(blockers) }

        let configurations = try storeKitConfigurations(
            request, testTarget: testTarget, scheme: scheme, projectPath: project?.path)
        let root = request.outputRoot ?? projectFolder
        let packageFolder = ((root as NSString).appendingPathComponent(".kiosk/xctest") as NSString)
            .appendingPathComponent(testName)
        return XCTestPlan(
            projectFolder: projectFolder, packageFolder: packageFolder, appModules: appModules,
            testModule: .init(
                name: testName, swiftFiles: testFiles,
                settings: testTarget?.swiftSettings.withoutDefaultMainActor ?? SwiftBuildSettings([:])),
            storeKitConfigurations: configurations,
            usesExpectFailure: testFacts.contains { $0.identifiers.contains("XCTExpectFailure") },
            notes: notes)
    }

    /// The test target a scheme or target name means, and the scheme when it was one.
    private static func chooseTestTarget(
        _ request: XCTestRequest, project: XcodeProject?, schemes: [XcodeScheme]
    )
        throws(XcodeProjectError) -> (XcodeTarget?, XcodeScheme?)
    {
        guard let project else {
            guard !request.tests.isEmpty else {
                throw XcodeProjectError("give an .xcodeproj, or the test files with --tests FILE_OR_FOLDER")
            }
            return (nil, nil)
        }
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
    private static func requireStoreKit(_ facts: [SwiftSourceFacts], target: String?)
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

    /// The blocker for an import of a module Linux lacks, with what to do: view code moves out
    /// (or is guarded), other Apple-only code is guarded.
    private static func importBlocker(_ item: SwiftSourceFacts.Import, in path: String) -> SourceFinding? {
        let advice: String
        if LinuxAvailability.userInterfaceModules.contains(item.module) {
            advice = "move the purchase code out of this view file into a file of its own, or guard it with "
        } else if LinuxAvailability.appleOnlyModules.contains(item.module) {
            advice = "guard the import and the code that needs it with "
        } else {
            return nil
        }
        return SourceFinding(
            file: path, line: item.line, kind: .blocker,
            message:
                "imports \(item.module), which Linux does not have: \(advice)`#if canImport(\(item.module))`")
    }

    /// Blockers for XCTest API Linux lacks, notes for what the package bridges.
    private static func findLinuxGaps(
        _ facts: SwiftSourceFacts, blockers: inout [SourceFinding], notes: inout [SourceFinding]
    ) {
        for (name, advice) in LinuxAvailability.missingXCTestAPI where facts.identifiers.contains(name) {
            blockers.append(
                SourceFinding(
                    file: facts.path, line: facts.firstLine[name] ?? 1, kind: .blocker,
                    message: "uses \(name), which Linux's XCTest does not have: \(advice)"))
        }
        for item in facts.imports where !item.isGuarded {
            if let blocker = importBlocker(item, in: facts.path) { blockers.append(blocker) }
        }
        for testClass in facts.defaultIsolatedTestClasses {
            blockers.append(
                SourceFinding(
                    file: facts.path, line: testClass.line, kind: .blocker,
                    message:
                        "\(testClass.name) is main-actor isolated only by the test target's default isolation "
                        + "(SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor), which Linux's XCTest cannot compile (the "
                        + "inherited init(name:testClosure:) would change isolation); write `@MainActor` on the "
                        + "class: Xcode runs it the same, and kiosk xctest then builds the tests without the default"
                ))
        }
        for override in facts.mainActorSetUpOverrides {
            blockers.append(
                SourceFinding(
                    file: facts.path, line: override.line, kind: .blocker,
                    message:
                        "overrides \(override.method)() in a @MainActor test class: Xcode's XCTest isolates it to "
                        + "the main actor, Linux's does not, so it cannot touch the class's state there; write "
                        + "`override func \(override.method.hasPrefix("setUp") ? "setUp" : "tearDown")() async throws` "
                        + "instead (both XCTests run it on the main actor for a @MainActor class)"))
        }
        if facts.identifiers.contains("XCTExpectFailure") {
            notes.append(
                SourceFinding(
                    file: facts.path, line: facts.firstLine["XCTExpectFailure"] ?? 1, kind: .bridged,
                    message:
                        "XCTExpectFailure is not in Linux's XCTest; Kiosk's bridge gives it Xcode's meaning "
                        + "(the failure is reported as expected)"))
        }
    }

    /// The `.storekit` files: the explicit one, else the test target's resources, else the
    /// scheme's StoreKit configuration. None is an error that says where it looked.
    static func storeKitConfigurations(
        _ request: XCTestRequest, testTarget: XcodeTarget?, scheme: XcodeScheme?, projectPath: String?
    ) throws(XcodeProjectError) -> [String] {
        if let explicit = request.configuration {
            let path = absolute(explicit)
            guard FileManager.default.fileExists(atPath: path) else {
                throw XcodeProjectError("--configuration \(explicit): no such file")
            }
            return [path]
        }
        var looked: [String] = []
        let own = (testTarget?.resourceFiles ?? []).filter { $0.hasSuffix(".storekit") }
        if !own.isEmpty { return own }
        if let testTarget { looked.append("the resources of \(testTarget.name) (none is a .storekit)") }
        if let scheme, let projectPath {
            let candidates = scheme.storeKitConfigurationCandidates(projectPath: projectPath)
            if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                return [found]
            }
            if let reference = scheme.storeKitConfigurationReference {
                looked.append(
                    "the StoreKit configuration '\(reference)' of the scheme \(scheme.name), at "
                        + candidates.joined(separator: ", ") + " (none exists)")
            } else {
                looked.append(
                    "the scheme \(scheme.name) (\(scheme.path)), which names no StoreKit configuration")
            }
        } else {
            looked.append("the project's schemes (none runs \(testTarget?.name ?? "these tests"))")
        }
        throw XcodeProjectError(
            "no .storekit for \(testTarget?.name ?? "the tests"): looked in " + looked.joined(separator: "; ")
                + "; add the .storekit to the test target, choose it in the scheme's Test or Run options, or give it "
                + "with --configuration FILE")
    }

    /// The Swift files of each path (a file, or every `.swift` under a folder).
    static func swiftFiles(in paths: [String]) throws(XcodeProjectError) -> [String] {
        var files: [String] = []
        for given in paths {
            let path = absolute(given)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw XcodeProjectError("\(given): no such file or folder")
            }
            if isFolder.boolValue {
                files += ProjectObjectGraph.files(under: path).map(\.absolute).filter {
                    $0.hasSuffix(".swift")
                }
            } else {
                files.append(path)
            }
        }
        return files
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/")
            ? (path as NSString).standardizingPath
            : ((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path) as NSString)
                .standardizingPath
    }
}
