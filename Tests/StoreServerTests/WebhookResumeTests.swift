import Catalog
import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import StoreServer
import Synchronization
import Testing

/// A delivery that failed before a restart is retried by the next server on the same ledger,
/// with the earlier attempt kept.
@Suite struct WebhookResumeTests {
    @Test func pendingRetryResumesAfterARestart() async throws {
        let fixture = try await APIFixture()
        let statuses = Mutex<[Int]>([500, 200])
        let receiver = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { _ in
            HTTPResponse(status: statuses.withLock { $0.isEmpty ? 200 : $0.removeFirst() })
        }
        receiver.start()
        let url = "http://127.0.0.1:\(receiver.port)/hook"
        _ = try await fixture.store.purchase("com.kiosk.lumen.aicredits10")
        let first = try WebhookDelivery(store: fixture.store, url: url)
        #expect(await first.deliverDue() == 1)

        // A new process on the same state directory: a fresh store and a fresh delivery loop.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let reopened = try SimulatedStore.open(
            catalog: try LoadedCatalog.load(
                contentsOf: root.appendingPathComponent("catalogs/demo.storekit").path),
            location: .directory(fixture.directory, signedBy: fixture.authority), frozenClock: true)
        let second = try WebhookDelivery(store: reopened, url: url)
        #expect(await second.deliverDue() == 0, "the retry is an hour away in store time")
        _ = try await reopened.advanceClock(by: 3_600)
        #expect(await second.deliverDue() == 1)
        let attempts = try await reopened.notificationRecords().first?.attempts ?? []
        #expect(attempts.map(\.httpStatus) == [500, 200])
        #expect(attempts.map(\.attempt) == [1, 2])
    }
}
