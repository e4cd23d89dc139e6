import Foundation
import Signing
import Simulator
import StoreCore
import Testing

/// Every duration and date the store accepts stays within what it can sign, and idempotency
/// keys cannot collapse different purchases (issue 11, items 2 and 5).
@Suite struct StoreBoundsTests {
    @Test func theClockStopsAtTheLastDateTheAuthorityCanSign() async throws {
        let authority = try CertificateAuthority.ephemeral()
        let signer = try CoveringSigner(authority: authority)
        let store = try SimulatedStore(
            catalog: TestCatalog(), ledger: .memory, signer: signer, frozenClock: true,
            wallClock: { Date(timeIntervalSince1970: 1_767_225_600) })
        #expect(signer.latestSigningDate == authority.intermediate.notAfter.addingTimeInterval(-1))
        let before = try await store.now()
        for seconds in [1e18, 1e308, Double.infinity, -1, .nan] {
            let error = await storeError { _ = try await store.advanceClock(by: seconds) }
            guard case .invalidArgument = error else {
                Issue.record("advancing \(seconds) s: \(String(describing: error))")
                continue
            }
        }
        #expect(try await store.now() == before, "a refused advance moves nothing")
        // Up to a day before the limit the store still signs, and verifiably.
        let room = signer.latestSigningDate.timeIntervalSince(before) - day
        _ = try await store.advanceClock(by: room)
        guard case .success(let verification) = try await store.purchase("gems") else {
            Issue.record("no purchase near the limit")
            return
        }
        #expect(try verification.payloadValue.productID == "gems")
        let past = await storeError { _ = try await store.advanceClock(by: 2 * day) }
        #expect(past.map { "\($0)".contains("advance at most") } == true, "\(String(describing: past))")
        guard case .success = try await store.purchase("gems") else {
            Issue.record("the store is wedged after a refused advance")
            return
        }
    }

    @Test func aFastTimeRateStopsAtTheLastSignableDate() async throws {
        let wall = ManualWallClock()
        let signer = try CoveringSigner(authority: .ephemeral())
        let store = try SimulatedStore(
            catalog: TestCatalog(), ledger: .memory, signer: signer, wallClock: { wall.now })
        try await store.apply(.timeRate(.oneSecondIsOneDay))
        _ = try await store.purchase("basic.monthly")
        // Twenty years of store time at a day a second: the clock stops at the signer's limit.
        wall.advance(20 * 365)
        #expect(try await store.now() == signer.latestSigningDate)
        guard case .success(let verification) = try await store.purchase("gems") else {
            Issue.record("the store is wedged at the end of time")
            return
        }
        #expect(try verification.payloadValue.purchaseDate <= signer.latestSigningDate)
    }

    @Test func aBackdatedPurchaseBefore1970IsRefused() async throws {
        let store = try SimulatedStore.makeForTest()
        let ancient = Date(timeIntervalSince1970: -1e12)
        let error = await storeError {
            _ = try await store.purchase(
                "basic.monthly", options: [.purchaseDate(ancient, renewalBehavior: .renewUntilNow)])
        }
        #expect(error.map { "\($0)".contains("1970-01-01 or later") } == true, "\(String(describing: error))")
    }

    @Test func aKeyReusedForADifferentPurchaseIsRefused() async throws {
        let store = try SimulatedStore.makeForTest()
        _ = try await store.purchase("gems", options: [.idempotencyKey("k1"), .quantity(2)])
        let otherProduct = await storeError {
            _ = try await store.purchase("lifetime", options: [.idempotencyKey("k1")])
        }
        guard case .idempotencyKeyReused(let message) = otherProduct else {
            Issue.record("a different product with the same key: \(String(describing: otherProduct))")
            return
        }
        #expect(message.contains("'k1'") && message.contains("lifetime") && message.contains("gems"))
        let otherQuantity = await storeError {
            _ = try await store.purchase("gems", options: [.idempotencyKey("k1"), .quantity(3)])
        }
        guard case .idempotencyKeyReused = otherQuantity else {
            Issue.record("a different quantity with the same key: \(String(describing: otherQuantity))")
            return
        }
        // The same request again is still answered with the first result.
        _ = try await store.purchase("gems", options: [.idempotencyKey("k1"), .quantity(2)])
        #expect(try await store.all().count == 1)
    }

    @Test func aBlankKeyIsRefusedRatherThanSharedByEveryone() async throws {
        let store = try SimulatedStore.makeForTest()
        for key in ["", "  ", String(repeating: "k", count: 257)] {
            let error = await storeError {
                _ = try await store.purchase("gems", options: [.idempotencyKey(key)])
            }
            guard case .invalidArgument(let message) = error else {
                Issue.record("key \(key.debugDescription): \(String(describing: error))")
                continue
            }
            #expect(message.contains("idempotency key"))
        }
        #expect(try await store.all().isEmpty)
    }
}
