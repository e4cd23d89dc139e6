/// How long a run's phases took, in seconds: compiling Kiosk's half of the package (until
/// `swift build --build-tests` printed its last line compiling a Kiosk module), the project's
/// half (the rest of the build: the app and test modules, and linking), and running the tests.
public struct XCTestTimings: Sendable, Equatable {
    public var kioskBuild: Double?
    public var projectBuild: Double?
    public var tests: Double?

    public init(kioskBuild: Double? = nil, projectBuild: Double? = nil, tests: Double? = nil) {
        self.kioskBuild = kioskBuild
        self.projectBuild = projectBuild
        self.tests = tests
    }

    /// `kiosk xctest: compiled Kiosk's half in 212.4 s, the project's in 8.1 s; tests ran in 3.2 s`,
    /// each phase that ran.
    public var line: String? {
        var parts: [String] = []
        if let kioskBuild { parts.append("compiled Kiosk's half in \(Self.format(kioskBuild))") }
        if let projectBuild {
            parts.append(
                kioskBuild == nil
                    ? "compiled the project's half in \(Self.format(projectBuild))"
                    : "the project's in \(Self.format(projectBuild))")
        }
        var line = parts.joined(separator: ", ")
        if let tests { line += (line.isEmpty ? "" : "; ") + "tests ran in \(Self.format(tests))" }
        return line.isEmpty ? nil : "kiosk xctest: " + line
    }

    static func format(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
