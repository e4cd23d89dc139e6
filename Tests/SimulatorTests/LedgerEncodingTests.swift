import Foundation
import StoreCore
import Testing

@testable import Simulator

@Suite struct LedgerEncodingTests {
    @Test func subscriptionChainRoundTripsEveryField() throws {
        let date = Date(timeIntervalSince1970: 1_767_225_600.123)
        var chain = SubscriptionChain(
            key: .init(account: "ø \"quoted\"", groupID: "G1"), originalTransactionID: 2_000_000_000_000_001,
            originalPurchaseDate: date, currentProductID: "pro.monthly", autoRenewProductID: "basic.monthly",
            autoRenewEnabled: true, latestTransactionID: 2_000_000_000_000_009, expirationDate: date + 86_400,
            recentStartDate: date)
        let plain = try #require(SubscriptionChain(ledgerJSON: Data(chain.ledgerJSON())))
        #expect(plain == chain)
        chain.isExpired = true
        chain.expirationReason = .billingError
        chain.billingRetryStart = date + 10
        chain.gracePeriodExpirationDate = date + 20
        chain.gracePeriodEnded = true
        chain.priceIncrease = .declined(newPrice: Decimal(string: "12.99")!)
        chain.offer = AppliedOffer(
            SubscriptionOffer(
                id: "promo", type: .promotional, paymentMode: .payAsYouGo,
                period: SubscriptionPeriod(iso8601: "P1M")!,
                periodCount: 3, price: Decimal(string: "0.99")!, displayPrice: "$0.99"))
        chain.renewalPriceOverride = Decimal(string: "11.49")
        chain.billingPlanType = .monthly
        chain.appAccountToken = UUID()
        chain.billingSequence = 7
        chain.commitmentBills = 4
        chain.commitmentStartDate = date + 30
        chain.pendingMessage = .winBackOffer(productID: "pro.monthly", offerID: "win back free")
        let full = try #require(SubscriptionChain(ledgerJSON: Data(chain.ledgerJSON())))
        #expect(full == chain)
        for message in [StoreMessage.billingIssue(productID: "a.b"), .priceIncreaseConsent(productID: "c")] {
            chain.pendingMessage = message
            #expect(SubscriptionChain(ledgerJSON: Data(chain.ledgerJSON()))?.pendingMessage == message)
        }
        #expect(SubscriptionChain(ledgerJSON: Data("{}".utf8)) == nil)
    }
}
