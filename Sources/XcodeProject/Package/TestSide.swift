import Foundation

/// The test target of a run: its files, settings and resources, from an Xcode unit-test target,
/// a Swift package's test target, or `--tests`; and where its `.storekit` may be.
struct TestSide {
    var name: String
    var files: [String]
    var settings: SwiftBuildSettings
    /// The folder its links are relative to.
    var root: String
    /// Resources Xcode copies into the test bundle (found by `Bundle(for:)` on Linux too).
    var bundleResources: [String] = []
    /// Where a `.storekit` may be: the target's resources, then (a package's) its folder.
    var storeKitCandidates: [String] = []
    var xcodeTarget: XcodeTarget?
    var scheme: XcodeScheme?
    var project: XcodeProject?
    /// A Swift package's test target (its `.storekit` is one of its resources).
    var isPackage = false

    init(name: String, files: [String], settings: SwiftBuildSettings, root: String) {
        self.name = name
        self.files = files
        self.settings = settings
        self.root = root
    }

    init(xcode target: XcodeTarget, scheme: XcodeScheme?, project: XcodeProject) {
        self.init(
            name: target.moduleName, files: target.swiftFiles, settings: target.swiftSettings,
            root: project.folder)
        bundleResources = target.resourceFiles
        xcodeTarget = target
        self.scheme = scheme
        self.project = project
    }

    /// The package's test target called `name`, else its only one that uses StoreKit.
    init(package: SwiftPackage, named name: String?) throws(XcodeProjectError) {
        let tests = package.targets.filter { $0.kind == .test }
        let chosen: SwiftPackage.Target
        if let name {
            guard let found = tests.first(where: { $0.name == name }) else {
                throw XcodeProjectError(
                    "the package \(package.name) (\(package.folder)/Package.swift) has no test target '\(name)'; its test "
                        + "targets: \(tests.map(\.name).joined(separator: ", "))")
            }
            chosen = found
        } else {
            let storeKit = tests.filter { target in
                target.swiftFiles.contains { file in
                    let text = FileManager.default.contents(atPath: file).map {
                        String(decoding: $0, as: UTF8.self)
                    }
                    return text?.contains("StoreKit") == true
                }
            }
            let candidates = storeKit.isEmpty ? tests : storeKit
            guard candidates.count == 1 else {
                throw XcodeProjectError(
                    candidates.isEmpty
                        ? "the package \(package.name) (\(package.folder)/Package.swift) has no test target"
                        : "the package \(package.name) has \(candidates.count) test targets that use StoreKit ("
                            + candidates.map(\.name).joined(separator: ", ")
                            + "); choose one with --scheme-or-target")
            }
            chosen = candidates[0]
        }
        self.init(name: chosen.name, files: chosen.swiftFiles, settings: chosen.settings, root: chosen.folder)
        isPackage = true
        storeKitCandidates =
            chosen.resources.flatMap { Self.files(at: $0.path) }
            + ProjectObjectGraph.files(under: chosen.folder).map(\.absolute)
    }

    private static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        return isFolder.boolValue ? ProjectObjectGraph.files(under: path).map(\.absolute) : [path]
    }

    /// The `.storekit` files the tests load: `--configuration`, else an Xcode target's resources
    /// or its scheme's configuration, else a package test target's resources or folder.
    func configurations(_ request: XCTestRequest) throws(XcodeProjectError) -> [String] {
        if request.configuration != nil || !isPackage {
            return try XCTestPlanner.storeKitConfigurations(
                request, testTarget: xcodeTarget, scheme: scheme, projectPath: project?.path)
        }
        var seen = Set<String>()
        let found = storeKitCandidates.filter { $0.hasSuffix(".storekit") && seen.insert($0).inserted }
        guard found.isEmpty else { return found }
        throw XcodeProjectError(
            "no .storekit for \(name): looked in its resources and its folder \(root); add the .storekit to the test "
                + "target (`resources: [.copy(\"Products.storekit\")]`), or give it with --configuration FILE"
        )
    }
}
