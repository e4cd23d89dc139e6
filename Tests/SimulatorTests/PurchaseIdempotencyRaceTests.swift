import Foundation
import Simulator
import StoreCore
import Testing

/// Two purchases with one idempotency key that both wait on the payment sheet at once, through
/// the public `Store.purchase(_:options:confirmation:)` an app calls: the sheet is answered
/// before the request reaches the store, and the key is checked on the action that commits the
/// purchase, so only one of them buys.
@Suite struct PurchaseIdempotencyRaceTests {
    /// Holds every caller until `expected` have arrived (or the deadline passes, which the test
    /// reports), so both purchases are past their first key check before either commits.
    actor Gate {
        let expected: Int
        var arrived = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        var timedOut = false

        init(expected: Int) { self.expected = expected }

        func arrive() async {
            arrived += 1
            if arrived >= expected {
                release()
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            for continuation in waiting { continuation.resume() }
            waiting = []
        }

        func expire() {
            guard arrived < expected else { return }
            timedOut = true
            release()
        }
    }

    @Test func twoConcurrentPurchasesWithOneKeyBuyOnce() async throws {
        let store = try SimulatedStore.makeForTest()
        let gate = Gate(expected: 2)
        let deadline = Task {
            try await Task.sleep(for: .seconds(60))  // the suite's shared minute
            await gate.expire()
        }
        defer { deadline.cancel() }
        let confirm = PurchaseConfirmation.ask { _ in
            await gate.arrive()
            return true
        }
        async let first = store.purchase("gems", options: [.idempotencyKey("once")], confirmation: confirm)
        async let second = store.purchase("gems", options: [.idempotencyKey("once")], confirmation: confirm)
        let results = try await [first, second]
        #expect(await !gate.timedOut, "both purchases should have reached the payment sheet")
        let ids = results.compactMap { result -> UInt64? in
            guard case .success(let verified) = result else { return nil }
            return verified.unsafePayloadValue.id
        }
        #expect(ids.count == 2)
        #expect(Set(ids).count == 1, "one key bought twice: \(ids)")
        #expect(try await store.transactionRecords().count == 1)
    }
}
