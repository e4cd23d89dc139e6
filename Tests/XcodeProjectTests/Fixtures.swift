import Foundation

/// The fixture projects beside these tests, and scratch folders for the tests that write.
enum Fixtures {
    static let folder = (URL(fileURLWithPath: #filePath).deletingLastPathComponent().path as NSString)
        .appendingPathComponent("Fixtures")
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().path

    static var classic: String { (folder as NSString).appendingPathComponent("Classic/Classic.xcodeproj") }
    static var synced: String { (folder as NSString).appendingPathComponent("Synced/Synced.xcodeproj") }
    static var workspace: String {
        (folder as NSString).appendingPathComponent("Workspace/Shop.xcworkspace")
    }
    /// The project of the Workspace fixture.
    static var shop: String { (folder as NSString).appendingPathComponent("Workspace/Shop/Shop.xcodeproj") }
    static var example: String {
        (repository as NSString).appendingPathComponent("Examples/XcodeApp/XcodeApp.xcodeproj")
    }

    /// A fresh copy of a fixture's folder in a temporary folder, for tests that damage or add files.
    static func copy(_ name: String) throws -> String {
        let scratch = NSTemporaryDirectory() + "kiosk-xcodeproject-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let destination = (scratch as NSString).appendingPathComponent(name)
        try FileManager.default.copyItem(
            atPath: (folder as NSString).appendingPathComponent(name), toPath: destination)
        // What `kiosk xctest` wrote beside the fixture in an earlier run (Tests/Shell/
        // xctest-projects.sh runs it on these projects) is not part of the fixture.
        let generated = (destination as NSString).appendingPathComponent(".kiosk")
        if FileManager.default.fileExists(atPath: generated) {
            try FileManager.default.removeItem(atPath: generated)
        }
        return destination
    }

    /// Every file under `folder`, relative to it.
    static func tree(_ folder: String) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
    }
}

extension Fixtures {
    /// An app in several modules: an app target, a framework target and a local package.
    static var modular: String { (folder as NSString).appendingPathComponent("Modular/Modular.xcodeproj") }
    /// A developer's own Swift package whose tests use StoreKitTest.
    static var purchasesPackage: String { (folder as NSString).appendingPathComponent("PurchasesPackage") }

    /// Writes `files` (path relative to a fresh temporary folder: text) and returns the folder.
    static func write(_ files: [String: String]) throws -> String {
        let scratch = NSTemporaryDirectory() + "kiosk-xcodeproject-\(UUID().uuidString)"
        for (relative, text) in files {
            let path = (scratch as NSString).appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return scratch
    }
}
