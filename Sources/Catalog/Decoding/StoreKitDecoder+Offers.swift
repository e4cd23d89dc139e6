import SourceDiagnostics
import StoreCore

enum OfferKey: String, CaseIterable {
    case internalID, offerID, referenceName, paymentMode, subscriptionPeriod, numberOfPeriods, displayPrice
    case billingPlanType, eligibility, isStackable, isEligible, priority
}

extension StoreKitDecoder {
    /// The most periods an offer may run: ten times what App Store Connect allows.
    static let maximumOfferPeriods = 120

    enum BillingPlanKey: String, CaseIterable {
        case billingPlanType, displayPrice, commitmentDisplayPrice, internalID, isEnabled
    }

    /// Win-back priorities App Store Connect offers.
    static let winBackPriorities = ["normal", "high"]

    func decodeOffer(_ node: JSONDocument.Node, kind: SubscriptionOffer.OfferType) -> ConfigurationOffer? {
        guard var reader = ObjectReader<OfferKey>(context, node) else { return nil }
        let internalID = reader.string(.internalID)
        let offerID = reader.string(.offerID, required: kind == .promotional || kind == .winBack)
        let referenceName = reader.string(.referenceName, required: kind == .code)
        let mode = reader.enumeration(
            .paymentMode, as: SubscriptionOffer.PaymentMode.self, noun: "payment mode", required: true)
        let period = reader.period(.subscriptionPeriod, required: true)
        // Bounded so every offer ends at a date the store can represent and sign (the App
        // Store itself allows at most 12 periods).
        let count = reader.int(.numberOfPeriods, minimum: 1, maximum: StoreKitDecoder.maximumOfferPeriods)
        let price = reader.price(.displayPrice)
        let plan = reader.enumeration(
            .billingPlanType, as: BillingPlan.PlanType.self, noun: "billing plan type")
        let eligibility = reader.array(.eligibility).map { elements in
            elements.compactMap {
                reader.decodeEnumeration(
                    $0, as: SubscriptionOffer.CodeEligibility.self, noun: "offer code eligibility")
            }
        }
        let isStackable = reader.bool(.isStackable)
        let isEligible = reader.bool(.isEligible)
        let priority = reader.string(.priority)
        if let priority, !Self.winBackPriorities.contains(priority),
            let priorityNode = reader.lookup(.priority)
        {
            context.warning(
                ObjectReader<OfferKey>.invalidChoiceMessage(
                    priority, noun: "priority", choices: Self.winBackPriorities),
                at: priorityNode)
        }
        if let mode { checkOfferPricing(&reader, mode: mode, count: count, price: price) }
        if kind == .code, let list = reader.lookup(.eligibility), eligibility?.isEmpty == true {
            context.warning(
                "no customer can redeem this offer code; list new, existing and/or expired", at: list)
        }
        let unknown = reader.finish()
        guard let mode, let period else { return nil }
        return ConfigurationOffer(
            internalID: internalID, offerID: offerID, referenceName: referenceName, paymentMode: mode,
            subscriptionPeriod: period, numberOfPeriods: count, displayPrice: price, billingPlanType: plan,
            eligibility: eligibility, isStackable: isStackable, isEligible: isEligible, priority: priority,
            unknownFields: unknown)
    }

    /// A paid offer needs a price; pay-as-you-go needs a period count.
    private func checkOfferPricing(
        _ reader: inout ObjectReader<OfferKey>, mode: SubscriptionOffer.PaymentMode, count: Int?,
        price: CatalogPrice?
    ) {
        if mode != .freeTrial, price == nil, reader.lookup(.displayPrice) == nil {
            context.error(
                "a \(mode.rawValue) offer needs a price; add \"displayPrice\"", at: reader.node,
                key: OfferKey.displayPrice.rawValue)
        }
        if mode == .payAsYouGo, count == nil, reader.lookup(.numberOfPeriods) == nil {
            context.warning(
                "a payAsYouGo offer without numberOfPeriods lasts one period; add \"numberOfPeriods\"",
                at: reader.node,
                key: OfferKey.numberOfPeriods.rawValue)
        }
    }

    func decodeBillingPlan(_ node: JSONDocument.Node) -> ConfigurationBillingPlan? {
        guard var reader = ObjectReader<BillingPlanKey>(context, node) else { return nil }
        let type = reader.enumeration(
            .billingPlanType, as: BillingPlan.PlanType.self, noun: "billing plan type", required: true)
        let price = reader.price(.displayPrice, required: true)
        let commitment = reader.price(.commitmentDisplayPrice)
        let internalID = reader.string(.internalID)
        let isEnabled = reader.bool(.isEnabled)
        let unknown = reader.finish()
        guard let type, let price else { return nil }
        return ConfigurationBillingPlan(
            billingPlanType: type, displayPrice: price, commitmentDisplayPrice: commitment,
            internalID: internalID,
            isEnabled: isEnabled, unknownFields: unknown)
    }
}
