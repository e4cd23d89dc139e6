import Foundation

extension ProjectObjectGraph {
    /// The folders of the local Swift packages the project references (Xcode's "Add Local
    /// Package…", `XCLocalSwiftPackageReference`), absolute, in the project's order. A local
    /// package's `relativePath` starts at the folder that holds the `.xcodeproj`.
    mutating func localPackageFolders() -> [String] {
        let references = objects[rootID]?["packageReferences"]?.strings ?? []
        var folders = references.compactMap { localFolder(ofPackage: $0) }
        // Older Xcode adds a local package as a folder reference in a group: a file reference
        // whose folder holds a Package.swift.
        for (id, object) in objects.sorted(by: { $0.key < $1.key }) where isa(object) == "PBXFileReference" {
            let type = object["lastKnownFileType"]?.string ?? ""
            guard type == "folder" || type == "wrapper", let path = path(of: id),
                FileManager.default.fileExists(
                    atPath: (path as NSString).appendingPathComponent("Package.swift")),
                !folders.contains(path)
            else { continue }
            folders.append(path)
        }
        return folders
    }

    /// The package products a target links, with their packages; a product whose package is not
    /// in the file (a damaged reference) is left out, as Xcode shows it as missing.
    func packageProducts(of target: PlistValue) -> [SwiftPackageProduct] {
        (target["packageProductDependencies"]?.strings ?? []).compactMap { id in
            guard let dependency = objects[id], let name = dependency["productName"]?.string else {
                return nil
            }
            // No `package` key: a package added as a folder reference (older Xcode), which
            // `localPackageFolders` finds among the file references.
            guard let packageID = dependency["package"]?.string else { return nil }
            if let folder = localFolder(ofPackage: packageID) {
                return SwiftPackageProduct(name: name, source: .local(folder))
            }
            let url = objects[packageID]?["repositoryURL"]?.string ?? packageID
            return SwiftPackageProduct(name: name, source: .remote(url))
        }
    }

    private func localFolder(ofPackage id: String) -> String? {
        guard let reference = objects[id], isa(reference) == "XCLocalSwiftPackageReference",
            let relative = reference["relativePath"]?.string
        else { return nil }
        let path =
            relative.hasPrefix("/") ? relative : (projectFolder as NSString).appendingPathComponent(relative)
        return (path as NSString).standardizingPath
    }
}
