import Foundation
import StoreCore
import Testing

/// `Transaction.isActive(at:)`, the one rule every backend's entitlement check shares: a
/// subscription grants access until its expiration date and not a moment after, and a refund
/// or an upgrade ends access whatever the date (mutant active-after-expiry of scripts/mutants).
@Suite struct TransactionActivityTests {
    static let purchase = Date(timeIntervalSince1970: 1_796_000_000)
    static let expiration = purchase.addingTimeInterval(30 * 86_400)

    func subscription(revoked: Bool = false, upgraded: Bool = false) -> Transaction {
        Transaction(
            id: 2, originalID: 1, productID: "pro.monthly", productType: .autoRenewable,
            subscriptionGroupID: "group", appBundleID: "dev.kiosk.demo", appTransactionID: "1",
            purchaseDate: Self.purchase, originalPurchaseDate: Self.purchase, expirationDate: Self.expiration,
            signedDate: Self.purchase, revocationDate: revoked ? Self.purchase.addingTimeInterval(60) : nil,
            isUpgraded: upgraded, environment: .sandbox, storefront: .unitedStates)
    }

    @Test func aSubscriptionIsActiveUntilItsExpirationDateOnly() {
        let transaction = subscription()
        #expect(transaction.isActive(at: Self.purchase))
        #expect(transaction.isActive(at: Self.expiration.addingTimeInterval(-1)))
        #expect(!transaction.isActive(at: Self.expiration), "the expiration date itself is past the period")
        #expect(!transaction.isActive(at: Self.expiration.addingTimeInterval(60)))
        #expect(!transaction.isActive(at: Self.expiration.addingTimeInterval(3_600)))
    }

    @Test func revokedOrUpgradedTransactionsAreNeverActive() {
        #expect(!subscription(revoked: true).isActive(at: Self.purchase))
        #expect(!subscription(upgraded: true).isActive(at: Self.purchase))
    }
}
