/// What `kiosk xctest` was asked to run: a project (or a Swift package) and a scheme or test
/// target, or explicit paths for a project it cannot read. Explicit paths win over what the
/// project says.
public struct XCTestRequest: Sendable, Equatable {
    /// A module named on the command line (`--module NAME=PATH`): its Swift files or folders.
    public struct NamedModule: Sendable, Equatable {
        public var name: String
        public var paths: [String]

        public init(name: String, paths: [String]) {
            self.name = name
            self.paths = paths
        }
    }

    /// The `.xcodeproj`, a Swift package (its `Package.swift` or folder), or nil when only
    /// explicit paths are given.
    public var projectPath: String?
    /// A scheme's or a test target's name; nil takes the project's only unit-test target.
    public var schemeOrTarget: String?
    /// App Swift files or folders (`--sources`), as one module, instead of the project's targets.
    public var sources: [String]
    /// Modules by name (`--module NAME=PATH`), beside the project's or instead of `--sources`.
    public var modules: [NamedModule]
    /// Test Swift files or folders (`--tests`), used instead of the test target's files.
    public var tests: [String]
    /// The `.storekit` file (`--configuration`), used instead of the target's or the scheme's.
    public var configuration: String?
    /// The folder that holds the generated package's `.kiosk` folder; nil for the project's.
    public var outputRoot: String?
    /// Folders of remote packages' checkouts (`--packages DIR`, as xcodebuild's
    /// `-clonedSourcePackagesDirPath` or SwiftPM's `.build/checkouts`): a remote package found
    /// there by its repository's name is used as a local one.
    public var packageCheckouts: [String] = []
    /// Whether a remote package with no checkout here is fetched into `.kiosk/packages` (`git
    /// clone` at the revision `Package.resolved` pins); `--offline` turns it off.
    public var fetchesPackages = true
    /// The other projects of the workspace the test target's project is in: their app,
    /// framework and library targets are modules the tests may reach, as Xcode builds them.
    public var workspaceProjects: [String] = []

    public init(
        projectPath: String?, schemeOrTarget: String? = nil, sources: [String] = [],
        modules: [NamedModule] = [], tests: [String] = [], configuration: String? = nil,
        outputRoot: String? = nil
    ) {
        self.projectPath = projectPath
        self.schemeOrTarget = schemeOrTarget
        self.sources = sources
        self.modules = modules
        self.tests = tests
        self.configuration = configuration
        self.outputRoot = outputRoot
    }
}
