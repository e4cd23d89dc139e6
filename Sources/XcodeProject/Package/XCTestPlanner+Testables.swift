import Foundation

extension XCTestPlanner {
    /// The plans of every test target the request means, each to run in a package of its own:
    /// a scheme's unit-test testables (or its test plan's enabled targets), in a project or in
    /// a workspace, each planned by `plan(_:)` with the scheme's or test plan's StoreKit
    /// configuration and skipped or selected tests; a target, or a project alone, is one plan
    /// as before.
    ///
    /// - Parameter testPlan: `--test-plan`: an `.xctestplan` file, or the name of one of the
    ///   scheme's test plans; nil for the scheme's default test plan, when it has one.
    /// - Throws: `XCTestPlanningError` as `plan(_:)` does; a testable whose tests use no
    ///   StoreKit is left out when another does (one alone is the error it was).
    public static func plans(_ request: XCTestRequest, testPlan: String? = nil) throws(XCTestPlanningError)
        -> [XCTestPlan]
    {
        do {
            return try makePlans(request, testPlan: testPlan)
        } catch let error as XCTestPlanningError {
            throw error
        } catch let error as XcodeProjectError {
            throw .project(error)
        } catch {
            throw .project(XcodeProjectError("\(error)"))
        }
    }

    private static func makePlans(_ request: XCTestRequest, testPlan: String?) throws -> [XCTestPlan] {
        guard let workspace = try workspace(for: request, testPlan: testPlan) else {
            return [try plan(request)]
        }
        let selection = try workspace.selectTests(schemeOrTarget: request.schemeOrTarget)
        let chosen = try XCTestPlanFinder(workspace: workspace, scheme: selection.scheme).testPlan(testPlan)
        var targets = selection.targets.map {
            (
                $0,
                XCTestSelection(
                    skipped: $0.testable?.skippedTests ?? [], selected: $0.testable?.selectedTests ?? [])
            )
        }
        if let chosen {
            targets = try testPlanTargets(
                chosen, selection: selection, workspace: workspace, request: request)
        }
        let configuration = try storeKitConfiguration(testPlan: chosen, scheme: selection.scheme)
        var plans: [XCTestPlan] = []
        var noStoreKit: XCTestPlanningError?
        for (target, tests) in targets {
            var single = request
            single.projectPath = target.project
            single.workspaceProjects = workspace.projects.filter {
                $0 != target.project && FileManager.default.fileExists(atPath: $0)
            }
            single.schemeOrTarget = target.name
            if single.configuration == nil, let configuration, try !hasOwnStoreKit(target) {
                single.configuration = configuration
            }
            do {
                var plan = try plan(single)
                plan.selection = tests
                plans.append(plan)
            } catch {
                guard case .noStoreKit = error, targets.count > 1 else { throw error }
                noStoreKit = noStoreKit ?? error
            }
        }
        if plans.isEmpty, let noStoreKit { throw noStoreKit }
        return plans
    }

    /// The workspace to choose targets in: the `.xcworkspace` given, or the project as a
    /// workspace of one when a scheme (which may run several targets) or a test plan is asked
    /// for; nil when `plan(_:)` alone decides (a target, the only one, explicit files).
    private static func workspace(for request: XCTestRequest, testPlan: String?) throws -> XcodeWorkspace? {
        guard let given = request.projectPath, request.tests.isEmpty else {
            if testPlan != nil {
                throw XcodeProjectError("--test-plan needs an .xcodeproj or an .xcworkspace")
            }
            return nil
        }
        var path = FilePaths.absolute(given)
        let last = (path as NSString).lastPathComponent
        if last == "contents.xcworkspacedata" || last == "project.pbxproj" {
            path = (path as NSString).deletingLastPathComponent
        }
        if path.hasSuffix(".xcworkspace") { return try XcodeWorkspace.read(at: path) }
        // A folder means its one workspace when it has one, as Xcode opens a CocoaPods app's
        // workspace rather than its project.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let workspaces = names.filter { $0.hasSuffix(".xcworkspace") }
        if !path.hasSuffix(".xcodeproj"), workspaces.count == 1 {
            return try XcodeWorkspace.read(at: (path as NSString).appendingPathComponent(workspaces[0]))
        }
        guard path.hasSuffix(".xcodeproj"), FileManager.default.fileExists(atPath: path) else { return nil }
        let project = XcodeWorkspace(project: path)
        let namesScheme =
            request.schemeOrTarget.map { name in project.schemes.contains { $0.name == name } } ?? false
        return namesScheme || testPlan != nil ? project : nil
    }

