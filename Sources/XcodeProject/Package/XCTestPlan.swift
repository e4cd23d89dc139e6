/// What the generated package holds: the app modules the tests reach, the test target, its
/// StoreKit configuration and the settings each compiles with. Files are referenced in place.
public struct XCTestPlan: Sendable, Equatable {
    /// One Swift module of the package.
    public struct Module: Sendable, Equatable {
        public var name: String
        /// Absolute paths of its Swift files.
        public var swiftFiles: [String]
        public var settings: SwiftBuildSettings
        /// Files of the Xcode target left out because they cannot compile on Linux, with why.
        public var leftOut: [(path: String, reason: String)]

        public init(
            name: String, swiftFiles: [String], settings: SwiftBuildSettings, leftOut: [(String, String)] = []
        ) {
            self.name = name
            self.swiftFiles = swiftFiles
            self.settings = settings
            self.leftOut = leftOut.map { (path: $0.0, reason: $0.1) }
        }

        public static func == (lhs: Module, rhs: Module) -> Bool {
            lhs.name == rhs.name && lhs.swiftFiles == rhs.swiftFiles && lhs.settings == rhs.settings
                && lhs.leftOut.map(\.path) == rhs.leftOut.map(\.path)
        }
    }

    /// The folder the package's paths are relative to when shown (the project's folder).
    public var projectFolder: String
    /// Where the package is written (`<projectFolder>/.kiosk/xctest/<TestTarget>`).
    public var packageFolder: String
    public var appModules: [Module]
    public var testModule: Module
    /// The `.storekit` files the tests load, as resources of the test target.
    public var storeKitConfigurations: [String]
    /// Whether the tests call `XCTExpectFailure`, so the package adds Kiosk's bridge.
    public var usesExpectFailure: Bool
    /// Bridged uses, said before compiling so the output explains itself.
    public var notes: [SourceFinding]
    /// The tests the scheme or test plan skips or selects (all run when empty).
    public var selection: XCTestSelection

    public init(
        projectFolder: String, packageFolder: String, appModules: [Module], testModule: Module,
        storeKitConfigurations: [String], usesExpectFailure: Bool, notes: [SourceFinding],
        selection: XCTestSelection = XCTestSelection()
    ) {
        self.projectFolder = projectFolder
        self.packageFolder = packageFolder
        self.appModules = appModules
        self.testModule = testModule
        self.storeKitConfigurations = storeKitConfigurations
        self.usesExpectFailure = usesExpectFailure
        self.notes = notes
        self.selection = selection
    }
}
