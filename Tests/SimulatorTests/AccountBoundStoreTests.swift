import Foundation
import StoreCore
import TestSupport
import Testing

@testable import Simulator

/// The account a call acts for is a value the caller holds, so no hop between tasks loses it.
@Suite struct AccountBoundStoreTests {
    @Test func aDetachedTaskStillActsForTheBoundAccount() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.addAccount(StoreAccount(name: "alice"))
        let alice = store.acting(for: "alice")
        // A detached task drops task-local values: an ambient account would fall back to tester.
        let bought = try await Task.detached { try await alice.purchase("lifetime") }.value
        guard case .success(let verification) = bought else {
            Issue.record("the purchase did not succeed: \(bought)")
            return
        }
        #expect(try await alice.all().map(\.unsafePayloadValue.id) == [verification.unsafePayloadValue.id])
        #expect(try await store.all().isEmpty, "the purchase landed on the selected account")
        #expect(try await alice.currentAccount().name == "alice")
        #expect(await store.activeAccount == SimulatedStore.defaultAccount)
    }

    @Test func streamsOfABoundViewAreThatAccounts() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.addAccount(StoreAccount(name: "bob"))
        let updates = await Task.detached { await store.acting(for: "bob").updates() }.value
        _ = try await store.acting(for: "bob").buyOffDevice("lifetime", options: [])
        let first = try await Incoming(updates).next(waitingFor: "bob's purchase on bob's stream")
        let transaction = try #require(first?.unsafePayloadValue, "bob's stream ended without an update")
        #expect(transaction.productID == "lifetime")
    }
}
