import Foundation

/// Writes the plan as a Swift package in its own folder: a `Package.swift`, and for each module
/// a folder of symbolic links to the project's own files (nothing copied, so an edit shows at
/// the next run). Everything it writes is under `<project>/.kiosk/`, which it keeps out of git.
public struct XCTestPackageWriter {
    /// The Kiosk checkout the package depends on by path.
    public var kioskPath: String

    public init(kioskPath: String) {
        self.kioskPath = kioskPath
    }

    /// Writes (or rewrites) the package; returns its folder.
    /// - Throws: `XcodeProjectError` naming the path that could not be written.
    @discardableResult
    public func write(_ plan: XCTestPlan) throws(XcodeProjectError) -> String {
        let folder = plan.packageFolder
        let kioskFolder = ((folder as NSString).deletingLastPathComponent as NSString)
            .deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Everything .kiosk holds is made from the project: nothing in it belongs in git.
            try Data("# Made by kiosk (kiosk xctest); rewritten at every run.\n*\n".utf8)
                .write(
                    to: URL(fileURLWithPath: (kioskFolder as NSString).appendingPathComponent(".gitignore")))
            for generated in ["Sources", "Tests"] {
                let path = (folder as NSString).appendingPathComponent(generated)
                if FileManager.default.fileExists(atPath: path) {
                    try FileManager.default.removeItem(atPath: path)
                }
            }
            for linked in plan.linkedFolders {
                try link(linked.files, into: linked.folder, root: linked.root, of: plan)
            }
            for module in plan.appModules where module.swiftFiles.isEmpty {
                try writeEmptySource(for: module, of: plan)
            }
            let manifest = PackageManifest(plan: plan, kioskPath: kioskPath, kioskProducts: kioskProducts())
            try Data(manifest.text.utf8).write(
                to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent("Package.swift")))
        } catch {
            throw XcodeProjectError("cannot write the package in \(folder): \(error)")
        }
        return folder
    }

    /// The link's path inside a module's folder: the file's path relative to the module's root
    /// (the project's folder, or a package target's own), so two files of the same name in
    /// different folders stay apart, and a package's resources keep the paths its manifest names.
    static func linkName(for path: String, root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix)
            ? String(path.dropFirst(prefix.count)) : "external/" + (path as NSString).lastPathComponent
    }

    private func link(_ files: [String], into relative: String, root: String, of plan: XCTestPlan) throws {
        let moduleFolder = (plan.packageFolder as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: moduleFolder, withIntermediateDirectories: true)
        for file in files {
            let link = (moduleFolder as NSString).appendingPathComponent(Self.linkName(for: file, root: root))
            try FileManager.default.createDirectory(
                atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: link) { continue }
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        }
    }

    /// A module whose every file was left out still compiles, so that `import App` in the tests
    /// compiles as it does in Xcode: SwiftPM needs one source file, which says why it is there.
    private func writeEmptySource(for module: XCTestPlan.Module, of plan: XCTestPlan) throws {
        let folder = (plan.packageFolder as NSString).appendingPathComponent("Sources/\(module.name)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let reasons = module.leftOut.map { "//   \($0.path): \($0.reason)" }.joined(separator: "\n")
        let text = """
            // Made by `kiosk xctest`: every file of \(module.name) was left out (Linux cannot compile
            // them), and the module stays so that the tests' `import \(module.name)` compiles as in Xcode.
            \(reasons)

            """
        try Data(text.utf8).write(
            to: URL(
                fileURLWithPath: (folder as NSString).appendingPathComponent("\(module.name)+LeftOut.swift")))
    }

    /// The products the Kiosk checkout offers that the package may use, read from its manifest,
    /// so a checkout without the Combine subset still gets a package that resolves.
    func kioskProducts() -> Set<String> {
        let manifest = (kioskPath as NSString).appendingPathComponent("Package.swift")
        let text =
            FileManager.default.contents(atPath: manifest).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return Set(
            (ModulePool.kioskProducts.union(ModulePool.implicitKioskProducts).sorted() + ["KioskXCTestBridge"])
                .filter {
                    text.contains(".library(name: \"\($0)\"")
                })
    }
}
