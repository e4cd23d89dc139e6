import Foundation
import KioskStoreKit
import KioskStoreKitTest
import TestSupport
import Testing

extension StoreKitSessionTests {
    @Suite @MainActor struct SessionTests {
        @Test func aNewSessionStartsFromItsFileWhateverRanBefore() async throws {
            do {
                let session = try SKTestSession(configurationFileNamed: "Lumen")
                let products = try await Product.products(for: [
                    StoreKitSessionTests.PurchaseFlowTests.lifetime
                ])
                _ = try await products[0].purchase()
                #expect(session.allTransactions().count == 1)
            }
            let fresh = try SKTestSession(configurationFileNamed: "Lumen")
            #expect(fresh.allTransactions().isEmpty)
            var all: [UInt64] = []
            for await result in Transaction.all { all.append(result.unsafePayloadValue.id) }
            #expect(all.isEmpty)
        }

        @Test func timeStandsStillUntilAdvanced() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let start = try await session.now()
            #expect(try await session.now() == start)
            let later = try await session.advance(by: 3_600)
            #expect(later.timeIntervalSince(start) == 3_600)
            await #expect(throws: SKTestError.self) { try await session.advance(by: -1) }
        }

        @Test func waitingForAListenerThatNeverStartsSaysSo() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let error = await #expect(throws: SKTestError.self) {
                try await session.waitForTransactionListener(timeout: .milliseconds(50))
            }
            #expect(error?.code == .invalidAction)
            #expect(error?.message.contains("no Transaction.updates listener") == true)
        }

        @Test func aMissingConfigurationFileNamesWhereItLooked() throws {
            let error = try #require(throws: SKTestError.self) {
                try SKTestSession(configurationFileNamed: "Nowhere")
            }
            #expect(error.code == .fileNotFound)
            #expect(error.message.contains("Nowhere.storekit"))
        }

        @Test func aBrokenConfigurationFileSaysWhereWithLineAndColumn() throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "broken-\(UUID().uuidString).storekit")
            try Data("{\n  \"products\" : [\n    { \"productID\" : 42 }\n  ]\n".utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let error = try #require(throws: SKTestError.self) { try SKTestSession(contentsOf: url) }
            #expect(error.message.contains(url.path + ":"))
            #expect(error.message.range(of: #":\d+:\d+"#, options: .regularExpression) != nil)
        }

        @Test func anIdentifierThatNamesNoTransactionThrowsApplesError() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let error = #expect(throws: SKTestError.self) {
                try session.refundTransaction(identifier: 99)
            }
            #expect(error?.code == .noTransactionFound)
            let unsigned = #expect(throws: SKTestError.self) {
                try session.refundTransaction(identifier: UInt(99))
            }
            #expect(unsigned?.code == .noTransactionFound)
            let unknownProduct = await #expect(throws: SKTestError.self) {
                try await session.buyProduct(identifier: "com.example.none")
            }
            #expect(unknownProduct?.code == .invalidProductIdentifier)
        }

        @Test func aProductBoughtElsewhereArrivesThroughUpdates() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let store = LumenStore()
            try await session.waitForTransactionListener()
            try await store.requestProducts()
            await store.updateCustomerProductStatus()
            try await session.buyProduct(identifier: StoreKitSessionTests.PurchaseFlowTests.lifetime)
            await session.waitForPendingUpdates()
            #expect(store.purchasedProductIDs == [StoreKitSessionTests.PurchaseFlowTests.lifetime])
            #expect(await session.mistakes == [])
        }

        @Test func withNoStoreConfiguredACallSaysHowToConfigureOne() async throws {
            StoreKitRuntime.shared.removeAll()
            do {
                _ = try await Product.products(for: ["x"])
                Issue.record("a call with no store configured answered")
            } catch let StoreKitError.systemError(error) {
                #expect("\(error)".contains("SKTestSession"))
                #expect("\(error)".contains("KIOSK_CATALOG"))
            }
        }
    }
}

extension StoreKitSessionTests {
    /// Simulated failures and the history actions, as the app's calls see them.
    @Suite @MainActor struct SessionActionTests {
        @Test func aSimulatedLoadFailureIsStoreKitsError() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let offline = URLError(.notConnectedToInternet)
            try await session.setSimulatedError(.generic(.networkError(offline)), forAPI: .loadProducts)
            #expect(await session.simulatedError(forAPI: .loadProducts) == .generic(.networkError(offline)))
            do {
                _ = try await Product.products(for: ["com.kiosk.lumen.lifetime"])
                Issue.record("products loaded despite the simulated failure")
            } catch StoreKitError.networkError {
            }
            try await session.setSimulatedError(nil, forAPI: .loadProducts)
            #expect(try await Product.products(for: ["com.kiosk.lumen.lifetime"]).count == 1)
            #expect(await session.simulatedError(forAPI: .loadProducts) == nil)
        }

        @Test func aSimulatedPurchaseErrorIsApplesPurchaseError() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            try await session.setSimulatedError(.purchase(.productUnavailable), forAPI: .purchase)
            let product = try #require(try await Product.products(for: ["com.kiosk.lumen.lifetime"]).first)
            await #expect(throws: Product.PurchaseError.productUnavailable) { try await product.purchase() }
        }

        @Test func anInterruptedPurchaseCompletesWhenItsIssueIsResolved() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            session.interruptedPurchasesEnabled = true
            let store = LumenStore()
            try await session.waitForTransactionListener()
            try await store.requestProducts()
            await store.updateCustomerProductStatus()
            #expect(try await store.buy(StoreKitSessionTests.PurchaseFlowTests.lifetime) == nil)
            #expect(store.pendingProductIDs == [StoreKitSessionTests.PurchaseFlowTests.lifetime])
            let interrupted = try #require(session.allTransactions().first)
            #expect(interrupted.hasPurchaseIssue)
            try session.resolveIssueForTransaction(identifier: interrupted.identifier)
            await session.waitForPendingUpdates()
            #expect(store.purchasedProductIDs == [StoreKitSessionTests.PurchaseFlowTests.lifetime])
            #expect(await session.mistakes == [])
        }

        @Test func aListenerThatBreaksOutStopsCounting() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let first = Task.detached { () -> UInt64? in
                for await result in Transaction.updates {
                    await result.unsafePayloadValue.finish()
                    return result.unsafePayloadValue.id
                }
                return nil
            }
            try await session.waitForTransactionListener()
            let bought = try await session.buyProduct(identifier: "com.kiosk.lumen.lifetime")
            #expect(await first.value == bought.id)
            let second = try await session.buyProduct(identifier: "com.kiosk.lumen.filmpack")
            try await withDeadline(waitingFor: "the updates to be handled with no listener left") {
                await session.waitForPendingUpdates()
            }
            #expect(await session.mistakes.map(\.kind) == [.updateWithoutListener])
            #expect(await session.mistakes.first?.transactionID == second.id)
        }

        @Test func deletingAndClearingEmptyTheHistory() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            let bought = try await session.buyProduct(identifier: "com.kiosk.lumen.lifetime")
            try await session.buyProduct(identifier: "com.kiosk.lumen.aicredits10")
            try session.deleteTransaction(identifier: Int(bought.id))
            #expect(
                session.allTransactions().map(\.productIdentifier) == [
                    "com.kiosk.lumen.aicredits10"
                ])
            session.clearTransactions()
            #expect(session.allTransactions().isEmpty)
            var remaining = 0
            for await _ in Transaction.all { remaining += 1 }
            #expect(remaining == 0)
        }
    }
}
