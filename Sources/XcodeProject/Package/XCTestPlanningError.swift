/// Why no package was written: the project could not be used, or files of the test run
/// cannot compile on Linux (each named at its line, with what to do).
public enum XCTestPlanningError: Error, Sendable, Equatable, CustomStringConvertible {
    case project(XcodeProjectError)
    /// The tests use no StoreKit, so there is nothing for Kiosk to run (a project's other test
    /// targets are often so: `kiosk lint` says it as a warning).
    case noStoreKit(XcodeProjectError)
    case cannotCompileOnLinux([SourceFinding])

    public var description: String {
        switch self {
        case .project(let error), .noStoreKit(let error): error.description
        case .cannotCompileOnLinux(let findings):
            (findings.map(\.description)
                + [
                    "\(findings.count) problem\(findings.count == 1 ? "" : "s") would stop the tests compiling on Linux; nothing was compiled"
                ])
                .joined(separator: "\n")
        }
    }
}
