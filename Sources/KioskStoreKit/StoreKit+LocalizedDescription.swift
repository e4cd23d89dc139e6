import Foundation
import StoreCore

// Apple's value types carry a `localizedDescription` for showing them to the customer. Kiosk's
// are English whatever the session's locale (docs/your-code.md, "Differences").

extension Product.SubscriptionInfo.RenewalState {
    /// "Subscribed", "Expired", "In Billing Retry Period", "In Grace Period", "Revoked".
    public var localizedDescription: String {
        switch self {
        case .subscribed: "Subscribed"
        case .expired: "Expired"
        case .inBillingRetryPeriod: "In Billing Retry Period"
        case .inGracePeriod: "In Grace Period"
        case .revoked: "Revoked"
        default: "Renewal state \(rawValue)"
        }
    }
}

extension Product.SubscriptionInfo.RenewalInfo.ExpirationReason {
    /// Why the subscription expired, in words.
    public var localizedDescription: String {
        switch self {
        case .autoRenewDisabled: "Auto-Renew Disabled"
        case .billingError: "Billing Error"
        case .didNotConsentToPriceIncrease: "Did Not Consent to Price Increase"
        case .productUnavailable: "Product Unavailable"
        case .unknown: "Unknown"
        default: "Expiration reason \(rawValue)"
        }
    }
}

extension Product.SubscriptionPeriod.Unit {
    /// "Day", "Week", "Month", "Year".
    public var localizedDescription: String { englishName.capitalized }

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
    /// "Introductory", "Promotional", "Offer Code", "Win-Back".
    public var localizedDescription: String { OfferTypeNames.name(rawValue) }
}

extension Product.SubscriptionOffer.OfferType {
    /// "Introductory", "Promotional", "Offer Code", "Win-Back".
    public var localizedDescription: String { OfferTypeNames.name(rawValue) }
}

/// The words of both `OfferType`s, which share Apple's raw values.
private enum OfferTypeNames {
    static func name(_ rawValue: Int) -> String {
        switch rawValue {
        case 1: "Introductory"
        case 2: "Promotional"
        case 3: "Offer Code"
        case 4: "Win-Back"
        default: "Offer type \(rawValue)"
        }
    }
}

extension Transaction.Offer.PaymentMode {
    /// "Free Trial", "Pay As You Go", "Pay Up Front".
    public var localizedDescription: String { PaymentModeNames.name(rawValue) }
}

extension Product.SubscriptionOffer.PaymentMode {
    /// "Free Trial", "Pay As You Go", "Pay Up Front".
    public var localizedDescription: String { PaymentModeNames.name(rawValue) }
}

/// The words of both `PaymentMode`s, which share Apple's raw values.
private enum PaymentModeNames {
    static func name(_ rawValue: String) -> String {
        switch rawValue {
        case "FREE_TRIAL": "Free Trial"
        case "PAY_AS_YOU_GO": "Pay As You Go"
        case "PAY_UP_FRONT": "Pay Up Front"
        default: rawValue
        }
    }
}

extension Transaction.OwnershipType {
    /// "Purchased", "Family Shared".
    public var localizedDescription: String {
        switch self {
        case .purchased: "Purchased"
        case .familyShared: "Family Shared"
        default: rawValue
        }
    }
}

extension Transaction.RevocationReason {
    /// "Developer Issue", "Other".
    public var localizedDescription: String {
        switch self {
        case .developerIssue: "Developer Issue"
        case .other: "Other"
        default: "Revocation reason \(rawValue)"
        }
    }
}
