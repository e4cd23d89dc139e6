/// Why no package was written: the project could not be used, or files of the test run
/// cannot compile on Linux (each named at its line, with what to do).
public enum XCTestPlanningError: Error, Sendable, Equatable, CustomStringConvertible {
    case project(XcodeProjectError)
    case cannotCompileOnLinux([SourceFinding])

    public var description: String {
        switch self {
        case .project(let error): error.description
        case .cannotCompileOnLinux(let findings):
            (findings.map(\.description)
                + [
                    "\(findings.count) problem\(findings.count == 1 ? "" : "s") would stop the tests compiling on Linux; nothing was compiled"
                ])
                .joined(separator: "\n")
        }
    }
}
