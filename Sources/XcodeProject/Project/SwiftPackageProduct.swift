/// A Swift package product an Xcode target links (its "Frameworks, Libraries, and Embedded
/// Content" list, `packageProductDependencies` in `project.pbxproj`), with where its package is.
public struct SwiftPackageProduct: Sendable, Equatable {
    /// Where the package comes from: a folder of the developer's (`XCLocalSwiftPackageReference`)
    /// or a repository Xcode fetches (`XCRemoteSwiftPackageReference`).
    public enum Source: Sendable, Equatable {
        /// The package's folder, absolute.
        case local(String)
        /// The repository's URL as the project writes it.
        case remote(String)
    }

    /// The product's name (`AppCore`), which is also the module an app imports in the usual case.
    public var name: String
    public var source: Source

    public init(name: String, source: Source) {
        self.name = name
        self.source = source
    }
}
