import Foundation

/// An Xcode test plan (`App.xctestplan`, JSON): the test targets it runs, which tests of each
/// it skips or selects, and the StoreKit configuration its options name.
public struct XcodeTestPlan: Sendable, Equatable {
    /// One entry of `testTargets`.
    public struct TestTarget: Sendable, Equatable {
        /// `target.containerPath`: the project that holds it (`container:App.xcodeproj`).
        public var containerPath: String?
        /// `target.identifier`: the target's object identifier in its project.
        public var identifier: String?
        /// `target.name`.
        public var name: String
        /// `enabled`: false when the plan lists the target but does not run it (true if absent).
        public var isEnabled: Bool
        /// `skippedTests` (`StoreTests`, `StoreTests/testRefund()`).
        public var skippedTests: [String]
        /// `selectedTests`: when any, only those run.
        public var selectedTests: [String]
        public var isParallelizable: Bool

        public init(
            containerPath: String?, identifier: String?, name: String, isEnabled: Bool = true,
            skippedTests: [String] = [], selectedTests: [String] = [], isParallelizable: Bool = false
        ) {
            self.containerPath = containerPath
            self.identifier = identifier
            self.name = name
            self.isEnabled = isEnabled
            self.skippedTests = skippedTests
            self.selectedTests = selectedTests
            self.isParallelizable = isParallelizable
        }
    }

    /// One entry of `configurations`.
    public struct Configuration: Sendable, Equatable {
        public var name: String
        /// `options.storeKitConfiguration.identifier`, as written.
        public var storeKitConfigurationReference: String?

        public init(name: String, storeKitConfigurationReference: String?) {
            self.name = name
            self.storeKitConfigurationReference = storeKitConfigurationReference
        }
    }

    /// The `.xctestplan` file.
    public var path: String
    public var testTargets: [TestTarget]
    /// `defaultOptions.storeKitConfiguration.identifier`, as written.
    public var defaultStoreKitConfigurationReference: String?
    public var configurations: [Configuration]

    /// The plan's name, as `xcodebuild -testPlan` takes it.
    public var name: String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

    /// The StoreKit configuration the run uses: the default options', else the first
    /// configuration's that names one (Kiosk runs the tests once, not once per configuration).
    public var storeKitConfigurationReference: String? {
        defaultStoreKitConfigurationReference
            ?? configurations.lazy.compactMap(\.storeKitConfigurationReference).first
    }

    public init(
        path: String, testTargets: [TestTarget], defaultStoreKitConfigurationReference: String? = nil,
        configurations: [Configuration] = []
    ) {
        self.path = path
        self.testTargets = testTargets
        self.defaultStoreKitConfigurationReference = defaultStoreKitConfigurationReference
        self.configurations = configurations
    }

    /// Reads the test plan at `path`.
    /// - Throws: `XcodeProjectError` when the file cannot be read, and at the file's line and
    ///   column, naming the field, when it is not JSON or a field has the wrong type.
    public static func read(at path: String) throws(XcodeProjectError) -> XcodeTestPlan {
        let absolute = FilePaths.absolute(path)
        guard let data = FileManager.default.contents(atPath: absolute) else {
            throw XcodeProjectError(
                "\(path): no such test plan; give an .xctestplan file or a test plan's name")
        }
        return try parse([UInt8](data), path: absolute)
    }

    /// The places the StoreKit configuration may be: `container:` is relative to the folder
    /// that holds the scheme's container (`containerPath`, its project or workspace); a plain
    /// path is tried from there, then from the test plan's own folder, first existing wins.
    public func storeKitConfigurationCandidates(containerPath: String) -> [String] {
        guard let reference = storeKitConfigurationReference else { return [] }
        return XcodeScheme.candidates(
            for: reference, containerPath: containerPath, also: [(path as NSString).deletingLastPathComponent]
        )
    }

    /// The project a target's `containerPath` names, relative to the folder that holds the
    /// scheme's container.
    public func projectPath(of target: TestTarget, containerFolder: String) -> String? {
        target.containerPath.flatMap {
            XcodeLocation.resolve($0, groupFolder: containerFolder, containerFolder: containerFolder)
        }
    }
}
