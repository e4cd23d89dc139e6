import Foundation

/// A shared scheme (`App.xcodeproj/xcshareddata/xcschemes/App.xcscheme`): the test targets its
/// Test action runs and the StoreKit configuration its actions name.
public struct XcodeScheme: Sendable, Equatable {
    public var name: String
    /// The `.xcscheme` file.
    public var path: String
    /// The targets the Test action runs (`TestableReference`'s `BlueprintName`), in order.
    public var testTargets: [String]
    /// The StoreKit configuration's `identifier`, as written (Test action's, else Launch action's).
    public var storeKitConfigurationReference: String?

    /// The shared and user schemes of the project at `projectPath`, by name.
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
        var testTargets: [String] = []
        var testConfiguration: String?
        var launchConfiguration: String?
        var stack: [String] = []
        for element in XMLElementScanner.elements(in: text) {
            switch element {
            case .open(let name, let attributes, let selfClosing):
                if name == "BuildableReference", stack.last == "TestableReference",
                    stack.contains("TestAction"),
                    let target = attributes["BlueprintName"]
                {
                    testTargets.append(target)
                }
                if name == "StoreKitConfigurationFileReference", let identifier = attributes["identifier"] {
                    if stack.contains("TestAction") { testConfiguration = testConfiguration ?? identifier }
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
            name: name, path: path, testTargets: testTargets,
            storeKitConfigurationReference: testConfiguration ?? launchConfiguration)
    }

    /// The places a StoreKit configuration `identifier` may be relative to, in the order they
    /// are tried: Xcode writes `container:Folder/Products.storekit` (relative to the folder that
    /// holds the project) or a plain relative path, which schemes in the wild write relative to
    /// the project's folder, to the scheme file, or to the `.xcodeproj` itself.
    public func storeKitConfigurationCandidates(projectPath: String) -> [String] {
        guard let reference = storeKitConfigurationReference else { return [] }
        let projectFolder = (projectPath as NSString).deletingLastPathComponent
        if reference.hasPrefix("container:") {
            return [
                ((projectFolder as NSString).appendingPathComponent(String(reference.dropFirst(10)))
                    as NSString)
                    .standardizingPath
            ]
        }
        if reference.hasPrefix("/") { return [reference] }
        let bases = [
            projectFolder, (path as NSString).deletingLastPathComponent, projectPath,
            (projectPath as NSString).appendingPathComponent("project.xcworkspace"),
        ]
        var seen = Set<String>()
        return bases.map {
            (($0 as NSString).appendingPathComponent(reference) as NSString).standardizingPath
        }
        .filter { seen.insert($0).inserted }
    }
}
