import Foundation
import Testing

/// Saving the `.storekit` of a running paywall redraws its products: the real `kiosk` in tmux,
/// on a copy of the demo catalog, edited as a designer's editor would save it.
@Suite struct LiveReloadEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A directory with the demo catalog and its copy, removed afterwards by the caller.
    static func workspace() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["demo.storekit", "demo.paywall.json"] {
            try FileManager.default.copyItem(
                at: root.appendingPathComponent("catalogs/\(name)"),
                to: directory.appendingPathComponent(name))
        }
        return directory
    }

    /// Rewrites `file` with `old` replaced by `new` (each occurrence), as an editor saves it.
    static func edit(_ file: URL, _ old: String, _ new: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old), "\(old) not in \(file.path)")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func aPriceAndANameEditedInTheStorekitShowInTheRunningPaywall() async throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let catalog = directory.appendingPathComponent("demo.storekit")
        let session = TmuxSession()
        defer { session.close() }
        try session.start(columns: 120, rows: 40, arguments: "--catalog \(catalog.path)")
        try await session.waitFor("Lumen Ultimate (Monthly) ] $19.99/month")

        try Self.edit(catalog, "\"displayPrice\" : \"19.99\"", "\"displayPrice\" : \"21.99\"")
        try await session.waitFor("Lumen Ultimate (Monthly) ] $21.99/month")

        try Self.edit(
            catalog, "\"displayName\" : \"Lumen Ultimate (Monthly)\"",
            "\"displayName\" : \"Lumen Max (Monthly)\"")
        let renamed = try await session.waitFor("Lumen Max (Monthly) ] $21.99/month")
        #expect(!renamed.contains("Reload kept the last good version"))

        // A broken file: the banner says where, whole, and the last good products stay.
        try Self.edit(catalog, "\"displayPrice\" : \"21.99\",", "\"displayPrice\" : 21.99x,")
        let broken = try await session.waitFor("Reload kept the last good version")
        #expect(broken.contains("demo.storekit:"), "\(broken)")
        #expect(broken.contains("Lumen Max (Monthly) ] $21.99/month"), "\(broken)")
    }
}
