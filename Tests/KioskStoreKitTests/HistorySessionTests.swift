import Foundation
import KioskStoreKit
import KioskStoreKitTest
import Testing

extension StoreKitSessionTests {
    /// Sessions that start from a customer's history (`rehearsals/customer-ticket/`, fetched with
    /// Apple's client): the app's own code sees that customer's standing.
    @Suite @MainActor struct HistorySessionTests {
        static let ticket = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("rehearsals/customer-ticket")
        static let files = ["history-1.json", "statuses.json"].map { ticket.appendingPathComponent($0) }

        @Test func aCustomerInTheGracePeriodLaunchesEntitled() async throws {
            let session = try SKTestSession(
                configurationFileNamed: "Lumen", importingHistory: Self.files,
                trustedRoot: Self.ticket.appendingPathComponent("root.der"))
            let store = LumenStore()
            try await session.waitForTransactionListener()
            try await store.requestProducts()
            let monthly = try #require(store.product(StoreKitSessionTests.PurchaseFlowTests.proMonthly))
            let status = try #require(try await monthly.subscription?.status.first)
            #expect(status.state == .inGracePeriod)
            await store.updateCustomerProductStatus()
            #expect(store.purchasedProductIDs == [StoreKitSessionTests.PurchaseFlowTests.proMonthly])
        }

        @Test func anotherRootIsRefusedNamingTheFile() throws {
            let error = try #require(throws: SKTestError.self) {
                try SKTestSession(
                    configurationFileNamed: "Lumen", importingHistory: Self.files,
                    trustedRoot: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                        .appendingPathComponent("Fixtures/OtherRoot.der"))
            }
            #expect(error.code == .invalidAction)
            #expect(error.message.contains("history-1.json:"), "\(error.message)")
        }
    }
}
