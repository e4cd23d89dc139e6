import Foundation
import StoreCore

// Members Apple deprecated in favour of `offer` but still ships: older purchase code calls them,
// so they answer, and the compiler says what replaces them as Apple's SDK does.

extension Transaction {
    @available(*, deprecated, message: "Use offer.type (Apple deprecated this in iOS 17.2)")
    public var offerType: OfferType? { offer?.type }

    @available(*, deprecated, message: "Use offer.id (Apple deprecated this in iOS 17.2)")
    public var offerID: String? { offer?.id }

    @available(*, deprecated, message: "Use offer.paymentMode (Apple deprecated this in iOS 17.2)")
    public var offerPaymentModeStringRepresentation: String? { offer?.paymentMode?.rawValue }

    @available(*, deprecated, message: "Use offer.period (Apple deprecated this in iOS 18.4)")
    public var offerPeriodStringRepresentation: String? { offer?.period?.iso8601 }
}

extension Product.SubscriptionInfo.RenewalInfo {
    @available(*, deprecated, message: "Use offer.type (Apple deprecated this in iOS 18.0)")
    public var offerType: Transaction.OfferType? { offer?.type }

    @available(*, deprecated, message: "Use offer.id (Apple deprecated this in iOS 18.0)")
    public var offerID: String? { offer?.id }

    @available(*, deprecated, message: "Use offer.paymentMode (Apple deprecated this in iOS 18.0)")
    public var offerPaymentModeStringRepresentation: String? { offer?.paymentMode?.rawValue }

    @available(*, deprecated, message: "Use offer.period (Apple deprecated this in iOS 18.0)")
    public var offerPeriodStringRepresentation: String? { offer?.period?.iso8601 }
}

extension Product.SubscriptionPeriod {
    /// The period as an ISO 8601 duration ("P1M", "P3D"), the form of Apple's offer periods.
    var iso8601: String {
        switch unit {
        case .day: "P\(value)D"
        case .week: "P\(value)W"
        case .month: "P\(value)M"
        case .year: "P\(value)Y"
        }
    }
}
