#if os(Linux)
    import Foundation
    import StoreKit
    import StoreKitTest
    import Testing

    // Apple's StoreKit 2 sample qualifies the names that collide with an app's own types; on
    // Linux these lines compile unchanged against Kiosk's `StoreKit` module (issue 28).
    typealias Transaction = StoreKit.Transaction
    typealias RenewalInfo = StoreKit.Product.SubscriptionInfo.RenewalInfo
    typealias RenewalState = StoreKit.Product.SubscriptionInfo.RenewalState

    extension StoreKitSessionTests {
        @Suite struct QualifiedNamesTests {
            @Test func theQualifiedNamesOfRealCodeResolve() async throws {
                let session = try SKTestSession(configurationFileNamed: "Lumen")
                session.disableDialogs = true
                for await entitlement in StoreKit.Transaction.currentEntitlements {
                    Issue.record("a new session has no entitlements, found \(entitlement)")
                }
                let products: [StoreKit.Product] = try await StoreKit.Product.products(for: [
                    "com.kiosk.lumen.pro.monthly"
                ])
                let product = try #require(products.first)
                guard case .success(let verification) = try await product.purchase() else {
                    Issue.record("the purchase did not succeed")
                    return
                }
                let result: StoreKit.VerificationResult<Transaction> = verification
                let transaction: Transaction = try result.payloadValue
                await transaction.finish()
                let statuses = try await product.subscription?.status ?? []
                let status = try #require(statuses.first)
                let state: RenewalState = status.state
                #expect(state == StoreKit.Product.SubscriptionInfo.RenewalState.subscribed)
                let info: RenewalInfo = try status.renewalInfo.payloadValue
                #expect(info.willAutoRenew)
                try await StoreKit.AppStore.sync()
                #expect(StoreKit.AppStore.canMakePayments)
                let storefront = await StoreKit.Storefront.current
                #expect(storefront?.countryCode == "USA")
                #expect(await session.mistakes == [])
            }
        }
    }
#endif
