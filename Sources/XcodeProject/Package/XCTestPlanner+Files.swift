import Foundation

extension XCTestPlanner {
    /// The `.storekit` files: the explicit one, else the test target's resources, else the
    /// scheme's StoreKit configuration. None is an error that says where it looked.
    static func storeKitConfigurations(
        _ request: XCTestRequest, testTarget: XcodeTarget?, scheme: XcodeScheme?, projectPath: String?
    ) throws(XcodeProjectError) -> [String] {
        if let explicit = request.configuration {
            let path = absolute(explicit)
            guard FileManager.default.fileExists(atPath: path) else {
                throw XcodeProjectError("--configuration \(explicit): no such file")
            }
            return [path]
        }
        var looked: [String] = []
        let own = (testTarget?.resourceFiles ?? []).filter { $0.hasSuffix(".storekit") }
        if !own.isEmpty { return own }
        if let testTarget { looked.append("the resources of \(testTarget.name) (none is a .storekit)") }
        if let scheme, let projectPath {
            let candidates = scheme.storeKitConfigurationCandidates(projectPath: projectPath)
            if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                return [found]
            }
            if let reference = scheme.storeKitConfigurationReference {
                looked.append(
                    "the StoreKit configuration '\(reference)' of the scheme \(scheme.name), at "
                        + candidates.joined(separator: ", ") + " (none exists)")
            } else {
                looked.append(
                    "the scheme \(scheme.name) (\(scheme.path)), which names no StoreKit configuration")
            }
        } else {
            looked.append("the project's schemes (none runs \(testTarget?.name ?? "these tests"))")
        }
        throw XcodeProjectError(
            "no .storekit for \(testTarget?.name ?? "the tests"): looked in " + looked.joined(separator: "; ")
                + "; add the .storekit to the test target, choose it in the scheme's Test or Run options, or give it "
                + "with --configuration FILE")
    }

    /// The Swift files of each path (a file, or every `.swift` under a folder).
    static func swiftFiles(in paths: [String]) throws(XcodeProjectError) -> [String] {
        var files: [String] = []
        for given in paths {
            let path = absolute(given)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw XcodeProjectError("\(given): no such file or folder")
            }
            if isFolder.boolValue {
                files += ProjectObjectGraph.files(under: path).map(\.absolute).filter {
                    $0.hasSuffix(".swift")
                }
            } else {
                files.append(path)
            }
        }
        return files
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/")
            ? (path as NSString).standardizingPath
            : ((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path) as NSString)
                .standardizingPath
    }
}
