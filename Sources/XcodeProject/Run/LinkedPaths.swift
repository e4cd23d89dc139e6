import Foundation

/// The package's links and the project's files they stand for, to say the project's paths in
/// what the compiler and XCTest print.
///
/// Both name the path they were given, the link's (`<project>/.kiosk/xctest/AppTests/Tests/
/// AppTests/AppTests/StoreTests.swift:12`), and no compiler flag changes that: `-file-prefix-map`
/// and `-debug-prefix-map` remap debug, coverage and index info only, not `#filePath` (which
/// XCTest's failure lines print) nor diagnostics (tried with Swift 6.3: `#filePath` still
/// printed the link), and SwiftPM refuses a target whose folder is outside its package. So
/// the lines are mapped back as they come: a link inside the project's folder has the file's
/// path relative to that folder (`XCTestPackageWriter.linkName`), so each module's folder maps
/// to the project's folder; a file from elsewhere (`external/Name.swift`) maps one by one.
public struct LinkedPaths: Sendable {
    /// (the link's path, the project's), files before folders so a file's own entry wins.
    private let replacements: [(link: String, project: String)]

    public init(plan: XCTestPlan) {
        var files: [(String, String)] = []
        var folders: [(String, String)] = []
        for linked in plan.linkedFolders {
            let folder = plan.packageFolder + "/" + linked.folder
            let root = linked.root.hasSuffix("/") ? linked.root : linked.root + "/"
            for file in linked.files where !file.hasPrefix(root) {
                files.append(
                    (folder + "/" + XCTestPackageWriter.linkName(for: file, root: linked.root), file))
            }
            folders.append((folder + "/", root))
        }
        replacements = files.sorted { $0.0.count > $1.0.count } + folders
    }

    /// `text` with each link's path replaced by the path of the project's file it links to.
    public func projectPaths(_ text: String) -> String {
        var text = text
        for (link, project) in replacements where text.contains(link) {
            text = text.replacingOccurrences(of: link, with: project)
        }
        return text
    }

    /// The results with their failures' `file:line` in the project's paths.
    public func projectPaths(_ results: [XCTestCaseResult]) -> [XCTestCaseResult] {
        results.map { result in
            var result = result
            result.failures = result.failures.map(projectPaths)
            return result
        }
    }
}

extension XCTestPlan {
    /// The package's module folders, relative to it (`Sources/App`, `Tests/AppTests`), each with
    /// the root its links are relative to and the project's files linked into it: Swift files,
    /// declared resources (each file of a resource folder), the test target's `.storekit`.
    var linkedFolders: [(folder: String, root: String, files: [String])] {
        appModules.map { ("Sources/\($0.name)", root(of: $0), $0.swiftFiles + Self.files(of: $0.resources)) }
            + [
                (
                    "Tests/\(testModule.name)", root(of: testModule),
                    testModule.swiftFiles + Self.files(of: testModule.resources) + storeKitConfigurations
                )
            ]
    }

    /// The folder a module's links are relative to: its own root, else the project's folder.
    func root(of module: Module) -> String { module.root.isEmpty ? projectFolder : module.root }

    /// The files of resources as a manifest names them (a folder stands for every file in it).
    private static func files(of resources: [Resource]) -> [String] {
        resources.flatMap { resource -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resource.path, isDirectory: &isFolder) else {
                return []
            }
            guard isFolder.boolValue else { return [resource.path] }
            return (FileManager.default.enumerator(atPath: resource.path)?.compactMap { $0 as? String } ?? [])
                .map { (resource.path as NSString).appendingPathComponent($0) }
                .filter { path in
                    var folder: ObjCBool = false
                    return FileManager.default.fileExists(atPath: path, isDirectory: &folder)
                        && !folder.boolValue
                }
        }
    }
}
