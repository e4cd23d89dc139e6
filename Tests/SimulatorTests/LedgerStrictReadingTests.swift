import Foundation
import StoreCore
import Testing

@testable import Simulator

/// A damaged row fails the open naming its table and key; it is never read as a default
/// (a transaction whose phase is unknown must not come back as delivered).
@Suite struct LedgerStrictReadingTests {
    /// A ledger with one purchase (and its idempotency record and subscription), then `damage`
    /// applied to the file behind the store's back; returns the error of reopening it.
    func reopenError(after damage: String) async throws -> (message: String, id: UInt64, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-strict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("ledger.sqlite").path
        var id: UInt64 = 0
        do {
            let store = try SimulatedStore.makeForTest(location: .directory(directory))
            guard
                case .success(let bought) = try await store.purchase(
                    "basic.monthly", options: [.idempotencyKey("k1")])
            else {
                Issue.record("the purchase did not succeed")
                return ("", 0, path)
            }
            id = bought.unsafePayloadValue.id
        }
        try SQLiteConnection(path: path).execute(damage)
        do {
            _ = try SimulatedStore.makeForTest(location: .directory(directory))
        } catch {
            return ("\(error)", id, path)
        }
        Issue.record("a damaged ledger opened without an error")
        return ("", id, path)
    }

    @Test func anUnknownTransactionPhaseNamesTheRow() async throws {
        let (message, id, path) = try await reopenError(after: "UPDATE transactions SET phase = 'bogus'")
        #expect(message.contains("the transactions row \(id) is unreadable"))
        #expect(message.contains("phase 'bogus'"))
        #expect(message.contains(path))
    }

    @Test func anUnknownIdempotencyOutcomeNamesTheRow() async throws {
        let (message, _, _) = try await reopenError(after: "UPDATE idempotency SET outcome = 'maybe'")
        #expect(message.contains("the idempotency row tester/k1 is unreadable"))
        #expect(message.contains("outcome 'maybe'"))
    }

    @Test func anUnreadableSubscriptionNamesItsAccountAndGroup() async throws {
        let (message, _, _) = try await reopenError(after: "UPDATE chains SET record = '{'")
        #expect(message.contains("the chains row tester/"))
    }

    /// The store sees ledger failures as one kind, `StoreError.backend`, with the ledger's text.
    @Test func ledgerErrorsMapIntoStoreErrorOnce() {
        let error = LedgerError.newerSchema(found: 9, supported: 5, path: "/s/ledger.sqlite")
        #expect(StoreError(error) == .backend(error.description))
        #expect(error.description.contains("newer than this Kiosk understands"))
        #expect(
            LedgerError.anotherWriter(path: "/p").description.contains("another process wrote to this ledger")
        )
    }
}
