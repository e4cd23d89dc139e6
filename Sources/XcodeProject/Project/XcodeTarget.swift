import SourceDiagnostics

/// One target of an Xcode project as `kiosk xctest` needs it: its files and its settings.
public struct XcodeTarget: Sendable, Equatable {
    /// The target's name, as in Xcode's target list.
    public var name: String
    /// `com.apple.product-type.application`, `com.apple.product-type.bundle.unit-test`, ...
    public var productType: String
    /// Absolute paths of the Swift files the target compiles.
    public var swiftFiles: [String]
    /// Absolute paths of the target's resources (the Copy Bundle Resources phase, or the
    /// non-source files of its synchronized folders).
    public var resourceFiles: [String]
    /// Names of the targets this one depends on (its Target Dependencies phase).
    public var dependencies: [String]
    /// The Debug configuration's build settings, the project's overridden by the target's.
    public var buildSettings: [String: String]
    /// The Swift package products the target links (local or remote packages).
    public var packageProducts: [SwiftPackageProduct]
    /// Where the target is declared in `project.pbxproj`, for problems of the target as a whole.
    public var location: SourceLocation?

    public init(
        name: String, productType: String, swiftFiles: [String], resourceFiles: [String],
        dependencies: [String],
        buildSettings: [String: String], packageProducts: [SwiftPackageProduct] = [],
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.productType = productType
        self.swiftFiles = swiftFiles
        self.resourceFiles = resourceFiles
        self.dependencies = dependencies
        self.buildSettings = buildSettings
        self.packageProducts = packageProducts
        self.location = location
    }

    /// Whether this is a unit-test bundle (an XCTest target), not a UI-test one.
    public var isUnitTestBundle: Bool { productType == "com.apple.product-type.bundle.unit-test" }

    /// The module name `@testable import` uses: PRODUCT_MODULE_NAME, else PRODUCT_NAME when it
    /// is not the `$(TARGET_NAME)` default, else the target's name, with characters a Swift
    /// identifier cannot hold turned into `_` as Xcode does.
    public var moduleName: String {
        let configured = [buildSettings["PRODUCT_MODULE_NAME"], buildSettings["PRODUCT_NAME"]]
            .compactMap { $0 }.first { !$0.contains("$(") && !$0.isEmpty }
        let raw = configured ?? name
        let mapped = raw.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" }
        let identifier = String(mapped)
        return identifier.first?.isNumber == true ? "_" + identifier : identifier
    }

    /// The target's Swift settings (`SWIFT_VERSION`, default isolation, approachable concurrency).
    public var swiftSettings: SwiftBuildSettings { SwiftBuildSettings(buildSettings) }
}
