import Foundation
import StoreCore
import Testing

@testable import Simulator

extension SimulatedStore {
    /// Runs `body` on the store's executor with its readers of now, for tests of their API.
    func inspect<T: Sendable>(_ body: @Sendable (StoreReader, NotificationOutbox) throws -> T) rethrows -> T {
        try body(reader, outbox)
    }
}

/// A store on the test catalog whose `tester` bought the monthly subscription.
func storeWithSubscription() async throws -> SimulatedStore {
    let store = try SimulatedStore.makeForTest()
    _ = try await store.perform(StoreRequest.purchase(productID: "pro.monthly", options: [], confirmed: true))
    return store
}

/// The signed answers made of what the accounts hold: results, statuses, records.
@Suite struct StoreReaderTests {
    func storeWithSubscription() async throws -> SimulatedStore {
        let store = try SimulatedStore.makeForTest()
        _ = try await store.perform(
            StoreRequest.purchase(productID: "pro.monthly", options: [], confirmed: true))
        return store
    }

    @Test func resultsAreSignedAndUnverifiedWhileAFailureIsSimulated() async throws {
        let store = try await storeWithSubscription()
        let verified = try await store.inspect { reader, _ in
            try reader.results(reader.holdings.entitlements(of: "tester")).map(\.isVerified)
        }
        #expect(verified == [true])
        try await store.setSimulatedError(.verification(.invalidSignature()), for: .verification)
        let after = try await store.inspect { reader, _ in
            try reader.results(reader.holdings.entitlements(of: "tester")).map(\.isVerified)
        }
        #expect(after == [false])
    }

    @Test func theServerAndTheTransactionManagerSeeTheSameSubscription() async throws {
        let store = try await storeWithSubscription()
        let (statuses, records, app) = try await store.inspect { reader, _ in
            (
                try reader.serverStatuses(of: "tester").map(\.groupID),
                try reader.transactionRecords(of: "tester", limit: 10).count,
                try reader.appTransaction(of: "tester").unsafePayloadValue.bundleID
            )
        }
        #expect(statuses == [TestCatalog.group] && records == 1)
        #expect(app == AppIdentity().bundleID)
        await #expect(throws: StoreError.self) {
            try await store.inspect { reader, _ in _ = try reader.appTransaction(of: "nobody") }
        }
    }
}