    /// The test plan's enabled unit-test targets (only the one named, when a target was), each
    /// with its skipped and selected tests.
    private static func testPlanTargets(
        _ testPlan: XcodeTestPlan, selection: XcodeWorkspace.Selection, workspace: XcodeWorkspace,
        request: XCTestRequest
    ) throws -> [(XcodeWorkspace.TestTarget, XCTestSelection)] {
        let folder = selection.scheme?.containerFolder ?? workspace.folder
        var targets: [(XcodeWorkspace.TestTarget, XCTestSelection)] = []
        for entry in testPlan.testTargets where entry.isEnabled {
            guard let project = try project(of: entry, in: testPlan, folder: folder, workspace: workspace),
                try XcodeProject.read(at: project).target(named: entry.name).isUnitTestBundle
            else { continue }
            if selection.scheme == nil, let name = request.schemeOrTarget, name != entry.name { continue }
            targets.append(
                (
                    XcodeWorkspace.TestTarget(project: project, name: entry.name),
                    XCTestSelection(skipped: entry.skippedTests, selected: entry.selectedTests)
                ))
        }
        guard !targets.isEmpty else {
            throw XcodeProjectError(
                "the test plan \(testPlan.name) (\(testPlan.path)) runs no enabled unit-test target"
                    + (selection.scheme == nil ? request.schemeOrTarget.map { " named \($0)" } ?? "" : ""))
        }
        return targets
    }

    /// The project that holds a test plan's target: its `containerPath`, relative to the
    /// scheme's container; a plan given as a file with no scheme may belong to another
    /// container, so then the workspace's first project that has the target stands in.
    private static func project(
        of entry: XcodeTestPlan.TestTarget, in testPlan: XcodeTestPlan, folder: String,
        workspace: XcodeWorkspace
    ) throws -> String? {
        if let named = testPlan.projectPath(of: entry, containerFolder: folder),
            FileManager.default.fileExists(atPath: named)
        {
            return named
        }
        for path in workspace.projects where FileManager.default.fileExists(atPath: path) {
            if try XcodeProject.read(at: path).targets.contains(where: { $0.name == entry.name }) {
                return path
            }
        }
        return nil
    }

    /// Whether the target has a `.storekit` among its resources, which wins over a scheme's
    /// or test plan's (the tests may load it by name).
    private static func hasOwnStoreKit(_ target: XcodeWorkspace.TestTarget) throws -> Bool {
        try XcodeProject.read(at: target.project).target(named: target.name).resourceFiles.contains {
            $0.hasSuffix(".storekit")
        }
    }

    /// The `.storekit` the test plan names, else the scheme's: the first candidate that
    /// exists. A reference to no file is an error that says where it looked.
    private static func storeKitConfiguration(testPlan: XcodeTestPlan?, scheme: XcodeScheme?) throws
        -> String?
    {
        let container =
            scheme?.containerPath ?? testPlan.map { ($0.path as NSString).deletingLastPathComponent }
        if let testPlan, let reference = testPlan.storeKitConfigurationReference, let container {
            let candidates = testPlan.storeKitConfigurationCandidates(containerPath: container)
            if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                return found
            }
            throw XcodeProjectError(
                "the StoreKit configuration '\(reference)' of the test plan \(testPlan.name), at "
                    + candidates.joined(separator: ", ")
                    + " (none exists); fix it in the test plan's options, "
                    + "or give it with --configuration FILE")
        }
        guard let scheme, let reference = scheme.storeKitConfigurationReference else { return nil }
        let candidates = scheme.storeKitConfigurationCandidates
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            return found
        }
        throw XcodeProjectError(
            "the StoreKit configuration '\(reference)' of the scheme \(scheme.name), at "
                + candidates.joined(separator: ", ")
                + " (none exists); choose it again in the scheme's options, "
                + "or give it with --configuration FILE")
    }
}
