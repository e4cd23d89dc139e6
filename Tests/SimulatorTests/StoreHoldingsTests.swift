import Foundation
import StoreCore
import Testing

@testable import Simulator

/// What the accounts of a store hold at a store time, read from its state.
@Suite struct StoreHoldingsTests {
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
}
