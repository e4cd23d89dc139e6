import Foundation

/// Finds the test plan a run uses: `--test-plan` as a file, or as the name of one of the
/// scheme's test plans (of any scheme of the workspace when a target was named), else the
/// scheme's default test plan.
struct XCTestPlanFinder {
    var workspace: XcodeWorkspace
    var scheme: XcodeScheme?

    func testPlan(_ given: String?) throws(XcodeProjectError) -> XcodeTestPlan? {
        guard let given else {
            guard let scheme, let reference = scheme.defaultTestPlan else { return nil }
            return try XcodeTestPlan.read(at: scheme.testPlanPath(reference))
        }
        if given.hasSuffix(".xctestplan") || FileManager.default.fileExists(atPath: FilePaths.absolute(given))
        {
            return try XcodeTestPlan.read(at: given)
        }
        let schemes = scheme.map { [$0] } ?? workspace.schemes
        for scheme in schemes {
            if let reference = scheme.testPlans.first(where: { $0.name == given }) {
                return try XcodeTestPlan.read(at: scheme.testPlanPath(reference))
            }
        }
        let names = schemes.flatMap { $0.testPlans.map(\.name) }
        let owner = scheme.map { "the scheme \($0.name)" } ?? (workspace.path as NSString).lastPathComponent
        throw XcodeProjectError(
            "\(owner) has no test plan '\(given)'"
                + (names.isEmpty ? " (it has none)" : "; its test plans: \(names.joined(separator: ", "))")
                + "; or give the .xctestplan file")
    }
}
