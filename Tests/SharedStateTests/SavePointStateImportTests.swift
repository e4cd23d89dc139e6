import Catalog
import Foundation
import SharedState
import Simulator
import StoreCore
import Testing

/// `kiosk state import` after the file is checked: installed, loaded, and undone when the load fails.
@Suite final class SavePointStateImportTests: Sendable {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-import-\(UUID().uuidString)")

    /// Swift Testing makes a suite instance per test: its files go when the test ends.
    deinit { try? FileManager.default.removeItem(at: scratch) }

    struct LoadFailed: Error {}

    @Test func aFailedLoadUndoesTheInstallAndAGoodOneKeepsIt() async throws {
        let source = StateDirectory(explicitPath: scratch.appendingPathComponent("source").path)
        let catalog = try LoadedCatalog.load(
            contentsOf: StormHarness.root.appendingPathComponent("catalogs/demo.storekit").path)
        let opened = try source.openStore(catalog: catalog, frozenClock: true, warn: { _ in })
        _ = try await opened.store.purchase("com.kiosk.lumen.filmpack")
        let file = scratch.appendingPathComponent("one.kiosk")
        try SavePoints.export(stateDirectory: source.url, to: file)
        #expect(SavePointImport.name(forFile: scratch.appendingPathComponent("my file!.kiosk")) == "my-file-")

        // Another authority signed the file: the target's authority comes with it, and goes again.
        let target = scratch.appendingPathComponent("target")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let checked = try SavePointImport(file: file, name: "one")
        await #expect {
            try await checked.importInto(target) { throw LoadFailed() }
        } throws: { error in
            guard let error = error as? SavePointImport.StateImportError, case .load = error else {
                return false
            }
            return true
        }
        #expect(!FileManager.default.fileExists(atPath: SavePoints.url(named: "one", in: target).path))
        #expect(!FileManager.default.fileExists(atPath: StateDirectoryLayout(target).authority.path))

        try await checked.importInto(target) {}
        #expect(FileManager.default.fileExists(atPath: SavePoints.url(named: "one", in: target).path))
        #expect(FileManager.default.fileExists(atPath: StateDirectoryLayout(target).authority.path))
    }
}
