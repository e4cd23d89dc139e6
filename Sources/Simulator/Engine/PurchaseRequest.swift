import Foundation
import StoreCore

/// A purchase's options, gathered and checked once.
struct PurchaseRequest {
    var productID: String
    var quantity = 1
    var appAccountToken: UUID?
    var promotionalOffer: (id: String, signature: PromotionalOfferSignature?)?
    var codeOfferReference: String?
    var winBackOfferID: String?
    var introductoryEligibilityOverride: Bool?
    /// The developer's signed word on introductory-offer eligibility, checked before it counts.
    var introductoryEligibilityJWS: String?
    var purchaseDate: Date?
    var renewalBehavior: PurchaseOption.RenewalBehavior?
    var billingPlanType: BillingPlan.PlanType?
    var simulatesAskToBuy: Bool?
    var idempotencyKey: String?

    init(productID: String, options: [PurchaseOption]) throws(StoreError) {
        self.productID = productID
        for option in options {
            switch option {
            case .quantity(let count): quantity = count
            case .appAccountToken(let token): appAccountToken = token
            case .promotionalOffer(let id, let signature): promotionalOffer = (id, signature)
            case .codeOffer(let reference): codeOfferReference = reference
            case .winBackOffer(let id): winBackOfferID = id
            case .introductoryOfferEligibility(let eligible): introductoryEligibilityOverride = eligible
            case .signedIntroductoryOfferEligibility(let jws): introductoryEligibilityJWS = jws
            case .purchaseDate(let date, let behavior):
                // Renewals are replayed from the purchase date to now: an unbounded past would
                // replay millions of periods (and no signed date precedes 1970).
                guard date.timeIntervalSince1970 >= 0 else {
                    throw StoreError.invalidArgument(
                        "a backdated purchase date must be 1970-01-01 or later, got \(date.timeIntervalSince1970 * 1000) ms"
                    )
                }
                purchaseDate = date
                renewalBehavior = behavior
            case .billingPlanType(let type): billingPlanType = type
            case .simulatesAskToBuy(let enabled): simulatesAskToBuy = enabled
            case .idempotencyKey(let key):
                // An empty key (an unset variable in a client) would make unrelated purchases one.
                guard !key.allSatisfy(\.isWhitespace), key.utf8.count <= 256 else {
                    throw StoreError.invalidArgument(
                        "an idempotency key must be 1 to 256 characters, not blank (got \(key.utf8.count) bytes); "
                            + "send a fresh UUID per purchase, or no Idempotency-Key at all")
                }
                idempotencyKey = key
            }
        }
        let offers = [promotionalOffer != nil, codeOfferReference != nil, winBackOfferID != nil].filter { $0 }
        if offers.count > 1 {
            throw StoreError.invalidArgument(
                "a purchase takes one offer at most: promotional, offer code or win-back, not several")
        }
    }
}
