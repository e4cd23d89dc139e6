import Catalog
import Foundation
import SharedState
import StoreCore
import TestSupport
import Testing
import kiosk

/// `kiosk store` reaches the refund lifecycle and the new settings (issue 12), in-process; each
/// step is read back from the state, not taken on its exit code alone (issue 37, item 8).
@Suite struct StoreRefundCommandsTests {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-cli-\(UUID().uuidString)"
    )
    .path

    func store(_ arguments: String...) async -> Int32 {
        await Kiosk.run(["store"] + arguments + ["--state", state])
    }

    /// Opens the state as the next `kiosk store` would (`StateDirectory`, on the demo catalog),
    /// reads from it, and gives it up again.
    func read<T: Sendable>(_ body: (any Store & StoreControl) async throws -> T) async throws -> T {
        let directory = StateDirectory(explicitPath: state)
        let catalog = try LoadedCatalog.load(contentsOf: PackageFiles.catalog("demo"))
        let ownership = try directory.ownership(command: "StoreRefundCommandsTests", warn: { _ in }) {
            try directory.openStore(catalog: catalog, warn: { _ in })
        }
        do {
            guard case .owner(let store) = try await ownership.attach() else {
                throw StoreError.backend("another process owns \(state)")
            }
            let value = try await body(store)
            await ownership.release()
            return value
        } catch {
            await ownership.release()
            throw error
        }
    }

    /// The record of transaction `id` as the state holds it now.
    func record(_ id: UInt64) async throws -> TransactionRecord {
        let records = try await read { try await $0.transactionRecords() }
        return try #require(records.first { $0.id == id }, "transaction \(id) is in the state")
    }

    @Test func refundRequestsRunTheirLifecycle() async throws {
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(await store("buy", "com.kiosk.lumen.lifetime") == 0)
        #expect(await store("buy", "com.kiosk.lumen.filmpack") == 0)
        // Transaction IDs come from the ledger, in order, from its first ID.
        let lifetime = "2000000000000001"
        let pack = "2000000000000002"
        let (lifetimeID, packID): (UInt64, UInt64) = (2_000_000_000_000_001, 2_000_000_000_000_002)
        #expect(await store("refund-request", lifetime, "grant") == 1, "nothing open to grant yet")
        #expect(try await record(lifetimeID).refundRequest == nil)
        #expect(await store("refund-request", lifetime, "open", "LEGAL") == 0)
        let opened = try #require(try await record(lifetimeID).refundRequest)
        #expect(opened.status == .open && opened.reason == .legal)
        #expect(await store("refund-request", lifetime, "open") == 1, "one open request at a time")
        #expect(try await record(lifetimeID).refundRequest?.reason == .legal, "the first request stands")
        #expect(await store("refund-request", lifetime, "decline") == 0)
        #expect(try await record(lifetimeID).refundRequest?.status == .declined)
        #expect(try await record(lifetimeID).transaction.unsafePayloadValue.revocationDate == nil)
        #expect(await store("refund-request", lifetime, "open", "unintended_purchase") == 0)
        #expect(try await record(lifetimeID).refundRequest?.reason == .unintendedPurchase)
        #expect(await store("refund-request", lifetime, "grant", "--percentage", "50") == 0)
        let granted = try await record(lifetimeID)
        #expect(granted.refundRequest?.status == .granted)
        #expect(granted.transaction.unsafePayloadValue.revocationDate != nil)
        #expect(granted.transaction.unsafePayloadValue.revocationReason == .other)
        #expect(granted.transaction.unsafePayloadValue.revocationPercentage == 50_000)
        #expect(await store("refund-request", lifetime, "reverse") == 0)
        #expect(try await record(lifetimeID).refundRequest?.status == .reversed)
        #expect(await store("refund-request", lifetime, "reverse") == 1, "no refund left to reverse")
        #expect(await store("refund-request", lifetime, "open", "BOGUS") == 64)
        #expect(
            try await record(lifetimeID).refundRequest?.status == .reversed, "a refused word changes nothing")
        #expect(await store("refund", pack, "--percentage", "25") == 0)
        let refunded = try await record(packID).transaction.unsafePayloadValue
        #expect(refunded.revocationDate != nil && refunded.revocationPercentage == 25_000)
        #expect(await store("refund", pack, "--percentage", "120") == 64)
        #expect(try await record(packID).transaction.unsafePayloadValue.revocationPercentage == 25_000)
    }

    @Test func newSettingsAreSetFromTheShell() async throws {
        defer { try? FileManager.default.removeItem(atPath: state) }
        #expect(await store("set", "grace-days", "28") == 0)
        #expect(try await read { try await $0.settings() }.billingGracePeriodDays == 28)
        #expect(await store("set", "grace-days", "7") == 64)
        #expect(try await read { try await $0.settings() }.billingGracePeriodDays == 28, "7 is refused")
        #expect(await store("set", "finished-consumables", "on") == 0)
        #expect(try await read { try await $0.settings() }.includeFinishedConsumables)
    }
}
