import Foundation
import StoreCore

extension StagedAction {
    /// The account's visible transactions in a subscription group.
    func groupHistory(account: AccountName, groupID: String) -> [StoredTransaction] {
        transactions(of: account).filter { $0.isVisible && $0.transaction.subscriptionGroupID == groupID }
    }

    /// Whether the account is new to the group: introductory offers are for customers who have
    /// never subscribed to any product of the group (deleting the transactions in the
    /// Transaction Manager makes the account new again, as in Xcode).
    func isEligibleForIntroOffer(account: AccountName, groupID: String) -> Bool {
        groupHistory(account: account, groupID: groupID).isEmpty
    }

    /// The account's standing in a group, as offer codes' eligibility names it.
    func codeEligibility(account: AccountName, groupID: String) -> SubscriptionOffer.CodeEligibility {
        let key = SubscriptionChain.Key(account: account, groupID: groupID)
        guard let chain = chain(key), !groupHistory(account: account, groupID: groupID).isEmpty else {
            return .new
        }
        return chain.isExpired || isRevoked(chain) ? .expired : .existing
    }

    func isRevoked(_ chain: SubscriptionChain) -> Bool {
        transaction(chain.latestTransactionID)?.transaction.isRevoked ?? false
    }

    /// Win-back offers the account may redeem now: only after its subscription in the group
    /// has lapsed, and only those the catalog marks eligible.
    func eligibleWinBackOffers(account: AccountName, product: Product) -> [SubscriptionOffer] {
        guard let info = product.subscription else { return [] }
        let key = SubscriptionChain.Key(account: account, groupID: info.groupID)
        guard let chain = chain(key), chain.isExpired || isRevoked(chain) else { return [] }
        return info.winBackOffers.filter(\.isWinBackEligible)
    }

    /// The offer a purchase gets: the one asked for (checked), else the introductory offer
    /// when the account is eligible.
    mutating func resolveOffer(
        for request: PurchaseRequest, product: Product, account: AccountName,
        checker: (any OfferSignatureChecking)?
    ) throws(StoreError) -> SubscriptionOffer? {
        // The developer's signed word is checked whenever it is given, as the App Store
        // refuses a bad token before it looks at the offer.
        let signedEligibility = try request.introductoryEligibilityJWS.map { token throws(StoreError) in
            try checkIntroductoryEligibility(token, product: product, account: account, checker: checker)
        }
        guard let info = product.subscription else {
            if request.promotionalOffer != nil || request.codeOfferReference != nil
                || request.winBackOfferID != nil
            {
                throw StoreError.purchase(.ineligibleForOffer)
            }
            return nil
        }
        if let (offerID, signature) = request.promotionalOffer {
            guard let offer = info.promotionalOffers.first(where: { $0.id == offerID }) else {
                throw StoreError.purchase(.invalidOfferIdentifier)
            }
            if let signature {
                try checkSignature(
                    signature, offerID: offerID, product: product, account: account, request: request,
                    checker: checker)
            }
            return offer
        }
        if let reference = request.codeOfferReference {
            guard
                let offer = info.codeOffers.first(where: {
                    $0.id?.caseInsensitiveCompare(reference) == .orderedSame
                })
            else { throw StoreError.purchase(.invalidOfferIdentifier) }
            guard offer.codeEligibility.contains(codeEligibility(account: account, groupID: info.groupID))
            else {
                throw StoreError.purchase(.ineligibleForOffer)
            }
            return offer
        }
        if let offerID = request.winBackOfferID {
            guard let offer = info.winBackOffers.first(where: { $0.id == offerID }) else {
                throw StoreError.purchase(.invalidOfferIdentifier)
            }
            guard eligibleWinBackOffers(account: account, product: product).contains(offer) else {
                throw StoreError.purchase(.ineligibleForOffer)
            }
            return offer
        }
        guard let intro = introductoryOffer(of: info, plan: request.billingPlanType) else { return nil }
        let eligible =
            signedEligibility ?? request.introductoryEligibilityOverride
            ?? isEligibleForIntroOffer(account: account, groupID: info.groupID)
        return eligible ? intro : nil
    }

    private func introductoryOffer(of info: SubscriptionInfo, plan: BillingPlan.PlanType?)
        -> SubscriptionOffer?
    {
        guard let intro = info.introductoryOffer else { return nil }
        guard let plan, let planned = intro.billingPlanType, planned != plan else { return intro }
        return nil
    }
}
