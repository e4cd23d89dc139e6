import Foundation
import StoreCore

/// The offer a plan shows and buys with, chosen from what the account is eligible for.
struct PlanOffer: Sendable, Hashable {
    var offer: SubscriptionOffer
    /// The purchase options that apply the offer (none for an introductory offer).
    var options: [PurchaseOption]

    /// The best offer the account may get on `product`: an introductory offer while new to the
    /// group, a win-back offer once lapsed, a promotional offer for existing subscribers.
    static func best(for product: Product, in snapshot: StoreSnapshot) -> PlanOffer? {
        guard let info = product.subscription else { return nil }
        if snapshot.isEligibleForIntroOffer, let intro = info.introductoryOffer {
            return PlanOffer(offer: intro, options: [])
        }
        let renewal = snapshot.statuses.first.map(\.renewalInfo.unsafePayloadValue)
        let lapsed = snapshot.activePlanID == nil
        if lapsed, let renewal,
            let winBack = info.winBackOffers.first(where: {
                renewal.eligibleWinBackOfferIDs.contains($0.id ?? "")
            }),
            let id = winBack.id
        {
            return PlanOffer(offer: winBack, options: [.winBackOffer(id: id)])
        }
        // Promotional offers are for switching or coming back: not for the plan already active.
        if !snapshot.statuses.isEmpty, snapshot.activePlanID != product.id,
            let promo = info.promotionalOffers.first,
            let id = promo.id
        {
            return PlanOffer(offer: promo, options: [.promotionalOffer(id: id, signature: nil)])
        }
        return nil
    }
}
