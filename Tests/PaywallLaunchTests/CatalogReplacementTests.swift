import Catalog
import Foundation
import Paywall
import PaywallCatalog
import PaywallLaunch
import Simulator
import StoreCore
import Synchronization
import TerminalUI
import TestSupport
import Testing

/// Live reload hands a catalog to the store through the capability the launcher gives it
/// (`CatalogReplacement`), never by asking the store's type: a fake capability sees exactly the
/// catalogs that read cleanly, and a store still opening forwards to the capability of the store
/// it opens, or to none.
@Suite struct CatalogReplacementTests {
    /// The catalogs a fake capability was handed, by their paths.
    final class Received: Sendable {
        let paths = Mutex<[String]>([])
        var replacement: CatalogReplacement {
            { catalog in self.paths.withLock { $0.append(catalog.path) } }
        }
    }

    /// A copy of the demo catalog in a scratch directory, removed when the test ends.
    final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-replacement-\(UUID().uuidString)")
        var catalog: String { directory.appendingPathComponent("demo.storekit").path }

        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: PackageFiles.catalog("demo"), toPath: catalog)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    func reloader(_ scratch: Scratch, _ received: Received) throws -> LiveReloader {
        let catalog = try LoadedCatalog.load(contentsOf: scratch.catalog)
        return LiveReloader(
            catalogPath: scratch.catalog, themePath: PackageFiles.themesDirectory + "/default.json",
            bundledThemes: PackageFiles.themesDirectory, locale: nil,
            content: PaywallContent(catalog: catalog),
            theme: try Theme.load(named: "default", in: PackageFiles.themesDirectory),
            updateStore: received.replacement)
    }

    @Test func aCatalogThatReadsCleanlyGoesToTheCapabilityAndABrokenOneDoesNot() async throws {
        let scratch = try Scratch()
        let received = Received()
        let reloader = try reloader(scratch, received)

        let clean = await reloader.reload()
        #expect(clean.problems.isEmpty, "\(clean.problems)")
        #expect(received.paths.withLock { $0 } == [scratch.catalog])

        let text = try String(contentsOfFile: scratch.catalog, encoding: .utf8)
        try Data((text + ",,").utf8).write(to: URL(fileURLWithPath: scratch.catalog), options: .atomic)
        let broken = await reloader.reload()
        #expect(!broken.problems.isEmpty)
        #expect(received.paths.withLock { $0 } == [scratch.catalog], "a broken catalog reached the store")
    }

    @Test func aStoreStillOpeningForwardsToTheCapabilityOfTheStoreItOpens() async throws {
        let catalog = try LoadedCatalog.load(contentsOf: PackageFiles.catalog("demo"))
        // The store itself is only what the calls would go to: the capability is the fake.
        let stand = try SimulatedStore.open(catalog: catalog, location: .ephemeral(), frozenClock: true)
        let received = Received()
        let taking = OpeningStore {
            OpenedStore(
                store: stand, ownership: nil, backendName: "sim", replaceCatalog: received.replacement)
        }
        await taking.replaceCatalog(catalog)
        #expect(received.paths.withLock { $0.count } == 1)

        // A client of another process's store takes none: nothing is called, nothing fails.
        let client = OpeningStore { OpenedStore(store: stand, ownership: nil, backendName: "shared") }
        await client.replaceCatalog(catalog)
        #expect(received.paths.withLock { $0.count } == 1)
    }
}
