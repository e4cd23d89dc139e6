import Foundation
import Signing
import StoreCore

extension StagedAction {
    /// Redeems an offer code, as the redemption sheet does. A new or lapsed customer buys the
    /// product with the offer; an existing subscriber gets it from the next renewal (stacking
    /// after a running introductory offer only when the code is stackable).
    /// - Returns: the ID of the transaction the app should look at.
    mutating func redeem(code: String, account: AccountName) throws(StoreError) -> UInt64 {
        let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
        let storefront = storefront(of: account).countryCode
        let candidates = products.allProducts(storefront: storefront).compactMap { product in
            product.subscription?.codeOffers.first { $0.id?.caseInsensitiveCompare(trimmed) == .orderedSame }
                .map { (product, $0) }
        }
        guard let (product, offer) = candidates.first, let info = product.subscription else {
            throw StoreError.purchase(.invalidOfferIdentifier)
        }
        var record = try requireAccount(account)
        let reference = offer.id ?? trimmed
        guard !record.redeemedCodes.contains(reference.uppercased()) else {
            throw StoreError.purchase(.ineligibleForOffer)
        }
        guard offer.codeEligibility.contains(codeEligibility(account: account, groupID: info.groupID)) else {
            throw StoreError.purchase(.ineligibleForOffer)
        }
        record.redeemedCodes.insert(reference.uppercased())
        put(record)
        let key = SubscriptionChain.Key(account: account, groupID: info.groupID)
        if var chain = chain(key), !chain.isExpired, !isRevoked(chain) {
            let latest = transaction(chain.latestTransactionID)?.transaction
            let inIntroOffer = latest?.offer?.type == .introductory && (latest?.expirationDate ?? now) > now
            if inIntroOffer && !offer.isStackable { throw StoreError.purchase(.ineligibleForOffer) }
            chain.offer = AppliedOffer(offer)
            chain.autoRenewProductID = product.id
            chain.autoRenewEnabled = true
            put(chain)
            notify(.offerRedeemed, account: account, transaction: latest)
            announce(.event(account: account, .stateChanged))
            return chain.latestTransactionID
        }
        let pending = PendingPurchase(
            productID: product.id, quantity: 1, appAccountToken: nil, offer: AppliedOffer(offer),
            billingPlanType: nil)
        return try complete(pending, account: account, announce: false).id
    }
}
