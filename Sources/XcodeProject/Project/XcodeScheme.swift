import Foundation

/// A scheme (`App.xcodeproj/xcshareddata/xcschemes/App.xcscheme`, or a workspace's): the test
/// targets its Test action runs, which tests of each it skips or selects, its test plans and
/// the StoreKit configuration its actions name.
public struct XcodeScheme: Sendable, Equatable {
    /// One `TestableReference` of the Test action.
    public struct Testable: Sendable, Equatable {
        /// The target (`BuildableReference`'s `BlueprintName`).
        public var target: String
        /// The project that holds it, as written (`container:App.xcodeproj`), relative to the
        /// folder of the scheme's container (`containerPath`).
        public var container: String?
        /// `skipped = "YES"`: the scheme lists the target but does not run it.
        public var isSkipped: Bool
        public var isParallelizable: Bool
        /// `<SkippedTests>`' identifiers (`StoreTests`, `StoreTests/testRefund()`).
        public var skippedTests: [String]
        /// `<SelectedTests>`' identifiers: when any, only those run.
        public var selectedTests: [String]

        public init(
            target: String, container: String? = nil, isSkipped: Bool = false, isParallelizable: Bool = false,
            skippedTests: [String] = [], selectedTests: [String] = []
        ) {
            self.target = target
            self.container = container
            self.isSkipped = isSkipped
            self.isParallelizable = isParallelizable
            self.skippedTests = skippedTests
            self.selectedTests = selectedTests
        }
    }

    /// One `<TestPlanReference>` of the Test action.
    public struct TestPlanReference: Sendable, Equatable {
        /// As written: `container:App.xctestplan`, relative to the folder of the scheme's container.
        public var reference: String
        /// `default = "YES"`: the plan Xcode runs when none is chosen.
        public var isDefault: Bool

        public init(reference: String, isDefault: Bool) {
            self.reference = reference
            self.isDefault = isDefault
        }

        /// The plan's name, as `xcodebuild -testPlan` takes it (the file's name, no extension).
        public var name: String {
            // `container:App.xctestplan` has no folder for lastPathComponent to drop.
            let path = reference.split(separator: ":", maxSplits: 1).last.map(String.init) ?? reference
            return ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        }
    }

    public var name: String
    /// The `.xcscheme` file.
    public var path: String
    /// Every testable of the Test action, in order, skipped ones too.
    public var testables: [Testable]
    /// The StoreKit configuration's `identifier`, as written (Test action's, else Launch action's).
    public var storeKitConfigurationReference: String?
    /// The Test action's test plans, in order.
    public var testPlans: [TestPlanReference]

    /// The targets the Test action runs (the testables that are not skipped), in order.
    public var testTargets: [String] { testables.filter { !$0.isSkipped }.map(\.target) }

    /// The test plan Xcode runs when none is chosen: the one marked default, else the only one.
    public var defaultTestPlan: TestPlanReference? {
        testPlans.first(where: \.isDefault) ?? (testPlans.count == 1 ? testPlans[0] : nil)
    }

    /// The shared and user schemes of the project (or workspace) at `projectPath`, by name.
    public static func schemes(ofProject projectPath: String) -> [XcodeScheme] {
        let folders =
            [(projectPath as NSString).appendingPathComponent("xcshareddata/xcschemes")]
            + userSchemeFolders(projectPath)
        var schemes: [XcodeScheme] = []
        for folder in folders {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            for name in names where name.hasSuffix(".xcscheme") {
                let path = (folder as NSString).appendingPathComponent(name)
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                schemes.append(parse(String(decoding: data, as: UTF8.self), path: path))
            }
        }
        return schemes
    }

    private static func userSchemeFolders(_ projectPath: String) -> [String] {
        let userData = (projectPath as NSString).appendingPathComponent("xcuserdata")
        let users = ((try? FileManager.default.contentsOfDirectory(atPath: userData)) ?? []).sorted()
        return users.map { (userData as NSString).appendingPathComponent("\($0)/xcschemes") }
    }

    /// Reads a scheme's XML. Xcode writes schemes as plain elements with attributes, which is
    /// all this reads; anything else in the file is passed over.
    public static func parse(_ text: String, path: String) -> XcodeScheme {
        var testables: [Testable] = []
        var testPlans: [TestPlanReference] = []
        var testConfiguration: String?
        var launchConfiguration: String?
        var stack: [String] = []
        for element in XMLElementScanner.elements(in: text) {
            switch element {
            case .open(let name, let attributes, let selfClosing):
                let inTestAction = stack.contains("TestAction")
                if name == "TestableReference", inTestAction {
                    testables.append(
                        Testable(
                            target: "", isSkipped: attributes["skipped"] == "YES",
                            isParallelizable: attributes["parallelizable"] == "YES"))
                }
                if name == "BuildableReference", stack.last == "TestableReference", inTestAction,
                    let target = attributes["BlueprintName"], !testables.isEmpty
                {
                    testables[testables.count - 1].target = target
                    testables[testables.count - 1].container = attributes["ReferencedContainer"]
                }
                if name == "Test", stack.contains("TestableReference"), inTestAction,
                    let identifier = attributes["Identifier"], !testables.isEmpty
                {
                    if stack.last == "SkippedTests" {
                        testables[testables.count - 1].skippedTests.append(identifier)
                    }
                    if stack.last == "SelectedTests" {
                        testables[testables.count - 1].selectedTests.append(identifier)
                    }
                }
                if name == "TestPlanReference", inTestAction, let reference = attributes["reference"] {
                    testPlans.append(
                        TestPlanReference(reference: reference, isDefault: attributes["default"] == "YES"))
                }
                if name == "StoreKitConfigurationFileReference", let identifier = attributes["identifier"] {
                    if inTestAction { testConfiguration = testConfiguration ?? identifier }
                    if stack.contains("LaunchAction") {
                        launchConfiguration = launchConfiguration ?? identifier
                    }
                }
                if !selfClosing { stack.append(name) }
            case .close(let name):
                if let index = stack.lastIndex(of: name) { stack.removeSubrange(index...) }
            }
        }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return XcodeScheme(
            name: name, path: path, testables: testables.filter { !$0.target.isEmpty },
            storeKitConfigurationReference: testConfiguration ?? launchConfiguration, testPlans: testPlans)
    }
}
