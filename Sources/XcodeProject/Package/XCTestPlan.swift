/// What the generated package holds: the modules the tests reach (app and framework targets,
/// local packages' targets, named modules), the test target, its StoreKit configuration and
/// the settings each compiles with. Files are referenced in place.
public struct XCTestPlan: Sendable, Equatable {
    /// A resource the generated manifest declares for a module, so `Bundle.module` finds it.
    public struct Resource: Sendable, Equatable {
        /// The project's file or folder, absolute.
        public var path: String
        /// SwiftPM's rule: `copy` or `process`.
        public var rule: String

        public init(path: String, rule: String) {
            self.path = path
            self.rule = rule
        }
    }

    /// One Swift module of the package.
    public struct Module: Sendable, Equatable {
        public var name: String
        /// Absolute paths of its Swift files.
        public var swiftFiles: [String]
        public var settings: SwiftBuildSettings
        /// Files of the Xcode target left out because they cannot compile on Linux, with why.
        public var leftOut: [(path: String, reason: String)]
        /// The folder its links are made relative to: the project's folder for an Xcode
        /// target, the target's own folder for a Swift package's target.
        public var root: String
        /// The package's other modules it imports (each its own target, as in Xcode).
        public var dependencies: [String]
        /// Kiosk's products it imports (`StoreKit`, `Combine`, `os`, …).
        public var kioskProducts: [String]
        /// Kiosk products it uses without importing them, as Apple's SDK lets it (Foundation
        /// brings Combine on Apple platforms): imported for it with `-import-module`.
        public var implicitImports: [String]
        /// Resources the manifest declares (a Swift package's own, as its manifest has them).
        public var resources: [Resource]

        public init(
            name: String, swiftFiles: [String], settings: SwiftBuildSettings,
            leftOut: [(String, String)] = [],
            root: String = "", dependencies: [String] = [], kioskProducts: [String] = [],
            implicitImports: [String] = [], resources: [Resource] = []
        ) {
            self.name = name
            self.swiftFiles = swiftFiles
            self.settings = settings
            self.leftOut = leftOut.map { (path: $0.0, reason: $0.1) }
            self.root = root
            self.dependencies = dependencies
            self.kioskProducts = kioskProducts
            self.implicitImports = implicitImports
            self.resources = resources
        }

        public static func == (lhs: Module, rhs: Module) -> Bool {
            lhs.name == rhs.name && lhs.swiftFiles == rhs.swiftFiles && lhs.settings == rhs.settings
                && lhs.leftOut.map(\.path) == rhs.leftOut.map(\.path) && lhs.root == rhs.root
                && lhs.dependencies == rhs.dependencies && lhs.kioskProducts == rhs.kioskProducts
                && lhs.implicitImports == rhs.implicitImports && lhs.resources == rhs.resources
        }
    }

    /// The folder the package's paths are relative to when shown (the project's folder).
    public var projectFolder: String
    /// Where the package is written (`<projectFolder>/.kiosk/xctest/<TestTarget>`).
    public var packageFolder: String
    /// The modules the tests reach, each after the modules it imports.
    public var appModules: [Module]
    public var testModule: Module
    /// The `.storekit` files the tests load, as resources of the test target.
    public var storeKitConfigurations: [String]
    /// Whether the tests call `XCTExpectFailure`, so the package adds Kiosk's bridge.
    public var usesExpectFailure: Bool
    /// Bridged uses, said before compiling so the output explains itself.
    public var notes: [SourceFinding]
    /// The Xcode targets' resources (the test target's and the app's), which Xcode copies into
    /// their bundles: linked beside the test executable when the tests run, where
    /// `Bundle(for:)` and `Bundle.main` look on Linux.
    public var bundleResources: [String]
    /// The tests the scheme or test plan skips or selects (all run when empty).
    public var selection: XCTestSelection

    public init(
        projectFolder: String, packageFolder: String, appModules: [Module], testModule: Module,
        storeKitConfigurations: [String], usesExpectFailure: Bool, notes: [SourceFinding],
        bundleResources: [String] = [],
        selection: XCTestSelection = XCTestSelection()
    ) {
        self.projectFolder = projectFolder
        self.packageFolder = packageFolder
        self.appModules = appModules
        self.testModule = testModule
        self.storeKitConfigurations = storeKitConfigurations
        self.usesExpectFailure = usesExpectFailure
        self.notes = notes
        self.bundleResources = bundleResources
        self.selection = selection
    }
}
