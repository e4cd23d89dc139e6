import Foundation

extension ProjectObjectGraph {
    /// The folders of the local Swift packages the project references (Xcode's "Add Local
    /// Package…", `XCLocalSwiftPackageReference`), absolute, in the project's order. A local
    /// package's `relativePath` starts at the folder that holds the `.xcodeproj`.
    func localPackageFolders() -> [String] {
        let references = objects[rootID]?["packageReferences"]?.strings ?? []
        return references.compactMap { localFolder(ofPackage: $0) }
    }

    /// The package products a target links, with their packages; a product whose package is not
    /// in the file (a damaged reference) is left out, as Xcode shows it as missing.
    func packageProducts(of target: PlistValue) -> [SwiftPackageProduct] {
        (target["packageProductDependencies"]?.strings ?? []).compactMap { id in
            guard let dependency = objects[id], let name = dependency["productName"]?.string else {
                return nil
            }
            // A product of the project's own Swift package (no `package` key) is a local one
            // at the project's folder.
            guard let packageID = dependency["package"]?.string else {
                return SwiftPackageProduct(name: name, source: .local(projectFolder))
            }
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
