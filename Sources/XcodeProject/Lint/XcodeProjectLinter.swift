import Foundation
import SourceDiagnostics

/// What `kiosk lint App.xcodeproj` says about an Xcode project, as `Diagnostic`s that print as
/// a catalog's do: a damaged `project.pbxproj` at the first byte that does not fit (or the line
/// that refers to a missing object), and for each unit-test target what `kiosk xctest` would
/// refuse before compiling anything: a file Linux cannot compile (a UI import in a file the
/// tests reach, XCTest API Linux lacks, a main-actor `setUp`), at its file and line, and a test
/// target with no `.storekit` or no way to run, at the target's line in `project.pbxproj`.
public enum XcodeProjectLinter {
    /// Whether `path` names an Xcode project: an `.xcodeproj` folder or its `project.pbxproj`.
    public static func handles(path: String) -> Bool {
        let standard = (path as NSString).standardizingPath
        return standard.hasSuffix(".xcodeproj")
            || (standard as NSString).lastPathComponent == "project.pbxproj"
    }

    public static func lint(path: String) -> [Diagnostic] {
        let project: XcodeProject
        do { project = try XcodeProject.read(at: path) } catch {
            return [diagnostic(.error, error, at: SourceLocation(file: path, line: 1, column: 1))]
        }
        let file = (project.path as NSString).appendingPathComponent("project.pbxproj")
        let unitTests = project.targets.filter(\.isUnitTestBundle)
        guard !unitTests.isEmpty else {
            return [
                Diagnostic(
                    severity: .warning, location: SourceLocation(file: file, line: 1, column: 1), path: "",
                    value: nil,
                    message:
                        "\(project.name) has no unit-test target, so kiosk xctest has nothing to run; add an XCTest "
                        + "target that tests the purchase code, or give kiosk xctest the files with --tests")
            ]
        }
        let schemes = XcodeScheme.schemes(ofProject: project.path)
        return unitTests.flatMap { target in
            lint(
                target, of: project, schemes: schemes,
                at: target.location ?? SourceLocation(file: file, line: 1, column: 1))
        }
    }

    /// What `kiosk xctest --scheme-or-target TARGET` would refuse: every file it names, and the
    /// missing `.storekit` too (the planner stops at the files before it looks for one).
    private static func lint(
        _ target: XcodeTarget, of project: XcodeProject, schemes: [XcodeScheme], at location: SourceLocation
    ) -> [Diagnostic] {
        let request = XCTestRequest(projectPath: project.path, schemeOrTarget: target.name)
        do {
            _ = try XCTestPlanner.plan(request)
            return []
        } catch {
            switch error {
            case .cannotCompileOnLinux(let findings):
                var found = findings.map { finding in
                    Diagnostic(
                        severity: finding.kind == .blocker ? .error : .warning,
                        location: SourceLocation(file: finding.file, line: finding.line, column: 1), path: "",
                        value: nil, message: finding.message)
                }
                let scheme = schemes.first { $0.testTargets.contains(target.name) }
                do {
                    _ = try XCTestPlanner.storeKitConfigurations(
                        request, testTarget: target, scheme: scheme, projectPath: project.path)
                } catch {
                    found.append(diagnostic(.error, error, at: location))
                }
                return found
            case .noStoreKit(let error):
                // Not a problem of the project: this target is not one kiosk xctest is for.
                return [diagnostic(.warning, error, at: location)]
            case .project(let error):
                return [diagnostic(.error, error, at: location)]
            }
        }
    }

    private static func diagnostic(
        _ severity: Severity, _ error: XcodeProjectError, at location: SourceLocation
    )
        -> Diagnostic
    {
        Diagnostic(
            severity: severity, location: error.location ?? location, path: "", value: nil,
            message: error.message)
    }
}
