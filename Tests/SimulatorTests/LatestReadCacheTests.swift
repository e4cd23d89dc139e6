import Foundation
import Signing
import StoreCore
import Testing

@testable import Simulator

/// The remembered answers of `latest(for:)`, which a server gives without a turn of the store,
/// are always the answer the store itself would give: any change forgets them, and so does
/// the clock reaching a due renewal.
@Suite struct LatestReadCacheTests {
    @Test func aRememberedAnswerIsTheStoresUntilAnythingChanges() async throws {
        let store = try SimulatedStore.makeForTest()
        let alice = store.acting(for: "alice")
        try await store.addAccount(StoreAccount(name: "alice"))
        // The control calls below (a refund) act for the selected account.
        try await store.switchAccount(to: "alice")
        #expect(store.rememberedLatest(account: "alice", productID: "lifetime") == nil, "nothing asked yet")
        #expect(try await alice.latest(for: "lifetime") == nil)
        #expect(
            store.rememberedLatest(account: "alice", productID: "lifetime") == .some(nil), "none, remembered")

        _ = try await alice.perform(.purchase(productID: "lifetime", options: [], confirmed: true))
        #expect(store.rememberedLatest(account: "alice", productID: "lifetime") == nil, "a purchase forgets")
        let bought = try #require(try await alice.latest(for: "lifetime"))
        #expect(store.rememberedLatest(account: "alice", productID: "lifetime") == .some(bought))
        #expect(store.rememberedLatest(account: "bob", productID: "lifetime") == nil, "another account's")

        try await store.refund(bought.unsafePayloadValue.id, reason: .other, percentage: 100)
        #expect(store.rememberedLatest(account: "alice", productID: "lifetime") == nil, "a refund forgets")
        let refunded = try #require(try await alice.latest(for: "lifetime"))
        #expect(refunded.unsafePayloadValue.revocationDate != nil)
        #expect(store.rememberedLatest(account: "alice", productID: "lifetime") == .some(refunded))

        try await store.setSimulatedError(.verification(.invalidSignature()), for: .verification)
        #expect(store.rememberedLatest(account: "alice", productID: "lifetime") == nil, "a setting forgets")
        let unverified = try #require(try await alice.latest(for: "lifetime"))
        guard case .unverified = unverified else {
            Issue.record("a simulated verification failure must show: \(unverified)")
            return
        }
        #expect(store.rememberedLatest(account: "alice", productID: "lifetime") == .some(unverified))
    }

    /// On a running clock nothing calls the store while a renewal falls due: the remembered
    /// answer stops holding at that instant, and the store's next answer is the renewal.
    @Test func aDueRenewalEndsTheAnswerWithoutAnyCall() async throws {
        let wall = ManualWallClock()
        let store = try SimulatedStore.makeForTest(running: wall)
        try await store.apply(.timeRate(.oneSecondIsOneDay))
        let account = try await store.currentAccount().name
        guard case .success(let first) = try await store.purchase("basic.monthly") else {
            Issue.record("the subscription was not bought")
            return
        }
        let latest = try #require(try await store.acting(for: account).latest(for: "basic.monthly"))
        #expect(latest.unsafePayloadValue.id == first.unsafePayloadValue.id)
        wall.advance(20)
        #expect(
            store.rememberedLatest(account: account, productID: "basic.monthly") == .some(latest),
            "20 days in, nothing is due")
        wall.advance(15)
        #expect(
            store.rememberedLatest(account: account, productID: "basic.monthly") == nil,
            "35 days in, the renewal must run first")
        let renewed = try #require(try await store.acting(for: account).latest(for: "basic.monthly"))
        #expect(renewed.unsafePayloadValue.id != first.unsafePayloadValue.id)
        #expect(renewed.unsafePayloadValue.originalID == first.unsafePayloadValue.id)
    }
}
