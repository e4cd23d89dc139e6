#if os(Linux)
    import Combine
    import StoreKit
    import StoreKitTest
    import TestSupport
    import Testing

    extension StoreKitSessionTests {
        /// The seeds' `ObservableObject` manager, as a SwiftUI view would watch it: its
        /// `objectWillChange` fires before each change, `$purchasedProductIDs` publishes it.
        @Suite @MainActor struct SeedPurchaseManagerTests {
            static let premium = "com.dolice.wallpaper.nonconsumable.premium"

            @Test func aPurchaseIsPublishedToItsWatchers() async throws {
                let session = try SKTestSession(configurationFileNamed: "Seed")
                session.disableDialogs = true
                let manager = PurchaseManager()
                var cancellables = Set<AnyCancellable>()
                var changes = 0
                var published: [Set<String>] = []
                manager.objectWillChange.sink { changes += 1 }.store(in: &cancellables)
                manager.$purchasedProductIDs.sink { published.append($0) }.store(in: &cancellables)
                try await session.waitForTransactionListener()
                try await manager.loadProducts()
                #expect(manager.products.map(\.id).sorted() == PurchaseManager.productIDs.sorted())
                let premium = try #require(manager.products.first { $0.id == Self.premium })
                #expect(try await manager.purchase(premium))
                #expect(manager.purchasedProductIDs == [Self.premium])
                #expect(published.first == [] && published.last == [Self.premium])
                #expect(changes >= 2)  // the products, then the entitlements
                let bought = try #require(session.allTransactions().first)
                try session.refundTransaction(identifier: UInt(bought.identifier))
                await session.waitForPendingUpdates()
                #expect(manager.purchasedProductIDs.isEmpty)
                #expect(published.last == [])
                #expect(await session.mistakes.isEmpty)
            }
        }
    }
#endif
