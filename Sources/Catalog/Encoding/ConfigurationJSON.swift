import SourceDiagnostics
import StoreCore

/// Turns configuration parts into JSON trees, with the version's rules for nulls. Keys come
/// from the decoder's key enums, so the two sides cannot drift apart.
struct ConfigurationJSON {
    let version: StoreKitConfiguration.Version
    let privateKeyPolicy: StoreKitConfigurationEncoder.PrivateKeyPolicy

    func product(_ product: ConfigurationProduct) -> JSONValue {
        .object(productMembers(product))
    }

    private func productMembers(_ product: ConfigurationProduct) -> [String: JSONValue] {
        var object = product.unknownFields
        object[ProductKey.productID.rawValue] = .string(product.productID)
        object[ProductKey.type.rawValue] = .string(product.type.rawValue)
        object[ProductKey.displayPrice.rawValue] = .string(product.displayPrice.text)
        object[ProductKey.familyShareable.rawValue] = product.familyShareable.map(JSONValue.bool)
        object[ProductKey.internalID.rawValue] = product.internalID.map(JSONValue.string)
        // Xcode always writes the reference name, null when unset (1.0 files).
        object[ProductKey.referenceName.rawValue] = product.referenceName.map(JSONValue.string) ?? .null
        object[ProductKey.localizations.rawValue] = product.localizations.map { .array($0.map(localization)) }
        return object
    }

    func localization(_ localization: ConfigurationLocalization) -> JSONValue {
        var object = localization.unknownFields
        object[LocalizationKey.locale.rawValue] = .string(localization.locale)
        object[LocalizationKey.displayName.rawValue] = localization.displayName.map(JSONValue.string)
        object[LocalizationKey.description.rawValue] = localization.description.map(JSONValue.string)
        return .object(object)
    }

    func group(_ group: ConfigurationSubscriptionGroup) -> JSONValue {
        typealias Key = StoreKitDecoder.GroupKey
        var object = group.unknownFields
        object[Key.id.rawValue] = .string(group.id)
        object[Key.name.rawValue] = group.name.map(JSONValue.string)
        object[Key.localizations.rawValue] = group.localizations.map { .array($0.map(localization)) }
        object[Key.subscriptions.rawValue] = .array(group.subscriptions.map(subscription))
        return .object(object)
    }

    func subscription(_ subscription: ConfigurationSubscription) -> JSONValue {
        var object = productMembers(subscription.product)
        object[ProductKey.groupNumber.rawValue] = .integer(subscription.groupNumber)
        object[ProductKey.recurringSubscriptionPeriod.rawValue] = .string(
            subscription.recurringSubscriptionPeriod.iso8601)
        object[ProductKey.subscriptionGroupID.rawValue] = .string(subscription.subscriptionGroupID)
        // Before 5.0 Xcode writes a missing introductory offer as null; from 5.0 it leaves the key out.
        object[ProductKey.introductoryOffer.rawValue] =
            subscription.introductoryOffer.map(offer) ?? (version.major < 5 ? .null : nil)
        object[ProductKey.introductoryOffers.rawValue] = subscription.introductoryOffers.map {
            .array($0.map(offer))
        }
        object[ProductKey.adHocOffers.rawValue] = subscription.adHocOffers.map { .array($0.map(offer)) }
        object[ProductKey.codeOffers.rawValue] = subscription.codeOffers.map { .array($0.map(offer)) }
        object[ProductKey.winbackOffers.rawValue] = subscription.winbackOffers.map { .array($0.map(offer)) }
        object[ProductKey.billingPlans.rawValue] = subscription.billingPlans.map {
            .array($0.map(billingPlan))
        }
        return .object(object)
    }

    func offer(_ offer: ConfigurationOffer) -> JSONValue {
        var object = offer.unknownFields
        object[OfferKey.internalID.rawValue] = offer.internalID.map(JSONValue.string)
        object[OfferKey.offerID.rawValue] = offer.offerID.map(JSONValue.string)
        object[OfferKey.referenceName.rawValue] = offer.referenceName.map(JSONValue.string)
        object[OfferKey.paymentMode.rawValue] = .string(offer.paymentMode.rawValue)
        object[OfferKey.subscriptionPeriod.rawValue] = .string(offer.subscriptionPeriod.iso8601)
        object[OfferKey.numberOfPeriods.rawValue] = offer.numberOfPeriods.map(JSONValue.integer)
        object[OfferKey.displayPrice.rawValue] = offer.displayPrice.map { .string($0.text) }
        object[OfferKey.billingPlanType.rawValue] = offer.billingPlanType.map { .string($0.rawValue) }
        object[OfferKey.eligibility.rawValue] = offer.eligibility.map {
            .array($0.map { .string($0.rawValue) })
        }
        object[OfferKey.isStackable.rawValue] = offer.isStackable.map(JSONValue.bool)
        object[OfferKey.isEligible.rawValue] = offer.isEligible.map(JSONValue.bool)
        object[OfferKey.priority.rawValue] = offer.priority.map(JSONValue.string)
        return .object(object)
    }

    func billingPlan(_ plan: ConfigurationBillingPlan) -> JSONValue {
        typealias Key = StoreKitDecoder.BillingPlanKey
        var object = plan.unknownFields
        object[Key.billingPlanType.rawValue] = .string(plan.billingPlanType.rawValue)
        object[Key.displayPrice.rawValue] = .string(plan.displayPrice.text)
        object[Key.commitmentDisplayPrice.rawValue] = plan.commitmentDisplayPrice.map { .string($0.text) }
        object[Key.internalID.rawValue] = plan.internalID.map(JSONValue.string)
        object[Key.isEnabled.rawValue] = plan.isEnabled.map(JSONValue.bool)
        return .object(object)
    }

    func appPolicies(_ policies: ConfigurationAppPolicies) -> JSONValue {
        typealias Key = StoreKitDecoder.PolicyKey
        var object = policies.unknownFields
        object[StoreKitDecoder.PoliciesKey.eula.rawValue] = policies.eula.map(JSONValue.string)
        object[StoreKitDecoder.PoliciesKey.policies.rawValue] = .array(
            policies.policies.map { policy in
                var entry: [String: JSONValue] = [Key.locale.rawValue: .string(policy.locale)]
                entry[Key.policyText.rawValue] = policy.policyText.map(JSONValue.string)
                entry[Key.policyURL.rawValue] = policy.policyURL.map(JSONValue.string)
                return .object(entry)
            })
        return .object(object)
    }

    func keyPair(_ pair: ConfigurationOfferKeyPair) -> JSONValue {
        var object: [String: JSONValue] = [:]
        object[StoreKitDecoder.KeyPairKey.id.rawValue] = pair.id.map(JSONValue.string)
        object[StoreKitDecoder.KeyPairKey.privateKey.rawValue] = pair.privateKey.map {
            .string(privateKeyPolicy == .keep ? $0 : "REDACTED")
        }
        return .object(object)
    }
}
