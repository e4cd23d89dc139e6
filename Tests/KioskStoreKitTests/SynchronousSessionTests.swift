import Foundation
import KioskStoreKit
import KioskStoreKitTest
import Simulator
import TestSupport
import Testing

extension StoreKitSessionTests {
    /// Apple's synchronous session members, called the ways tests call them, 200 times each on
    /// this two-core machine: from the main actor, from nonisolated synchronous code, from async
    /// tests (a thread of the cooperative pool), from both pool threads at once, and from inside
    /// a `Transaction.updates` handler. A hang ends the run naming it (`withWatchdog`).
    @Suite struct SynchronousSessionTests {
        static let rounds = 200
        static let lifetime = "com.kiosk.lumen.lifetime"

        /// One round of the Transaction Manager's synchronous actions; the history it leaves is
        /// checked, so a round that did nothing fails.
        static func round(_ session: SKTestSession) throws {
            try session.buyProduct(productIdentifier: lifetime)
            let bought = try #require(session.allTransactions().first)
            #expect(bought.productIdentifier == lifetime && bought.state == .purchased)
            try session.refundTransaction(identifier: UInt(bought.identifier))
            #expect(session.allTransactions().first?.cancelDate != nil)
            session.clearTransactions()
            #expect(session.allTransactions().isEmpty)
        }

        @Test @MainActor func fromTheMainActor() throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            try withWatchdog("200 rounds of synchronous actions on the main actor") {
                for _ in 0..<Self.rounds { try Self.round(session) }
            }
        }

        @Test func fromNonisolatedSynchronousCode() throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            try withWatchdog("200 rounds of synchronous actions from nonisolated code") {
                for _ in 0..<Self.rounds { try Self.round(session) }
            }
        }

        @Test func fromAnAsyncTest() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            for _ in 0..<Self.rounds {
                try withWatchdog("a round of synchronous actions from an async test") {
                    try Self.round(session)
                }
                // The async form between them, as a test mixes both.
                _ = try await session.buyProduct(identifier: "com.kiosk.lumen.aicredits10")
            }
            // Each round clears the history; the last purchase stays.
            #expect(session.allTransactions().count == 1)
        }

        /// Both threads of the cooperative pool blocked in synchronous calls at once: nothing
        /// either waits for may need a pool thread.
        @Test func fromEveryPoolThreadAtOnce() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let lanes = ProcessInfo.processInfo.activeProcessorCount + 1
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<lanes {
                    group.addTask {
                        try withWatchdog("synchronous calls from \(lanes) pool tasks at once") {
                            for _ in 0..<Self.rounds { _ = session.allTransactions() }
                            try session.buyProduct(productIdentifier: "com.kiosk.lumen.aicredits10")
                            return session.allTransactions().count
                        }
                    }
                }
                for try await count in group { #expect(count >= 1) }
            }
            #expect(session.allTransactions().count == lanes)
        }

        /// A handler of `Transaction.updates` that asks the session for its history: the store
        /// does not wait for handlers, so the call returns.
        @Test func fromInsideATransactionUpdatesHandler() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let seen = Task.detached { () -> Int in
                for await result in Transaction.updates {
                    let count = withWatchdog("allTransactions() inside an updates handler") {
                        session.allTransactions().count
                    }
                    await result.unsafePayloadValue.finish()
                    return count
                }
                return -1
            }
            try await session.waitForTransactionListener()
            try session.buyProduct(productIdentifier: Self.lifetime)
            #expect(await seen.value == 1)
        }

        /// On the store's own thread a synchronous call would wait for itself: it says so.
        @Test func fromTheStoresOwnThreadItThrowsInsteadOfHanging() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let executor = try #require(session.simulator.ownThreadExecutor)
            let error = await Task(executorPreference: executor) { () -> SKTestError? in
                do {
                    try session.refundTransaction(identifier: 1)
                    return nil
                } catch let error as SKTestError {
                    return error
                } catch {
                    return nil
                }
            }.value
            #expect(error?.code == .invalidAction)
            #expect(error?.message.contains("the store's own thread") == true)
        }
    }
}
