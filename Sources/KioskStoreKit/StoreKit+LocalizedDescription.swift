import Foundation
import PaywallTranslations
import StoreCore

// Apple's value types carry a `localizedDescription` for showing them to the customer, in the
// customer's language. Kiosk's speak the store's locale as the session knows it (an
// `SKTestSession`'s `locale`, a catalog's or a `kiosk store set locale`'s, read at the first
// call), in the twelve languages the paywall speaks, else English; the words are the String
// Catalog's `storeKit…` keys (docs/translations.md). A raw value Apple adds later and Kiosk does
// not know is named by its number, in English.

/// The words in the store's locale.
enum SessionWords {
    /// The session's or store's locale, else the device's.
    static var localeIdentifier: String {
        StoreKitRuntime.shared.installed?.localeIdentifier ?? Locale.current.identifier
    }

    static func text(_ word: StoreKitWord) -> String {
        PaywallTranslations.text(word, localeIdentifier: localeIdentifier)
    }
}

extension Product.SubscriptionInfo.RenewalState {
    /// "Subscribed", "Expired", "In Billing Retry Period", "In Grace Period", "Revoked", in the
    /// store's locale.
    /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalstate/localizeddescription
    public var localizedDescription: String {
        switch self {
        case .subscribed: SessionWords.text(.renewalSubscribed)
        case .expired: SessionWords.text(.renewalExpired)
        case .inBillingRetryPeriod: SessionWords.text(.renewalBillingRetry)
        case .inGracePeriod: SessionWords.text(.renewalGracePeriod)
        case .revoked: SessionWords.text(.renewalRevoked)
        default: "Renewal state \(rawValue)"
        }
    }
}

extension Product.SubscriptionInfo.RenewalInfo.ExpirationReason {
    /// Why the subscription expired, in the store's locale.
    /// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/expirationreason-swift.struct/localizeddescription
    public var localizedDescription: String {
        switch self {
        case .autoRenewDisabled: SessionWords.text(.expirationAutoRenewDisabled)
        case .billingError: SessionWords.text(.expirationBillingError)
        case .didNotConsentToPriceIncrease: SessionWords.text(.expirationPriceIncrease)
        case .productUnavailable: SessionWords.text(.expirationProductUnavailable)
        case .unknown: SessionWords.text(.expirationUnknown)
        default: "Expiration reason \(rawValue)"
        }
    }
}

extension Product.SubscriptionPeriod.Unit {
    /// "Day", "Week", "Month", "Year", in the store's locale.
    /// https://developer.apple.com/documentation/storekit/product/subscriptionperiod/unit-swift.enum/localizeddescription
    public var localizedDescription: String { SessionWords.text(word) }

    /// The String Catalog's word for the unit (also `Unit.FormatStyle`'s).
    var word: StoreKitWord {
        switch self {
        case .day: .unitDay
        case .week: .unitWeek
        case .month: .unitMonth
        case .year: .unitYear
        }
    }

    var englishName: String {
        switch self {
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .year: "year"
        }
    }
}

extension Transaction.OfferType {
    /// "Introductory", "Promotional", "Offer Code", "Win-Back", in the store's locale.
    /// https://developer.apple.com/documentation/storekit/transaction/offertype-swift.struct/localizeddescription
    public var localizedDescription: String { OfferTypeNames.name(rawValue) }
}

extension Product.SubscriptionOffer.OfferType {
    /// "Introductory", "Promotional", "Offer Code", "Win-Back", in the store's locale.
    /// https://developer.apple.com/documentation/storekit/product/subscriptionoffer/offertype/localizeddescription
    public var localizedDescription: String { OfferTypeNames.name(rawValue) }
}

/// The words of both `OfferType`s, which share Apple's raw values.
private enum OfferTypeNames {
    static func name(_ rawValue: Int) -> String {
        switch rawValue {
        case 1: SessionWords.text(.offerIntroductory)
        case 2: SessionWords.text(.offerPromotional)
        case 3: SessionWords.text(.offerCode)
        case 4: SessionWords.text(.offerWinBack)
        default: "Offer type \(rawValue)"
        }
    }
}

extension Transaction.Offer.PaymentMode {
    /// "Free Trial", "Pay As You Go", "Pay Up Front", in the store's locale.
    /// https://developer.apple.com/documentation/storekit/transaction/offer-swift.struct/paymentmode-swift.struct/localizeddescription
    public var localizedDescription: String { PaymentModeNames.name(rawValue) }
}

extension Product.SubscriptionOffer.PaymentMode {
    /// "Free Trial", "Pay As You Go", "Pay Up Front", in the store's locale.
    /// https://developer.apple.com/documentation/storekit/product/subscriptionoffer/paymentmode/localizeddescription
    public var localizedDescription: String { PaymentModeNames.name(rawValue) }
}

/// The words of both `PaymentMode`s, which share Apple's raw values.
private enum PaymentModeNames {
    static func name(_ rawValue: String) -> String {
        switch rawValue {
        case "FREE_TRIAL": SessionWords.text(.paymentFreeTrial)
        case "PAY_AS_YOU_GO": SessionWords.text(.paymentPayAsYouGo)
        case "PAY_UP_FRONT": SessionWords.text(.paymentPayUpFront)
        default: rawValue
        }
    }
}

extension Transaction.OwnershipType {
    /// "Purchased", "Family Shared", in the store's locale.
    /// https://developer.apple.com/documentation/storekit/transaction/ownershiptype-swift.struct/localizeddescription
    public var localizedDescription: String {
        switch self {
        case .purchased: SessionWords.text(.ownershipPurchased)
        case .familyShared: SessionWords.text(.ownershipFamilyShared)
        default: rawValue
        }
    }
}

extension Transaction.RevocationReason {
    /// "Developer Issue", "Other", in the store's locale.
    /// https://developer.apple.com/documentation/storekit/transaction/revocationreason-swift.struct/localizeddescription
    public var localizedDescription: String {
        switch self {
        case .developerIssue: SessionWords.text(.revocationDeveloperIssue)
        case .other: SessionWords.text(.revocationOther)
        default: "Revocation reason \(rawValue)"
        }
    }
}
