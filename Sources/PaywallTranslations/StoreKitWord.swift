/// The words of StoreKit's value descriptions (`RenewalState`, `ExpirationReason`,
/// `SubscriptionPeriod.Unit`, both `OfferType`s, both `PaymentMode`s, `OwnershipType`,
/// `RevocationReason`): KioskStoreKit's `localizedDescription` in the store's locale. They live
/// in the paywall's String Catalog, with its rules (docs/translations.md), so one file holds
/// every word Kiosk shows and one check covers them; keys start with `storeKit`.
public enum StoreKitWord: String, CaseIterable, Sendable {
    case renewalSubscribed = "storeKitRenewalSubscribed"
    case renewalExpired = "storeKitRenewalExpired"
    case renewalBillingRetry = "storeKitRenewalBillingRetry"
    case renewalGracePeriod = "storeKitRenewalGracePeriod"
    case renewalRevoked = "storeKitRenewalRevoked"
    case expirationAutoRenewDisabled = "storeKitExpirationAutoRenewDisabled"
    case expirationBillingError = "storeKitExpirationBillingError"
    case expirationPriceIncrease = "storeKitExpirationPriceIncrease"
    case expirationProductUnavailable = "storeKitExpirationProductUnavailable"
    case expirationUnknown = "storeKitExpirationUnknown"
    case unitDay = "storeKitUnitDay"
    case unitWeek = "storeKitUnitWeek"
    case unitMonth = "storeKitUnitMonth"
    case unitYear = "storeKitUnitYear"
    case offerIntroductory = "storeKitOfferIntroductory"
    case offerPromotional = "storeKitOfferPromotional"
    case offerCode = "storeKitOfferCode"
    case offerWinBack = "storeKitOfferWinBack"
    case paymentFreeTrial = "storeKitPaymentFreeTrial"
    case paymentPayAsYouGo = "storeKitPaymentPayAsYouGo"
    case paymentPayUpFront = "storeKitPaymentPayUpFront"
    case ownershipPurchased = "storeKitOwnershipPurchased"
    case ownershipFamilyShared = "storeKitOwnershipFamilyShared"
    case revocationDeveloperIssue = "storeKitRevocationDeveloperIssue"
    case revocationOther = "storeKitRevocationOther"
}

extension PaywallTranslations {
    /// `word` in the catalog's language for `localeIdentifier`, else in English (a language the
    /// paywall does not speak), else its key (a catalog that lost it shows where).
    public static func text(_ word: StoreKitWord, localeIdentifier: String) -> String {
        catalog.value(word.rawValue, language: catalogLanguage(forLocale: localeIdentifier))
            ?? catalog.value(word.rawValue, language: catalog.sourceLanguage) ?? word.rawValue
    }
}
