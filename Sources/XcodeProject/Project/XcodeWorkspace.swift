import Foundation
import SourceDiagnostics

/// An Xcode workspace (`App.xcworkspace`): the projects its `contents.xcworkspacedata` lists and
/// the schemes it and they share. A project alone reads as a workspace of one (`init(project:)`),
/// so choosing a test target is the same for both.
public struct XcodeWorkspace: Sendable, Equatable {
    /// The `.xcworkspace` (or, for a project alone, the `.xcodeproj`).
    public var path: String
    /// The `.xcodeproj` paths it lists, in its order (groups flattened), absolute.
    public var projects: [String]
    /// The workspace's own schemes, then each project's, in that order.
    public var schemes: [XcodeScheme]
    /// Where each project is listed in `contents.xcworkspacedata`, for messages.
    var projectLocations: [String: SourceLocation]

    /// The folder that holds the workspace: its `group:` and `container:` paths start there.
    public var folder: String { (path as NSString).deletingLastPathComponent }

    /// A project alone, as the workspace Xcode makes for it.
    public init(project: String) {
        path = project
        projects = [project]
        schemes = XcodeScheme.schemes(ofProject: project)
        projectLocations = [:]
    }

    init(path: String, projects: [String], schemes: [XcodeScheme], projectLocations: [String: SourceLocation])
    {
        self.path = path
        self.projects = projects
        self.schemes = schemes
        self.projectLocations = projectLocations
    }

    /// Reads the workspace at `path` (the `.xcworkspace` folder or its `contents.xcworkspacedata`).
    /// Listed projects that do not exist are kept, as Xcode shows them (in red): using one is the
    /// error, at its line.
    /// - Throws: `XcodeProjectError` when `path` is not a workspace or its file cannot be read.
    public static func read(at path: String) throws(XcodeProjectError) -> XcodeWorkspace {
        var workspace = (FilePaths.absolute(path) as NSString).standardizingPath
        if (workspace as NSString).lastPathComponent == "contents.xcworkspacedata" {
            workspace = (workspace as NSString).deletingLastPathComponent
        }
        let contents = (workspace as NSString).appendingPathComponent("contents.xcworkspacedata")
        guard let data = FileManager.default.contents(atPath: contents) else {
            throw XcodeProjectError(
                "\(path) is not an Xcode workspace: give the .xcworkspace folder (it holds contents.xcworkspacedata), "
                    + "or the .xcodeproj")
        }
        let folder = (workspace as NSString).deletingLastPathComponent
        var groups = [folder]
        var projects: [String] = []
        var locations: [String: SourceLocation] = [:]
        var sawWorkspace = false
        for (element, line, column) in XMLElementScanner.located(in: String(decoding: data, as: UTF8.self)) {
            switch element {
            case .open(let name, let attributes, let selfClosing):
                if name == "Workspace" { sawWorkspace = true }
                let resolved = attributes["location"].flatMap {
                    XcodeLocation.resolve($0, groupFolder: groups.last ?? folder, containerFolder: folder)
                }
                if name == "Group", !selfClosing { groups.append(resolved ?? groups.last ?? folder) }
                if name == "FileRef", let resolved, resolved.hasSuffix(".xcodeproj"),
                    !projects.contains(resolved)
                {
                    projects.append(resolved)
                    locations[resolved] = SourceLocation(file: contents, line: line, column: column)
                }
            case .close(let name):
                if name == "Group", groups.count > 1 { groups.removeLast() }
            }
        }
        guard sawWorkspace else {
            throw XcodeProjectError(
                "\(contents) is not a workspace's contents (no <Workspace> element)",
                at: SourceLocation(file: contents, line: 1, column: 1))
        }
        let schemes =
            XcodeScheme.schemes(ofProject: workspace)
            + projects.flatMap { XcodeScheme.schemes(ofProject: $0) }
        return XcodeWorkspace(
            path: workspace, projects: projects, schemes: schemes, projectLocations: locations)
    }
}
