import Foundation
import StoreCore

/// The offer a plan shows and buys with, chosen from what the account is eligible for.
struct PlanOffer: Sendable, Hashable {
    var offer: SubscriptionOffer
    /// The purchase options that apply the offer (none for an introductory offer).
    var options: [PurchaseOption]

    /// The best offer the account may get on `product`: an introductory offer while new to the
    /// group, a win-back offer once lapsed, a promotional offer for a subscriber changing plans
    /// or a lapsed one coming back. Never on the plan held (in billing retry or grace too: the
    /// paywall asks to fix the payment there), never to a customer whose payment failed.
    static func best(for product: Product, in snapshot: StoreSnapshot) -> PlanOffer? {
        best(for: product, in: snapshot, standing: CustomerStanding(snapshot))
    }

    static func best(for product: Product, in snapshot: StoreSnapshot, standing: CustomerStanding)
        -> PlanOffer?
    {
        guard let info = product.subscription else { return nil }
        if standing.kind == .new, snapshot.isEligibleForIntroOffer, let intro = info.introductoryOffer {
            return PlanOffer(offer: intro, options: [])
        }
        guard product.id != standing.currentPlanID, product.id != standing.pendingPlanID,
            !standing.needsPaymentFix, standing.kind != .new
        else { return nil }
        let lapsed = standing.kind == .lapsed || standing.kind == .refunded
        if lapsed, let renewal = standing.status?.renewalInfo.unsafePayloadValue,
            let winBack = info.winBackOffers.first(where: {
                renewal.eligibleWinBackOfferIDs.contains($0.id ?? "")
            }),
            let id = winBack.id
        {
            return PlanOffer(offer: winBack, options: [.winBackOffer(id: id)])
        }
        if let promo = info.promotionalOffers.first, let id = promo.id {
            return PlanOffer(offer: promo, options: [.promotionalOffer(id: id, signature: nil)])
        }
        return nil
    }
}
