import Foundation

/// What the developer's path is: an Xcode project, a Swift package, or nothing (loose files
/// named with `--tests`, `--sources` and `--module`). A folder is what it holds: its one
/// `.xcodeproj`, else its `Package.swift`.
enum ProjectInput {
    case xcode(XcodeProject)
    case package(SwiftPackage)
    /// Loose files; the folder is the current directory, where `.kiosk` goes.
    case files(folder: String)

    /// The folder paths are shown relative to and `.kiosk` is written in.
    var folder: String {
        switch self {
        case .xcode(let project): project.folder
        case .package(let package): package.folder
        case .files(let folder): folder
        }
    }

    var isFiles: Bool {
        if case .files = self { true } else { false }
    }

    static func resolve(_ path: String?) throws(XcodeProjectError) -> ProjectInput {
        guard let path else { return .files(folder: FileManager.default.currentDirectoryPath) }
        let absolute = XCTestPlanner.absolute(path)
        if absolute.hasSuffix(".xcodeproj") || absolute.hasSuffix("project.pbxproj") {
            return .xcode(try XcodeProject.read(at: path))
        }
        if (absolute as NSString).lastPathComponent.hasPrefix("Package"), absolute.hasSuffix(".swift") {
            return .package(try SwiftPackage.read(at: absolute))
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder), isFolder.boolValue
        else {
            // XcodeProject.read says what an Xcode project is and what to give instead.
            return .xcode(try XcodeProject.read(at: path))
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? []).sorted()
        let projects = names.filter { $0.hasSuffix(".xcodeproj") }
        if projects.count == 1 {
            return .xcode(
                try XcodeProject.read(at: (absolute as NSString).appendingPathComponent(projects[0])))
        }
        if projects.count > 1 {
            throw XcodeProjectError(
                "\(path) holds \(projects.count) Xcode projects (\(projects.joined(separator: ", "))); give the one "
                    + "whose tests to run")
        }
        if names.contains("Package.swift") { return .package(try SwiftPackage.read(at: absolute)) }
        // A project kept as a generator's recipe has no .xcodeproj until the generator runs.
        if let recipe = names.first(where: { ["project.yml", "project.json", "Project.swift"].contains($0) })
        {
            let tool =
                recipe == "Project.swift" ? "Tuist (`tuist generate`)" : "XcodeGen (`xcodegen generate`)"
            throw XcodeProjectError(
                "\(path) holds no .xcodeproj, only \(recipe), the recipe \(tool) makes one from; generate the "
                    + "project first (the .xcodeproj it writes is what kiosk xctest reads), or give the files with "
                    + "--tests, --sources and --module")
        }
        throw XcodeProjectError(
            "\(path) holds no .xcodeproj and no Package.swift; give an Xcode project, a Swift package, or the "
                + "files with --tests, --sources and --module")
    }
}
