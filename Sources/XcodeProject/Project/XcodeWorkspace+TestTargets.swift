import Foundation
import SourceDiagnostics

extension XcodeWorkspace {
    /// A unit-test target to run and the project that holds it.
    public struct TestTarget: Sendable, Equatable {
        /// The `.xcodeproj`.
        public var project: String
        public var name: String
        /// The scheme's testable for it, when it was chosen through a scheme.
        public var testable: XcodeScheme.Testable?

        public init(project: String, name: String, testable: XcodeScheme.Testable? = nil) {
            self.project = project
            self.name = name
            self.testable = testable
        }
    }

    /// What a scheme-or-target name means in the workspace.
    public struct Selection: Sendable, Equatable {
        /// The scheme, when the name was one.
        public var scheme: XcodeScheme?
        /// The unit-test targets to run, in the scheme's order; UI-test and skipped testables
        /// are left out, as there is nothing of theirs to run on Linux. Empty for a scheme whose
        /// targets are in its test plans.
        public var targets: [TestTarget]
    }

    /// The unit-test targets `name` means: a unit-test target of one of the projects, else a
    /// scheme (each testable's `ReferencedContainer` says which project holds it); without a
    /// name, the workspace's only unit-test target.
    /// - Throws: `XcodeProjectError` naming the schemes and targets there are when `name` is
    ///   neither, when a project cannot be read, or when a scheme runs no unit-test target.
    public func selectTests(schemeOrTarget name: String?) throws(XcodeProjectError) -> Selection {
        var read: [String: XcodeProject] = [:]
        func project(_ path: String) throws(XcodeProjectError) -> XcodeProject {
            if let project = read[path] { return project }
            guard FileManager.default.fileExists(atPath: path) else {
                throw XcodeProjectError(
                    "\((self.path as NSString).lastPathComponent) lists \(path), which does not exist",
                    at: projectLocations[path])
            }
            let project = try XcodeProject.read(at: path)
            read[path] = project
            return project
        }
        var unitTests: [TestTarget] = []
        for path in projects {
            unitTests += try project(path).targets.filter(\.isUnitTestBundle).map {
                TestTarget(project: path, name: $0.name)
            }
        }
        let schemeNames = schemes.map(\.name)
        guard let name else {
            guard unitTests.count == 1 else {
                throw XcodeProjectError(
                    "\(path) has \(unitTests.count) unit-test targets"
                        + (unitTests.isEmpty ? "" : " (\(unitTests.map(\.name).joined(separator: ", ")))")
                        + "; choose a scheme or a target with --scheme-or-target"
                        + (schemeNames.isEmpty ? "" : "; its schemes: \(schemeNames.joined(separator: ", "))")
                )
            }
            return Selection(scheme: nil, targets: unitTests)
        }
        if let target = unitTests.first(where: { $0.name == name }) {
            return Selection(scheme: nil, targets: [target])
        }
        guard let scheme = schemes.first(where: { $0.name == name }) else {
            let candidates = schemeNames + unitTests.map(\.name)
            throw XcodeProjectError(
                Suggestion.appending(
                    to: "\((path as NSString).lastPathComponent) has no scheme or unit-test target '\(name)'",
                    word: name, candidates: candidates)
                    + "; its schemes: \(schemeNames.joined(separator: ", ")); its unit-test targets: "
                    + unitTests.map(\.name).joined(separator: ", "))
        }
        var targets: [TestTarget] = []
        for testable in scheme.testables where !testable.isSkipped {
            let holder =
                scheme.projectPath(of: testable)
                ?? (scheme.containerPath.hasSuffix(".xcodeproj") ? scheme.containerPath : nil)
            guard let holder else { continue }
            if try project(holder).targets.first(where: { $0.name == testable.target })?.isUnitTestBundle
                == true
            {
                targets.append(TestTarget(project: holder, name: testable.target, testable: testable))
            }
        }
        // A scheme that uses test plans lists its targets there (Xcode leaves <Testables> empty).
        guard !targets.isEmpty || !scheme.testPlans.isEmpty else {
            throw XcodeProjectError(
                "the scheme \(name) (\(scheme.path)) runs no unit-test target; name a test target instead: "
                    + unitTests.map(\.name).joined(separator: ", "))
        }
        return Selection(scheme: scheme, targets: targets)
    }

    /// The project that holds the test target `name` means (the first, for a scheme that runs
    /// several; for a scheme whose targets are in its test plans, the workspace's first project).
    public func projectHoldingTests(schemeOrTarget name: String?) throws(XcodeProjectError) -> String {
        guard let project = try selectTests(schemeOrTarget: name).targets.first?.project ?? projects.first
        else {
            throw XcodeProjectError("\(path) lists no project")
        }
        return project
    }
}
