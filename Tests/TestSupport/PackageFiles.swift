import Foundation

/// The checkout's own files a library test reads: the bundled catalogs and themes that the
/// `kiosk` executable finds through `BundledResources`, from the source tree as it does.
public enum PackageFiles {
    /// The package root: Tests/TestSupport/PackageFiles.swift, two folders up and one more.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A bundled catalog by name: `demo`, `shelf`, `minimal`.
    public static func catalog(_ name: String) -> String {
        root.appendingPathComponent("catalogs/\(name).storekit").path
    }

    /// The bundled themes' folder.
    public static var themesDirectory: String { root.appendingPathComponent("themes").path }
}
