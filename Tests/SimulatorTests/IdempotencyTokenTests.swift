import Foundation
import Simulator
import StoreCore
import Testing

/// An idempotency key names one purchase for one of the app's users: given again with another
/// appAccountToken it is refused (422 on the wire), even where the store's answer would be a
/// transaction the account already owns: a non-consumable bought again, a subscription bought
/// while active (issue 22, item 8). The token the key's purchase asked for is kept with the key
/// (schema 8), so it survives a reopened ledger.
@Suite struct IdempotencyTokenTests {
    let alice = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!
    let bob = UUID(uuidString: "B0B00000-0000-4000-8000-000000000002")!

    @Test(arguments: ["lifetime", "basic.monthly"])
    func theSameKeyForAnotherUserIsAnotherPurchase(product: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-token-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        let first = try await store.purchase(
            product, options: [.idempotencyKey("k"), .appAccountToken(alice)])
        guard case .success = first else {
            Issue.record("the first purchase: \(first)")
            return
        }
        // The same request again is the same answer.
        guard
            case .success = try await store.purchase(
                product, options: [.idempotencyKey("k"), .appAccountToken(alice)])
        else {
            Issue.record("the same request again was not answered with the first result")
            return
        }
        for options: [PurchaseOption] in [
            [.idempotencyKey("k"), .appAccountToken(bob)], [.idempotencyKey("k")],
        ] {
            let error = await storeError { _ = try await store.purchase(product, options: options) }
            guard case .idempotencyKeyReused(let message) = error else {
                Issue.record("\(product) \(options): \(String(describing: error))")
                continue
            }
            #expect(message.contains("'k'") && message.contains(alice.uuidString), "\(message)")
        }
        // Reopened, the store still knows which user the key's purchase was for.
        let reopened = try SimulatedStore.makeForTest(location: .directory(directory))
        let error = await storeError {
            _ = try await reopened.purchase(product, options: [.idempotencyKey("k"), .appAccountToken(bob)])
        }
        guard case .idempotencyKeyReused = error else {
            Issue.record("after reopening: \(String(describing: error))")
            return
        }
    }
}
