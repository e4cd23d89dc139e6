import Foundation
import SourceDiagnostics

/// An Xcode project (`App.xcodeproj`) read from its `project.pbxproj`: its targets with the
/// files each compiles, classic groups and Xcode 16's synchronized folders alike.
public struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder.
    public var path: String
    /// Every native target, in the project's order.
    public var targets: [XcodeTarget]
    /// The folders of the local Swift packages the project references, absolute.
    public var localPackages: [String]

    /// The folder that holds the `.xcodeproj`, where the project's relative paths start.
    public var folder: String { (path as NSString).deletingLastPathComponent }

    /// The project's name (`App` for `App.xcodeproj`).
    public var name: String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

    public init(path: String, targets: [XcodeTarget], localPackages: [String] = []) {
        self.path = path
        self.targets = targets
        self.localPackages = localPackages
    }

    /// Reads the project at `path` (the `.xcodeproj` folder, or its `project.pbxproj`).
    /// - Throws: `XcodeProjectError` when `path` is not an Xcode project, and the located
    ///   `PlistSyntaxError` or object error when its `project.pbxproj` is damaged.
    public static func read(at path: String) throws(XcodeProjectError) -> XcodeProject {
        var projectPath = (path as NSString).standardizingPath
        if (projectPath as NSString).lastPathComponent == "project.pbxproj" {
            projectPath = (projectPath as NSString).deletingLastPathComponent
        }
        if !projectPath.hasPrefix("/") {
            projectPath = (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(
                projectPath)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: projectPath, isDirectory: &isFolder) else {
            throw XcodeProjectError(
                "\(path): no such file or folder; give the path of an App.xcodeproj folder")
        }
        let file = (projectPath as NSString).appendingPathComponent("project.pbxproj")
        guard isFolder.boolValue, projectPath.hasSuffix(".xcodeproj") else {
            throw XcodeProjectError(
                "\(path) is not an Xcode project: give the .xcodeproj folder (it holds project.pbxproj), or "
                    + "name the files with --sources, --tests and --configuration")
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw XcodeProjectError(
                "\(path) is not a complete Xcode project: \(file) is missing or unreadable")
        }
        let bytes = [UInt8](data)
        let root: PlistValue
        do { root = try PlistParser.parse(bytes, file: file) } catch {
            throw XcodeProjectError(error.message, at: error.location)
        }
        var graph = try ProjectObjectGraph(
            root: root, file: file, bytes: bytes,
            projectFolder: (projectPath as NSString).deletingLastPathComponent)
        let targets = try graph.targets()
        return XcodeProject(path: projectPath, targets: targets, localPackages: graph.localPackageFolders())
    }

    /// The target called `name`.
    /// - Throws: `XcodeProjectError` naming the project's targets, with a did-you-mean.
    public func target(named name: String) throws(XcodeProjectError) -> XcodeTarget {
        if let target = targets.first(where: { $0.name == name }) { return target }
        let names = targets.map(\.name)
        let message = Suggestion.appending(
            to: "\((path as NSString).lastPathComponent) has no target '\(name)'", word: name,
            candidates: names)
        throw XcodeProjectError(message + "; its targets: \(names.joined(separator: ", "))")
    }
}
