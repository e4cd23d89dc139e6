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

/// What the accounts hold at a store time, and the signed answers made of it.
@Suite struct StoreReaderTests {
    func storeWithSubscription() async throws -> SimulatedStore {
        let store = try SimulatedStore.makeForTest()
        _ = try await store.perform(
            StoreRequest.purchase(productID: "pro.monthly", options: [], confirmed: true))
        return store
    }

    @Test func holdingsAnswerForTheTimeTheyAreAskedAt() async throws {
        let store = try await storeWithSubscription()
        let (now, later) = await store.inspect { reader, _ in
            let holdings = reader.holdings
            let expired = StoreHoldings(
                state: holdings.state, products: holdings.products,
                now: holdings.now.addingTimeInterval(400 * day))
            return (holdings.entitlements(of: "tester").count, expired.entitlements(of: "tester").count)
        }
        #expect(now == 1 && later == 0)
        let states = await store.inspect { reader, _ in
            reader.holdings.visibleTransactions(of: "tester").map { reader.holdings.recordState($0) }
        }
        #expect(states == [.purchased])
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

    @Test func theOutboxSignsANotificationOnceAndListsItsHistory() async throws {
        let store = try await storeWithSubscription()
        let (first, again, history, nobody) = try await store.inspect { _, outbox in
            let notification = try #require(try outbox.records(after: 0, account: "tester", limit: 10).first)
            let sign = { () throws in try outbox.signed(notification.notification) }
            return (
                try sign(), try sign(), try outbox.history(of: "tester", limit: 5).map(\.type),
                try outbox.history(of: "nobody", limit: 5).count
            )
        }
        #expect(first == again && !first.isEmpty)
        #expect(history == ["SUBSCRIBED"] && nobody == 0)
    }
}
