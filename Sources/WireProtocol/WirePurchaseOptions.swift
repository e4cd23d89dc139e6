import Foundation
import StoreCore

/// Purchase options as one JSON object, each option at most once:
/// `{"quantity": 2, "appAccountToken": "…", "promotionalOffer": {"id": "…"}}`. The idempotency
/// key travels in the `Idempotency-Key` header instead.
public struct WirePurchaseOptions: Codable, Sendable, Hashable {
    public struct PromotionalOffer: Codable, Sendable, Hashable {
        public var id: String
        public var signature: PromotionalOfferSignature?
    }

    public var quantity: Int?
    public var appAccountToken: UUID?
    public var promotionalOffer: PromotionalOffer?
    public var codeOffer: String?
    public var winBackOffer: String?
    public var introductoryOfferEligibility: Bool?
    /// `signedIntroductoryOfferEligibility`: the compact JWS, verified by the store, not here.
    public var introductoryOfferEligibilityJWS: String?
    public var purchaseDate: Date?
    public var renewalBehavior: PurchaseOption.RenewalBehavior?
    public var billingPlanType: BillingPlan.PlanType?
    public var simulatesAskToBuy: Bool?

    public init(_ options: [PurchaseOption]) {
        for option in options {
            switch option {
            case .quantity(let value): quantity = value
            case .appAccountToken(let value): appAccountToken = value
            case .promotionalOffer(let id, let signature):
                promotionalOffer = PromotionalOffer(id: id, signature: signature)
            case .codeOffer(let name): codeOffer = name
            case .winBackOffer(let id): winBackOffer = id
            case .introductoryOfferEligibility(let value): introductoryOfferEligibility = value
            case .signedIntroductoryOfferEligibility(let jws): introductoryOfferEligibilityJWS = jws
            case .purchaseDate(let date, let behavior):
                purchaseDate = date
                renewalBehavior = behavior
            case .billingPlanType(let type): billingPlanType = type
            case .simulatesAskToBuy(let value): simulatesAskToBuy = value
            case .idempotencyKey: break
            }
        }
    }

    /// The options, in a fixed order.
    public var options: [PurchaseOption] {
        var options: [PurchaseOption] = []
        if let quantity { options.append(.quantity(quantity)) }
        if let appAccountToken { options.append(.appAccountToken(appAccountToken)) }
        if let promotionalOffer {
            options.append(.promotionalOffer(id: promotionalOffer.id, signature: promotionalOffer.signature))
        }
        if let codeOffer { options.append(.codeOffer(referenceName: codeOffer)) }
        if let winBackOffer { options.append(.winBackOffer(id: winBackOffer)) }
        if let introductoryOfferEligibility {
            options.append(.introductoryOfferEligibility(introductoryOfferEligibility))
        }
        if let introductoryOfferEligibilityJWS {
            options.append(.signedIntroductoryOfferEligibility(compactJWS: introductoryOfferEligibilityJWS))
        }
        if let purchaseDate {
            options.append(.purchaseDate(purchaseDate, renewalBehavior: renewalBehavior ?? .renewUntilNow))
        }
        if let billingPlanType { options.append(.billingPlanType(billingPlanType)) }
        if let simulatesAskToBuy { options.append(.simulatesAskToBuy(simulatesAskToBuy)) }
        return options
    }
}

extension [PurchaseOption] {
    /// The idempotency key among these options, if any.
    public var idempotencyKey: String? {
        for case .idempotencyKey(let key) in self { return key }
        return nil
    }
}
