import Foundation
import StoreCore

/// Renewal info and status from a subscription's record, at a given moment. One builder for
/// every reader: StoreKit's statuses and the App Store Server API read the committed chain
/// now, a notification reads the chain its action staged, at the moment of its event.
extension SubscriptionChain {
    /// Renewal info as the App Store would sign it at `date`, for the chain's account (`holder`).
    func renewalInfo(holder: AccountRecord?, products: ProductIndex, meta: StoreMeta, at date: Date)
        -> RenewalInfo
    {
        let storefront = Storefront(alpha3: holder?.account.storefront ?? "USA") ?? .unitedStates
        let autoRenewProduct = products.product(autoRenewProductID, storefront: storefront.countryCode)
        let current = products.product(currentProductID, storefront: storefront.countryCode)
        var renewalPrice: Decimal? = autoRenewProduct.map {
            offer?.price
                ?? (billingPlanType == .monthly
                    ? $0.subscription?.billingPlans.first { $0.type == .monthly }?.price ?? $0.price
                    : $0.price)
        }
        let priceIncreaseStatus: RenewalInfo.PriceIncreaseStatus
        switch priceIncrease {
        case .none:
            priceIncreaseStatus = .noIncreasePending
            if let override = renewalPriceOverride, offer == nil { renewalPrice = override }
        case .pending(let price), .declined(let price):
            priceIncreaseStatus = .pending
            renewalPrice = price
        case .agreed(let price):
            priceIncreaseStatus = .agreed
            renewalPrice = price
        }
        let winBack = current.map { product in
            isExpired
                ? (product.subscription?.winBackOffers.filter(\.isWinBackEligible).compactMap(\.id) ?? [])
                : []
        }
        return RenewalInfo(
            originalTransactionID: originalTransactionID, currentProductID: currentProductID,
            autoRenewPreference: autoRenewProductID,
            willAutoRenew: autoRenewEnabled && !isExpired,
            // Apple gives the billing-error reason while the App Store still retries.
            expirationReason: isExpired ? expirationReason : (isInBillingRetry ? .billingError : nil),
            isInBillingRetry: isInBillingRetry,
            priceIncreaseStatus: priceIncreaseStatus,
            // Present only during the grace period, not after GRACE_PERIOD_EXPIRED.
            gracePeriodExpirationDate: isInBillingRetry && !gracePeriodEnded
                ? gracePeriodExpirationDate.flatMap { $0 > date ? $0 : nil } : nil,
            offer: offer.map(\.transactionOffer), signedDate: date,
            environment: meta.identity.environment, recentSubscriptionStartDate: recentStartDate,
            renewalDate: expirationDate, renewalPrice: renewalPrice,
            currencyCode: storefront.currencyCode,
            eligibleWinBackOfferIDs: winBack ?? [], appAccountToken: appAccountToken,
            appTransactionID: holder?.appTransactionID ?? "", renewalBillingPlanType: billingPlanType,
            commitment: commitment(clock: meta.clock, renewingTo: autoRenewProduct))
    }

    /// What follows a monthly plan's commitment: the plan it renews to, at the commitment's end.
    private func commitment(clock: VirtualClock, renewingTo product: Product?) -> RenewalInfo.Commitment? {
        guard billingPlanType == .monthly, let end = clock.commitmentEnd(self) else { return nil }
        return RenewalInfo.Commitment(
            autoRenewProductID: autoRenewProductID,
            willAutoRenew: autoRenewEnabled && !isExpired,
            renewalBillingPlanType: billingPlanType, renewalDate: end,
            renewalPrice: product.flatMap(StagedAction.monthlyPlan(of:))?.commitmentPrice)
    }

    /// The subscription as a family member holds it (docs/behaviour.md, "Family Sharing"): the
    /// purchaser's plan, renewal dates and billing state, under the member's own identity, its
    /// own original transaction ID and latest shared copy. The purchaser's app account token is
    /// the purchaser's app's, so the member's view has none.
    func familyView(member: AccountName, latestCopy: Transaction) -> SubscriptionChain {
        var view = self
        view.key = Key(account: member, groupID: key.groupID)
        view.originalTransactionID = latestCopy.originalID
        view.originalPurchaseDate = latestCopy.originalPurchaseDate
        view.latestTransactionID = latestCopy.id
        view.appAccountToken = nil
        return view
    }
}
