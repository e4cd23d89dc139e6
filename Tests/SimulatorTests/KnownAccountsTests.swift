import Foundation
import StoreCore
import Testing

@testable import Simulator

/// A server skips the store's turn for accounts the store has seen; a reset or a loaded save
/// point, which replace the accounts, forget them.
@Suite struct KnownAccountsTests {
    @Test func accountsAreKnownOnceFoundAndForgottenWhenReplaced() async throws {
        let store = try SimulatedStore.makeForTest()
        #expect(!store.isKnownAccount("alice"))
        #expect(await !store.hasAccount("alice"))
        #expect(!store.isKnownAccount("alice"), "a missing account is not remembered")
        try await store.addAccount(StoreAccount(name: "alice"))
        #expect(await store.hasAccount("alice"))
        #expect(store.isKnownAccount("alice"))
        try await store.resetToDefaultState()
        #expect(!store.isKnownAccount("alice"), "a reset replaces the accounts")
        #expect(await store.hasAccount("alice"), "and keeps them")
    }
}
