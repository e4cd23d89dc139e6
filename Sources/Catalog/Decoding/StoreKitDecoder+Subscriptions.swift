import SourceDiagnostics
import StoreCore

extension StoreKitDecoder {
    enum GroupKey: String, CaseIterable {
        case id, name, localizations, subscriptions
    }

    func decodeGroup(_ node: JSONDocument.Node) -> ConfigurationSubscriptionGroup? {
        guard var reader = ObjectReader<GroupKey>(context, node) else { return nil }
        let idNode = reader.present(.id, required: true)
        let id = reader.string(.id)
        if let id, let idNode { claim(id, at: idNode, in: &groupIDs, what: "subscription group ID") }
        let name = reader.string(.name)
        let localizations = reader.array(.localizations) { [self] in decodeLocalization($1) }
        let subscriptions =
            reader.array(.subscriptions, required: true) { [self] in decodeSubscription($1, groupID: id) }
            ?? []
        if let list = reader.lookup(.subscriptions), context.document.count(of: list) == 0 {
            context.warning("the group has no subscriptions; add one or remove the group", at: list)
        }
        let unknown = reader.finish()
        guard let id else { return nil }
        return ConfigurationSubscriptionGroup(
            id: id, name: name, localizations: localizations, subscriptions: subscriptions,
            unknownFields: unknown)
    }

    func decodeSubscription(_ node: JSONDocument.Node, groupID: String?) -> ConfigurationSubscription? {
        guard var reader = ObjectReader<ProductKey>(context, node) else { return nil }
        var product = decodeProductFields(&reader, list: .subscriptions)
        let level = reader.int(.groupNumber, required: true, minimum: 1)
        let period = reader.period(.recurringSubscriptionPeriod, required: true)
        let groupNode = reader.present(.subscriptionGroupID, required: true)
        let subscriptionGroupID = reader.string(.subscriptionGroupID)
        if let groupNode, let subscriptionGroupID, let groupID, subscriptionGroupID != groupID {
            context.error(
                "subscriptionGroupID \"\(subscriptionGroupID)\" does not match its group's id \"\(groupID)\"; set it to \"\(groupID)\"",
                at: groupNode)
        }
        let intro = reader.object(.introductoryOffer) { [self] in decodeOffer($1, kind: .introductory) }
        let intros = reader.array(.introductoryOffers) { [self] in decodeOffer($1, kind: .introductory) }
        let promotional = reader.array(.adHocOffers) { [self] in decodeOffer($1, kind: .promotional) }
        let codes = reader.array(.codeOffers) { [self] in decodeOffer($1, kind: .code) }
        let winBacks = reader.array(.winbackOffers) { [self] in decodeOffer($1, kind: .winBack) }
        let plans = reader.array(.billingPlans) { [self] in decodeBillingPlan($1) }
        checkOfferIDs(&reader)
        let unknown = reader.finish()
        product?.unknownFields = unknown
        guard let product, let level, let period, let subscriptionGroupID else { return nil }
        return ConfigurationSubscription(
            product: product, groupNumber: level, recurringSubscriptionPeriod: period,
            subscriptionGroupID: subscriptionGroupID, introductoryOffer: intro, introductoryOffers: intros,
            adHocOffers: promotional, codeOffers: codes, winbackOffers: winBacks, billingPlans: plans)
    }

    /// Offer IDs name an offer to StoreKit, so two offers of one kind may not share one.
    private func checkOfferIDs(_ reader: inout ObjectReader<ProductKey>) {
        let document = context.document
        for (key, idKey, what) in [
            (ProductKey.adHocOffers, OfferKey.offerID, "promotional offer ID"),
            (.winbackOffers, .offerID, "win-back offer ID"), (.codeOffers, .referenceName, "offer code name"),
        ] {
            guard let list = reader.lookup(key) else { continue }
            var seen: [String: JSONDocument.Node] = [:]
            for offer in document.elements(of: list) {
                guard let node = document.member(idKey.rawValue, of: offer), let id = document.string(node)
                else {
                    continue
                }
                claim(id, at: node, in: &seen, what: what)
            }
        }
    }
}
