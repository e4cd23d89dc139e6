import Foundation
import StoreCore

extension StagedAction {
    /// Builds a new transaction for `product` with a fresh ID, priced and dated as given.
    mutating func newTransaction(
        account: AccountName, product: Product, purchaseDate: Date, expirationDate: Date? = nil,
        original: (id: UInt64, date: Date)? = nil, quantity: Int = 1, appAccountToken: UUID? = nil,
        offer: AppliedOffer? = nil, price: Decimal, reason: Transaction.Reason = .purchase,
        billingPlanType: BillingPlan.PlanType? = nil, ownership: Transaction.OwnershipType = .purchased,
        reusing reusedID: UInt64? = nil
    ) throws(StoreError) -> Transaction {
        let record = try requireAccount(account)
        let id = reusedID ?? nextTransactionID()
        let storefront = storefront(of: account)
        return Transaction(
            id: id, originalID: original?.id ?? id,
            webOrderLineItemID: product.type == .autoRenewable ? String(id &+ 1_000_000_000_000_000) : nil,
            productID: product.id, productType: product.type,
            subscriptionGroupID: product.subscription?.groupID,
            appBundleID: identity.bundleID, appTransactionID: record.appTransactionID,
            purchaseDate: purchaseDate, originalPurchaseDate: original?.date ?? purchaseDate,
            expirationDate: expirationDate, purchasedQuantity: quantity, appAccountToken: appAccountToken,
            ownershipType: ownership, signedDate: now, offer: offer?.transactionOffer,
            environment: identity.environment, storefront: storefront, reason: reason,
            price: price * Decimal(quantity), currencyCode: storefront.currencyCode,
            billingPlanType: billingPlanType)
    }

    /// Stores a delivered transaction for the app to see.
    mutating func deliver(_ transaction: Transaction, account: AccountName, announce: Bool) throws(StoreError)
    {
        try put(
            StoredTransaction(
                transaction: transaction, account: account, phase: .delivered, isFinished: false))
        if announce { self.announce(.update(account: account, transactionID: transaction.id)) }
        self.announce(.event(account: account, .stateChanged))
    }

    /// Re-signs a changed transaction and tells the app (refunds, upgrades, expiry).
    mutating func update(_ stored: StoredTransaction, announce: Bool = true) throws(StoreError) {
        try put(stored)
        if announce && stored.isVisible {
            self.announce(.update(account: stored.account, transactionID: stored.id))
        }
        self.announce(.event(account: stored.account, .stateChanged))
    }

    /// The transaction, or `transactionNotFound` when it is not the account's or is deleted.
    func requireTransaction(_ id: UInt64, account: AccountName) throws(StoreError) -> StoredTransaction {
        guard let stored = transaction(id), stored.account == account, !stored.isDeleted else {
            throw StoreError.transactionNotFound(id)
        }
        return stored
    }

    /// The regular price of one billed period of `product` under a billing plan.
    func regularPrice(_ product: Product, plan: BillingPlan.PlanType?, override: Decimal? = nil) -> Decimal {
        if let override { return override }
        if let plan,
            let billing = product.subscription?.billingPlans.first(where: { $0.type == plan && $0.isEnabled })
        {
            return billing.price
        }
        return product.price
    }

    /// How long one regular billed period lasts: a month on the monthly plan.
    func billedPeriod(_ product: Product, plan: BillingPlan.PlanType?) -> SubscriptionPeriod? {
        guard let period = product.subscription?.period else { return nil }
        return plan == .monthly ? SubscriptionPeriod(value: 1, unit: .month) : period
    }
}
